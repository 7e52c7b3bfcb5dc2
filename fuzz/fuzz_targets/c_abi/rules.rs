//! Operations on rules handles: new, string, queries, clone and free.

use ::halma_rules::{Rules, Seat};
use halma_ffi::{
    halma_result, halma_rules, halma_rules_board_height, halma_rules_board_width,
    halma_rules_camp_size, halma_rules_clone, halma_rules_free, halma_rules_home_camp,
    halma_rules_new, halma_rules_seats, halma_rules_string, halma_rules_target_camp,
};
use halma_fuzz::RULES;

use super::args::{expect_code, BufOut, Slot, TextIn};
use super::model::text_vec;
use super::{Code, Ctx};

impl Ctx<'_> {
    pub(super) fn rules_new(&mut self) {
        let choice = self.bytes.u8();
        let text = if choice < 128 {
            RULES[choice as usize % RULES.len()].as_bytes().to_vec()
        } else {
            self.bytes.chunk().to_vec()
        };
        let input = TextIn::new(&text, &mut self.bytes);
        let mut out = Slot::<*mut halma_rules>::pick(&mut self.bytes);
        let expected = input
            .model_str()
            .and_then(|s| s.parse::<Rules>().map_err(|_| Code::InvalidRules));
        // SAFETY: valid text (or NULL) and an output slot.
        let code = unsafe { halma_rules_new(input.ptr(), input.len, out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        expect_code(
            code,
            &faults,
            expected.as_ref().map(|_| ()).map_err(|&e| e),
            "rules_new",
        );
        if let Some(ptr) = out.after(code) {
            let rules = expected.expect("OK");
            self.check_rules_string(ptr, &rules);
            self.keep_rules(ptr, rules);
        }
    }

    pub(super) fn check_rules_string(&mut self, ptr: *const halma_rules, rules: &Rules) {
        let mut out = BufOut::<u8>::pick(&mut self.bytes, rules.to_string().len(), 1);
        // SAFETY: a live handle and a checked buffer.
        let code = unsafe { halma_rules_string(ptr, out.buf().cast(), out.len, out.out_len.ptr()) };
        out.check(code, &Ok(text_vec(&rules.to_string())), "rules_string");
    }

    pub(super) fn rules_queries(&mut self) {
        let index = self.pick_rules();
        let ptr = self.rules_ptr(index);
        let rules = index.map(|i| self.rules[i].1.clone());
        let null = if index.is_none() {
            Err(Code::NullPointer)
        } else {
            Ok(())
        };
        match self.bytes.u8() % 4 {
            0 => match &rules {
                Some(rules) => self.check_rules_string(ptr, &rules.clone()),
                None => {
                    let mut out = BufOut::<u8>::pick(&mut self.bytes, 8, 1);
                    // SAFETY: NULL rules, a checked buffer.
                    let code = unsafe {
                        halma_rules_string(ptr, out.buf().cast(), out.len, out.out_len.ptr())
                    };
                    out.check(code, &Err(Code::NullPointer), "rules_string(NULL)");
                }
            },
            1 => {
                type Getter = unsafe extern "C" fn(*const halma_rules, *mut u32) -> halma_result;
                let getters: [(Getter, &str); 4] = [
                    (halma_rules_board_width, "width"),
                    (halma_rules_board_height, "height"),
                    (halma_rules_seats, "seats"),
                    (halma_rules_camp_size, "camp size"),
                ];
                let (getter, name) = getters[self.bytes.below(4)];
                let mut out = Slot::<u32>::pick(&mut self.bytes);
                // SAFETY: a live handle or NULL, an output slot.
                let code = unsafe { getter(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, null, name);
                if let (Some(value), Some(rules)) = (out.after(code), &rules) {
                    let expected = match name {
                        "width" => rules.geometry().width().into(),
                        "height" => rules.geometry().height().into(),
                        "seats" => rules.seats().iter().map(|s| 1u32 << s.index()).sum(),
                        _ => rules.camp_size().into(),
                    };
                    assert_eq!(value, expected, "{name}");
                }
            }
            _ => {
                let target = self.bytes.u8() & 1 == 1;
                let seat = match self.bytes.u8() % 8 {
                    0..=5 => u32::from(self.bytes.u8() % 4),
                    6 => 255,
                    _ => self.bytes.u32(),
                };
                let expected: Result<Vec<u16>, Code> = null.and_then(|()| {
                    let rules = rules.as_ref().expect("not NULL");
                    let seat = Seat::ALL
                        .into_iter()
                        .find(|s| s.index() as u32 == seat)
                        .ok_or(Code::InvalidArgument)?;
                    let camp = if target {
                        rules.target_camp(seat)
                    } else {
                        rules.home_camp(seat)
                    };
                    Ok(camp
                        .squares_sorted()
                        .iter()
                        .map(|s| s.index() as u16)
                        .collect())
                });
                let count = expected.as_ref().map_or(19, Vec::len);
                let mut out = BufOut::<u16>::pick(&mut self.bytes, count, 0);
                let f = if target {
                    halma_rules_target_camp
                } else {
                    halma_rules_home_camp
                };
                // SAFETY: a live handle or NULL, a checked buffer.
                let code = unsafe { f(ptr, seat, out.buf(), out.len, out.out_len.ptr()) };
                out.check(code, &expected, "camp");
            }
        }
    }

    pub(super) fn rules_clone_free(&mut self) {
        let index = self.pick_rules();
        if self.bytes.u8() & 1 == 0 {
            if let Some(i) = index {
                let (ptr, _) = self.rules.swap_remove(i);
                // SAFETY: a live handle, removed from the list.
                unsafe { halma_rules_free(ptr) };
            } else {
                // SAFETY: NULL is a no-op.
                unsafe { halma_rules_free(std::ptr::null_mut()) };
            }
            return;
        }
        let mut out = Slot::<*mut halma_rules>::pick(&mut self.bytes);
        // SAFETY: a live handle or NULL, an output slot.
        let code = unsafe { halma_rules_clone(self.rules_ptr(index), out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        let semantic = if index.is_some() {
            Ok(())
        } else {
            Err(Code::NullPointer)
        };
        expect_code(code, &faults, semantic, "rules_clone");
        if let Some(ptr) = out.after(code) {
            let rules = self.rules[index.expect("OK")].1.clone();
            assert_ne!(ptr, self.rules_ptr(index));
            self.check_rules_string(ptr, &rules);
            self.keep_rules(ptr, rules);
        }
    }
}

//! Game records: writing a game's record, reading records back, and the
//! queries of record handles (tags, the game).

use ::halma_rules::{read_record, write_record, Record, RESERVED_TAGS};
use halma_ffi::{
    halma_game, halma_game_write_record, halma_record, halma_record_free, halma_record_game,
    halma_record_read, halma_record_tag_count, halma_record_tag_name, halma_record_tag_value,
    halma_tag,
};

use super::args::{expect_code, BufOut, Slot, TextIn};
use super::model::text_vec;
use super::{Code, Ctx, MAX_HANDLES};

impl Ctx<'_> {
    pub(super) fn write_record(&mut self) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let count = self.bytes.u8() % 4;
        let mut names: Vec<TextIn> = Vec::new();
        let mut values: Vec<TextIn> = Vec::new();
        for _ in 0..count {
            let name = match self.bytes.u8() % 4 {
                0 => self.bytes.chunk().to_vec(),
                1 => b"Result".to_vec(),
                _ => format!("Tag{}", self.bytes.u8() % 4).into_bytes(),
            };
            names.push(TextIn::new(&name, &mut self.bytes));
            let value = self.bytes.chunk().to_vec();
            values.push(TextIn::new(&value, &mut self.bytes));
        }
        let tags: Vec<halma_tag> = names
            .iter()
            .zip(&values)
            .map(|(n, v)| halma_tag {
                name: n.ptr(),
                name_len: n.len,
                value: v.ptr(),
                value_len: v.len,
            })
            .collect();
        let (tags_ptr, tag_count) = match self.bytes.u8() % 16 {
            0 => (std::ptr::null(), tags.len()),
            1 => (tags.as_ptr(), usize::MAX / 8),
            _ => (tags.as_ptr(), tags.len()),
        };
        // The model of tags_arg, in its order.
        let model_tags = || -> Result<Vec<(String, String)>, Code> {
            if tag_count == 0 {
                return Ok(Vec::new());
            }
            if tags_ptr.is_null() {
                return Err(Code::NullPointer);
            }
            if tag_count != tags.len() {
                return Err(Code::InvalidArgument);
            }
            // Every tag's strings are read (NULL, UTF-8, NUL in a value)
            // before any name is judged, as the library does.
            let mut out: Vec<(String, String)> = Vec::new();
            for (name, value) in names.iter().zip(&values) {
                let name = name.model_str()?;
                let value = value.model_str()?;
                if value.contains('\0') {
                    return Err(Code::InvalidArgument);
                }
                out.push((name.to_owned(), value.to_owned()));
            }
            for (i, (name, _)) in out.iter().enumerate() {
                let valid = !name.is_empty()
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
                if !valid
                    || RESERVED_TAGS.contains(&name.as_str())
                    || out[..i].iter().any(|(n, _)| n == name)
                {
                    return Err(Code::InvalidArgument);
                }
            }
            Ok(out)
        };
        let expected: Result<String, Code> = match &game {
            None => Err(Code::NullPointer),
            Some(game) => model_tags().map(|tags| {
                let borrowed: Vec<(&str, &str)> =
                    tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
                write_record(game, &borrowed).expect("the model checked the tags")
            }),
        };
        let count_hint = expected.as_ref().map_or(40, String::len);
        let mut out = BufOut::<u8>::pick(&mut self.bytes, count_hint, 1);
        // SAFETY: a live game or NULL, tags as described, a checked buffer.
        let code = unsafe {
            halma_game_write_record(
                self.game_ptr(index),
                tags_ptr,
                tag_count,
                out.buf().cast(),
                out.len,
                out.out_len.ptr(),
            )
        };
        let expected_bytes = expected.as_ref().map(|s| text_vec(s)).map_err(|&e| e);
        out.check(code, &expected_bytes, "write_record");
        self.check_game_error(index, code);
        if code == Code::Ok {
            self.written = expected.ok();
        }
    }

    pub(super) fn record_read(&mut self) {
        let choice = self.bytes.u8();
        let text: Vec<u8> = match (&self.written, choice % 4) {
            (Some(written), 0 | 1) => written.as_bytes().to_vec(),
            (Some(written), 2) => {
                // A written record with a few bytes changed.
                let mut text = written.as_bytes().to_vec();
                for _ in 0..1 + self.bytes.u8() % 3 {
                    if text.is_empty() {
                        break;
                    }
                    let at = self.bytes.u16() as usize % text.len();
                    text[at] = self.bytes.u8();
                }
                text
            }
            _ => {
                let n = self.bytes.u16() as usize % 2048;
                self.bytes.take(n).to_vec()
            }
        };
        let input = TextIn::new(&text, &mut self.bytes);
        let mut out = Slot::<*mut halma_record>::pick(&mut self.bytes);
        let expected: Result<Record, Code> = input
            .model_str()
            .and_then(|t| read_record(t).map_err(|_| Code::InvalidRecord));
        // SAFETY: text or NULL, an output slot.
        let code = unsafe { halma_record_read(input.ptr(), input.len, out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        expect_code(
            code,
            &faults,
            expected.as_ref().map(|_| ()).map_err(|&e| e),
            "record_read",
        );
        let Some(ptr) = out.after(code) else { return };
        let record = expected.expect("OK");
        // The tags, one by one.
        let mut n = 0usize;
        // SAFETY: a live record, a valid output.
        assert_eq!(unsafe { halma_record_tag_count(ptr, &mut n) }, Code::Ok);
        assert_eq!(n, record.tags.len());
        for _ in 0..self.bytes.u8() % 3 {
            let index = match self.bytes.u8() % 8 {
                0 => usize::MAX - self.bytes.u8() as usize,
                _ => self.bytes.u8() as usize % (n + 1),
            };
            let value = self.bytes.u8() & 1 == 1;
            let expected: Result<Vec<u8>, Code> = record
                .tags
                .get(index)
                .map(|(name, text)| text_vec(if value { text } else { name }))
                .ok_or(Code::InvalidArgument);
            let count = expected.as_ref().map_or(4, Vec::len);
            let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
            let f = if value {
                halma_record_tag_value
            } else {
                halma_record_tag_name
            };
            // SAFETY: a live record, a checked buffer.
            let code = unsafe { f(ptr, index, out.buf().cast(), out.len, out.out_len.ptr()) };
            out.check(code, &expected, "record tag");
        }
        // Its game.
        let mut game_out = Slot::<*mut halma_game>::pick(&mut self.bytes);
        // SAFETY: a live record, an output slot.
        let code = unsafe { halma_record_game(ptr, game_out.ptr()) };
        let faults: Vec<Code> = game_out.mode.fault().into_iter().collect();
        expect_code(code, &faults, Ok(()), "record_game");
        let game_ptr = game_out.after(code);
        if self.bytes.u8() & 1 == 0 || self.records.len() >= MAX_HANDLES {
            // SAFETY: a live record, freed once; games taken from it stay valid.
            unsafe { halma_record_free(ptr) };
        } else {
            self.records.push((ptr, record.clone()));
        }
        if let Some(game_ptr) = game_ptr {
            self.keep_game(game_ptr, record.game);
        }
    }

    pub(super) fn record_handles(&mut self) {
        let index = if self.records.is_empty() || self.bytes.u8() == 255 {
            None
        } else {
            Some(self.bytes.below(self.records.len()))
        };
        let ptr = index.map_or(std::ptr::null_mut(), |i| self.records[i].0);
        match self.bytes.u8() % 3 {
            0 => {
                if let Some(i) = index {
                    self.records.swap_remove(i);
                }
                // SAFETY: a live record removed from the list, or NULL.
                unsafe { halma_record_free(ptr) };
            }
            1 => {
                let mut out = Slot::<usize>::pick(&mut self.bytes);
                // SAFETY: a live record or NULL, an output slot.
                let code = unsafe { halma_record_tag_count(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "tag_count");
                if let Some(n) = out.after(code) {
                    assert_eq!(n, self.records[index.unwrap()].1.tags.len());
                }
            }
            _ => {
                let mut out = Slot::<*mut halma_game>::pick(&mut self.bytes);
                // SAFETY: a live record or NULL, an output slot.
                let code = unsafe { halma_record_game(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "record_game");
                if let Some(game_ptr) = out.after(code) {
                    let game = self.records[index.unwrap()].1.game.clone();
                    self.keep_game(game_ptr, game);
                }
            }
        }
    }
}

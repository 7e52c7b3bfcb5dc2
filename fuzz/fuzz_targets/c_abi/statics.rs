//! Squares, seats, result messages and the version: the functions without handles.

use std::ffi::CStr;

use ::halma_rules::{Seat, Square};
use halma_ffi::{
    halma_game_last_error, halma_last_error, halma_result_message, halma_seat_name,
    halma_square_name, halma_square_parse, halma_version,
};

use super::args::{expect_code, last_error, BufOut, Slot, TextIn};
use super::model::text_vec;
use super::{Code, Ctx};

impl Ctx<'_> {
    pub(super) fn squares_and_statics(&mut self) {
        match self.bytes.u8() % 4 {
            0 => {
                let index = match self.bytes.u8() % 4 {
                    0 => self.bytes.u16(),
                    _ => u16::from(self.bytes.u8()),
                };
                let expected = Square::from_index(index.into())
                    .map(|s| text_vec(&s.to_string()))
                    .ok_or(Code::InvalidArgument);
                let mut out = BufOut::<u8>::pick(&mut self.bytes, 3, 1);
                // SAFETY: a checked buffer.
                let code = unsafe {
                    halma_square_name(index, out.buf().cast(), out.len, out.out_len.ptr())
                };
                out.check(code, &expected, "square_name");
            }
            1 => {
                let text = match self.bytes.u8() % 2 {
                    0 => Square::from_index(self.bytes.u8().into())
                        .expect("a square")
                        .to_string()
                        .into_bytes(),
                    _ => self.bytes.chunk().to_vec(),
                };
                let input = TextIn::new(&text, &mut self.bytes);
                let mut out = Slot::<u16>::pick(&mut self.bytes);
                let expected = input.model_str().and_then(|t| {
                    t.parse::<Square>()
                        .map(|s| s.index() as u16)
                        .map_err(|_| Code::InvalidArgument)
                });
                // SAFETY: text or NULL, an output slot.
                let code = unsafe { halma_square_parse(input.ptr(), input.len, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, expected.map(|_| ()), "square_parse");
                if let Some(value) = out.after(code) {
                    assert_eq!(Ok(value), expected);
                    let name = Square::from_index(value.into()).unwrap().to_string();
                    assert_eq!(name.as_bytes(), &text[..input.len], "canonical square");
                }
            }
            2 => {
                let value = self.bytes.u32();
                for v in [value, value % 16] {
                    // SAFETY: a static string for any value.
                    let message = unsafe { CStr::from_ptr(halma_result_message(v)) };
                    assert!(!message.to_bytes().is_empty());
                    let seat = halma_seat_name(v);
                    if v < 4 {
                        // SAFETY: a static string for seats 0 to 3.
                        let name = unsafe { CStr::from_ptr(seat) };
                        assert_eq!(name.to_str().unwrap(), Seat::ALL[v as usize].name());
                    } else {
                        assert!(seat.is_null());
                    }
                }
                // SAFETY: a static string.
                let version = unsafe { CStr::from_ptr(halma_version()) };
                assert!(!version.to_bytes().is_empty());
            }
            _ => {
                // The last-error functions: their own failures are not recorded.
                let before = last_error();
                let game = self.pick_game();
                let thread = game.is_none() && self.bytes.u8() & 1 == 0;
                let expected: Result<Vec<u8>, Code> = match game {
                    _ if thread => Ok(text_vec(&before)),
                    None => Err(Code::NullPointer),
                    Some(i) => {
                        let mut buf = vec![0u8; 4096];
                        let mut len = 0usize;
                        // SAFETY: a live game, a large buffer.
                        let code = unsafe {
                            halma_game_last_error(
                                self.games[i].0,
                                buf.as_mut_ptr().cast(),
                                buf.len(),
                                &mut len,
                            )
                        };
                        assert_eq!(code, Code::Ok);
                        Ok(buf[..len].to_vec())
                    }
                };
                let count = expected.as_ref().map_or(0, Vec::len);
                let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
                out.quiet = true;
                // SAFETY: a live game or NULL, a checked buffer.
                let code = unsafe {
                    if thread {
                        halma_last_error(out.buf().cast(), out.len, out.out_len.ptr())
                    } else {
                        halma_game_last_error(
                            self.game_ptr(game),
                            out.buf().cast(),
                            out.len,
                            out.out_len.ptr(),
                        )
                    }
                };
                out.check(code, &expected, "last_error");
                assert_eq!(
                    last_error(),
                    before,
                    "a last-error call changed the last error"
                );
            }
        }
    }
}

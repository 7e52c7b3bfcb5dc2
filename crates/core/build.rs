//! Writes the long-jump landing table that `src/lines.rs` includes: for
//! every position `p` on a line of 16 squares and every set of blocked
//! squares of that line, the landings of the segments from `p` (RULES.md
//! section 4: the first blocked square is the jumped piece, `j` squares
//! away, and the `j` squares beyond it, the landing last, are not blocked).
//!
//! A line's squares are numbered 0 to 15 and stored "by parity": square `q`
//! is bit `q / 2 + 8 * (q % 2)` of the 16-bit index, so that the even and
//! the odd squares of a line, which lie in two different parity classes of
//! the board's layout, are one byte each. A landing is an even distance from
//! `p`, so the landings are one byte: bit `q / 2` for a landing on `q`.
//! Built here rather than at run time, so that no program pays for the
//! 16 x 65 536 entries before its first move.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut table = vec![0u8; 16 << 16];
    for p in 0..16i32 {
        for index in 0..1u32 << 16 {
            let blocked = |q: i32| index >> ((q >> 1) + 8 * (q & 1)) & 1 != 0;
            let on_line = |q: i32| (0..16).contains(&q);
            let mut landings = 0u8;
            for step in [-1i32, 1] {
                let mut half = 1;
                while on_line(p + step * half) && !blocked(p + step * half) {
                    half += 1;
                }
                let landing = p + step * 2 * half;
                // No blocked square before the end of the line, or a
                // landing beyond it.
                if !on_line(landing) {
                    continue;
                }
                if (half + 1..=2 * half).all(|t| !blocked(p + step * t)) {
                    landings |= 1 << (landing >> 1);
                }
            }
            table[(p as usize) << 16 | index as usize] = landings;
        }
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("line_landings.bin"), table).expect("OUT_DIR is writable");
}

//! What the property tests share.

#[allow(dead_code)]
pub mod oracle;
pub mod perft_cases;
#[allow(dead_code)]
pub mod positions;

use halma_rules::{Preset, Rules, Spoil};

/// The rules of `rules_of` with the options of `flags` added: bit 0
/// home-lock, bit 1 forced-exit, bit 2 jump-continue.
#[allow(dead_code)]
pub fn rules_with(
    preset: usize,
    long_jumps: bool,
    camp_lock: bool,
    spoil: usize,
    flags: u8,
) -> Rules {
    let base = rules_of(preset, long_jumps, camp_lock, spoil);
    Rules::builder(base.preset())
        .options(base.options())
        .home_lock(flags & 1 != 0)
        .forced_exit(flags & 2 != 0)
        .jump_continue(flags & 4 != 0)
        .build()
        .expect("no preset has these options itself")
}

/// Rules for a preset index and option bits (long-jumps, camp-lock, spoil
/// index 0 none, 1 fill, 2 swap): every combination the rule book allows.
pub fn rules_of(preset: usize, long_jumps: bool, camp_lock: bool, spoil: usize) -> Rules {
    let spoil = [Spoil::None, Spoil::Fill, Spoil::Swap][spoil];
    let preset = Preset::ALL[preset];
    // A preset's own long jumps cannot be turned off.
    Rules::builder(preset)
        .long_jumps(long_jumps || preset.long_jumps())
        .camp_lock(camp_lock)
        .spoil(spoil)
        .build()
        .expect("no option turned off that the preset has")
}

//! What the property tests share.

use halma_rules::{Preset, Rules, Spoil};

/// Rules for a preset index and option bits (long-jumps, camp-lock, spoil
/// index 0 none, 1 fill, 2 swap): every combination the rule book allows.
pub fn rules_of(preset: usize, long_jumps: bool, camp_lock: bool, spoil: usize) -> Rules {
    let spoil = [Spoil::None, Spoil::Fill, Spoil::Swap][spoil];
    Rules::builder(Preset::ALL[preset])
        .long_jumps(long_jumps)
        .camp_lock(camp_lock)
        .spoil(spoil)
        .build()
}

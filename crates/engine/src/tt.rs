//! The transposition table: search results keyed by Zobrist hash, shared
//! between search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the key XOR the data, and the data. A
//! reader accepts an entry only when `key ^ data` matches its own key, so an
//! entry torn by two threads writing at once is simply not found (the
//! "lockless hashing" of Hyatt and Mann), and no `unsafe` is needed.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::movecode::MoveCode;

/// Hash size used when none is asked for, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest hash size in MiB: [`crate::HashSize`] refuses more, and a table
/// asked for more directly is capped to it (never allocated).
pub const MAX_HASH_MIB: usize = 4096;

/// Bytes per entry.
const ENTRY_BYTES: usize = 16;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best (or refuting) move found, if any.
    pub best: Option<MoveCode>,
    /// The score, from the point of view of the side to move at the node.
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How the score bounds the true value.
    pub bound: Bound,
}

/// A fixed-size, thread-shared transposition table.
pub struct TranspositionTable {
    entries: Vec<[AtomicU64; 2]>,
    mask: u64,
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} entries)", self.entries.len())
    }
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (capped to [`MAX_HASH_MIB`], at least one
    /// entry): the largest power-of-two number of entries that fits.
    pub fn new(mib: usize) -> TranspositionTable {
        // In u64: on a 32-bit target (wasm32) 4096 MiB is 2^32 bytes, past usize.
        let bytes = (mib.min(MAX_HASH_MIB) as u64) << 20;
        let mut count = 1usize;
        while count as u64 * 2 * ENTRY_BYTES as u64 <= bytes {
            count *= 2;
        }
        let mut entries = Vec::new();
        // Should memory run out, settle for a smaller table instead of aborting.
        while entries.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        entries.resize_with(count, || [AtomicU64::new(0), AtomicU64::new(0)]);
        TranspositionTable {
            entries,
            mask: count as u64 - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries (never: it holds at least one).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Size in MiB (rounded down).
    pub fn size_mib(&self) -> usize {
        (self.entries.len() * ENTRY_BYTES) >> 20
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for entry in &self.entries {
            entry[0].store(0, Ordering::Relaxed);
            entry[1].store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = &self.entries[(key & self.mask) as usize];
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        Some(unpack(data))
    }

    /// Stores a result for `key`, replacing the slot's entry unless that one
    /// is from this search, for another key, and deeper.
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry) {
        let slot = &self.entries[(key & self.mask) as usize];
        let generation = self.generation.load(Ordering::Relaxed);
        let old_data = slot[1].load(Ordering::Relaxed);
        if old_data != 0 {
            let old_key = slot[0].load(Ordering::Relaxed) ^ old_data;
            let old = unpack(old_data);
            let old_generation = (old_data >> 56) as u8;
            if old_key == key {
                // Keep the old move when the new result has none.
                let entry = TtEntry {
                    best: entry.best.or(old.best),
                    ..entry
                };
                if entry.depth + 2 < old.depth && entry.bound != Bound::Exact {
                    return;
                }
                let data = pack(entry, generation);
                slot[0].store(key ^ data, Ordering::Relaxed);
                slot[1].store(data, Ordering::Relaxed);
                return;
            }
            if old_generation == generation && old.depth > entry.depth + 1 {
                return;
            }
        }
        let data = pack(entry, generation);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Per mille of a sample of slots that hold an entry of the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let data = e[1].load(Ordering::Relaxed);
                data != 0 && (data >> 56) as u8 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Layout: move 0..22, depth 22..30, bound 30..32, score 32..48, always-set
/// bit 48 (so that data is never 0), generation 56..64.
fn pack(entry: TtEntry, generation: u8) -> u64 {
    let mv = entry.best.map_or(0, |m| m.0 as u64) & 0x3F_FFFF;
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | (entry.depth as u64) << 22
        | bound << 30
        | ((entry.score as i16 as u16) as u64) << 32
        | 1 << 48
        | (generation as u64) << 56
}

fn unpack(data: u64) -> TtEntry {
    let mv = (data & 0x3F_FFFF) as u32;
    TtEntry {
        best: (mv != 0).then_some(MoveCode(mv)),
        depth: (data >> 22) as u8,
        bound: match (data >> 30) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        score: (data >> 32) as u16 as i16 as i32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let table = TranspositionTable::new(1);
        assert_eq!(table.len(), 1 << 16);
        let entry = TtEntry {
            best: Some(MoveCode(0x12345)),
            score: -29_990,
            depth: 17,
            bound: Bound::Lower,
        };
        table.store(0xDEAD_BEEF, entry);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(entry));
        assert_eq!(table.probe(0xDEAD_BEEF ^ (1 << 40)), None);
        table.clear();
        assert_eq!(table.probe(0xDEAD_BEEF), None);
    }

    #[test]
    fn huge_requests_are_capped_not_allocated() {
        // A terabyte asked for: capped to MAX_HASH_MIB; check the arithmetic only
        // on a small request to keep the test light.
        assert_eq!(TranspositionTable::new(0).len(), 1);
        assert_eq!(TranspositionTable::new(3).size_mib(), 2);
        let bytes = (1usize << 40).clamp(0, MAX_HASH_MIB) << 20;
        assert_eq!(bytes, MAX_HASH_MIB << 20);
    }
}

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

/// Entries filled at a time by [`TranspositionTable::fill_chunk`]: 16 MiB,
/// some 15 to 40 ms of first writes to fresh memory, so that a stop is never
/// kept waiting longer.
pub const FILL_CHUNK_ENTRIES: usize = (16 << 20) / ENTRY_BYTES;

/// A fixed-size, thread-shared transposition table.
///
/// Its memory is reserved at once but written (which is what makes the
/// system provide it: about a second per GiB) a chunk at a time by
/// [`fill_chunk`](TranspositionTable::fill_chunk), so that whoever fills it
/// can stop between chunks and report progress. Until it is whole, the
/// table works at the largest power-of-two number of entries filled so far.
pub struct TranspositionTable {
    /// The entries filled so far; its capacity is the whole table.
    entries: Vec<[AtomicU64; 2]>,
    /// Entries of the whole table (a power of two).
    size: usize,
    /// The entries in use, minus one: a power of two, at most the filled ones.
    mask: u64,
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TranspositionTable({} of {} entries filled)",
            self.entries.len(),
            self.size
        )
    }
}

impl TranspositionTable {
    /// A whole table of at most `mib` MiB (capped to [`MAX_HASH_MIB`], at
    /// least one entry): the largest power-of-two number of entries that
    /// fits, filled before it is returned.
    #[cfg(test)]
    pub fn new(mib: usize) -> TranspositionTable {
        let mut table = TranspositionTable::reserved(mib);
        while !table.fill_chunk() {}
        table
    }

    /// A table of at most `mib` MiB (capped to [`MAX_HASH_MIB`], at least
    /// one entry), with its memory reserved but only its first chunk filled (the rest is filled by
    /// [`fill_chunk`](TranspositionTable::fill_chunk)); it can be used at once.
    pub fn reserved(mib: usize) -> TranspositionTable {
        // In u64: on a 32-bit target (wasm32) 4096 MiB is 2^32 bytes, past usize.
        let bytes = (mib.min(MAX_HASH_MIB) as u64) << 20;
        let mut size = 1usize;
        while size as u64 * 2 * ENTRY_BYTES as u64 <= bytes {
            size *= 2;
        }
        let mut entries = Vec::new();
        // Should memory run out, settle for a smaller table instead of aborting.
        while entries.try_reserve_exact(size).is_err() && size > 1 {
            size /= 2;
        }
        let mut table = TranspositionTable {
            entries,
            size,
            mask: 0,
            generation: AtomicU8::new(0),
        };
        table.fill_chunk();
        table
    }

    /// Fills the next chunk of at most [`FILL_CHUNK_ENTRIES`] entries;
    /// returns whether the table is whole.
    pub fn fill_chunk(&mut self) -> bool {
        let end = self.size.min(self.entries.len() + FILL_CHUNK_ENTRIES);
        // Within the capacity reserved: no reallocation.
        self.entries
            .resize_with(end, || [AtomicU64::new(0), AtomicU64::new(0)]);
        // The largest power of two filled.
        let used = 1usize << (usize::BITS - 1 - end.max(1).leading_zeros());
        self.mask = used as u64 - 1;
        self.is_whole()
    }

    /// Whether every entry is filled (the table works at its full size).
    pub fn is_whole(&self) -> bool {
        self.entries.len() == self.size
    }

    /// Number of entries in use (a power of two; all of them once whole).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.mask as usize + 1
    }

    /// Size of the whole table in MiB (rounded down).
    pub fn size_mib(&self) -> usize {
        (self.size * ENTRY_BYTES) >> 20
    }

    /// MiB filled so far (rounded down).
    pub fn filled_mib(&self) -> usize {
        (self.entries.len() * ENTRY_BYTES) >> 20
    }

    /// Forgets every entry: the table is emptied back to its first chunk,
    /// and the rest is filled again by [`fill_chunk`](TranspositionTable::fill_chunk)
    /// (the memory stays reserved), so that forgetting a large table costs
    /// no wait either.
    pub fn clear(&mut self) {
        self.entries.truncate(0);
        self.generation.store(0, Ordering::Relaxed);
        self.fill_chunk();
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
        let mut table = TranspositionTable::new(1);
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
    fn a_table_filled_in_chunks_works_at_every_step() {
        let mut table = TranspositionTable::reserved(64);
        assert_eq!(table.size_mib(), 64);
        assert_eq!(table.filled_mib(), 16);
        assert_eq!(table.len(), FILL_CHUNK_ENTRIES);
        assert!(!table.is_whole());
        let entry = TtEntry {
            best: None,
            score: 5,
            depth: 3,
            bound: Bound::Exact,
        };
        // Keys in the part in use, and beyond it (found once the mask grows).
        let keys = [7u64, (FILL_CHUNK_ENTRIES as u64) * 3 + 9, u64::MAX];
        for key in keys {
            table.store(key, entry);
            assert_eq!(table.probe(key), Some(entry));
        }
        // 32 MiB filled: the mask doubles; 48 MiB: still 32 in use.
        assert!(!table.fill_chunk());
        assert_eq!(table.len(), 2 * FILL_CHUNK_ENTRIES);
        assert!(!table.fill_chunk());
        assert_eq!(
            (table.filled_mib(), table.len()),
            (48, 2 * FILL_CHUNK_ENTRIES)
        );
        assert!(table.fill_chunk());
        assert_eq!(table.len(), 4 * FILL_CHUNK_ENTRIES);
        // An entry moved to another slot by the growth is a miss, never a
        // wrong hit; stored again, it is found.
        for key in keys {
            assert!(table.probe(key).is_none_or(|found| found == entry));
            table.store(key, entry);
            assert_eq!(table.probe(key), Some(entry));
        }
        table.clear();
        assert_eq!((table.filled_mib(), table.size_mib()), (16, 64));
        for key in keys {
            assert_eq!(table.probe(key), None);
        }
        assert_eq!(TranspositionTable::new(64).len(), 4 * FILL_CHUNK_ENTRIES);
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

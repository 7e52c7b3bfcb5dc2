//! The transposition table of hashed perft: counts of subtrees keyed by
//! position hash and remaining depth, shared by threads without locks.
//!
//! Each entry is two 64-bit words written independently: `data` (the count
//! and the depth) and `check`, the position hash XORed with `data`. A probe
//! accepts an entry only when `check ^ data` is the full 64-bit hash asked for
//! and the depth matches, so an entry torn by two threads writing at once
//! (one word from each) fails the check instead of giving a wrong count. This
//! is the lock-free scheme of chess engines' shared hash tables (Hyatt and
//! Mann); it needs no `unsafe` and no lock on the hot path.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};

use halma_core::{Position, SeatSet};
use thiserror::Error;

use crate::Rules;

/// Bits of `data` holding the depth; the count takes the rest.
const DEPTH_BITS: u32 = 8;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;
/// The largest count an entry holds: larger counts are not stored (no perft
/// that finishes comes near 2^56 leaves).
const MAX_STORED_COUNT: u64 = u64::MAX >> DEPTH_BITS;

/// Why a [`PerftTable`] could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PerftTableError {
    /// The size is outside [`PerftTable::MIN_MEGABYTES`]..=[`PerftTable::MAX_MEGABYTES`].
    #[error("perft table size {megabytes} MiB is out of range: the size must be from {min} to {max} MiB")]
    SizeOutOfRange {
        /// The size asked for, in MiB.
        megabytes: usize,
        /// [`PerftTable::MIN_MEGABYTES`].
        min: usize,
        /// [`PerftTable::MAX_MEGABYTES`].
        max: usize,
    },
    /// The allocator refused the memory (or the size does not fit this
    /// machine's address space).
    #[error("cannot allocate {bytes} bytes for the perft table: not enough memory")]
    OutOfMemory {
        /// The size asked for, in bytes.
        bytes: u64,
    },
}

/// One stored count: see the module documentation for the two words.
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// Two entries in 32 bytes, so that a bucket never straddles a cache line:
/// the first keeps the deepest subtree seen (the most work saved), the
/// second the most recent one.
#[derive(Default)]
#[repr(C, align(32))]
struct Bucket([Entry; 2]);

/// The size of a [`Bucket`].
const BUCKET_BYTES: u64 = std::mem::size_of::<Bucket>() as u64;

/// What a table's counts are valid for: the rules, and the seats in play
/// (which set the turn order; the position hash does not cover them).
#[derive(Clone, PartialEq)]
struct Owner {
    rules: Rules,
    seats: SeatSet,
}

/// A transposition table for a perft
/// ([`PerftOptions::table`](crate::PerftOptions::table)): the count of every
/// subtree of depth 2 or more, keyed by the position's 64-bit Zobrist hash
/// (pieces of every seat and the side to move) and the remaining depth, both
/// checked on every probe.
///
/// A table remembers the rules (and seats in play) it was filled under and
/// is cleared when a perft runs under others, so it can be reused across
/// runs of the same rules (counts found earlier are reused) but never gives
/// counts of other rules. Counts are exact unless two positions reached in
/// one run share a 64-bit hash, which has a probability of about
/// `entries x probes / 2^64`.
pub struct PerftTable {
    buckets: Vec<Bucket>,
    megabytes: usize,
    owner: Option<Owner>,
}

impl PerftTable {
    /// The smallest table, in MiB.
    pub const MIN_MEGABYTES: usize = 1;
    /// The largest table, in MiB (64 GiB).
    pub const MAX_MEGABYTES: usize = 65536;

    /// A table of `megabytes` MiB (2^20 bytes), every entry empty.
    ///
    /// The memory is written once here, so it is committed up front: a
    /// table larger than free memory fails here or (where the system
    /// overcommits) makes the system short of memory, so ask for less than
    /// the machine has.
    ///
    /// # Errors
    /// [`PerftTableError::SizeOutOfRange`] when `megabytes` is outside
    /// [`MIN_MEGABYTES`](PerftTable::MIN_MEGABYTES)..=[`MAX_MEGABYTES`](PerftTable::MAX_MEGABYTES);
    /// [`PerftTableError::OutOfMemory`] when the allocation fails.
    pub fn new(megabytes: usize) -> Result<PerftTable, PerftTableError> {
        if !(Self::MIN_MEGABYTES..=Self::MAX_MEGABYTES).contains(&megabytes) {
            return Err(PerftTableError::SizeOutOfRange {
                megabytes,
                min: Self::MIN_MEGABYTES,
                max: Self::MAX_MEGABYTES,
            });
        }
        // Within the range, megabytes x 2^20 fits in a u64.
        let bytes = megabytes as u64 * (1 << 20);
        let buckets = bytes / BUCKET_BYTES;
        let mut table = PerftTable::allocate(usize::try_from(buckets).ok(), bytes)?;
        table.megabytes = megabytes;
        Ok(table)
    }

    /// A table of `buckets` buckets of two entries each: a tiny one forces
    /// replacements, which is how tests check that they keep counts exact.
    ///
    /// # Errors
    /// [`PerftTableError::OutOfMemory`] when the allocation fails.
    pub fn with_buckets(buckets: NonZeroUsize) -> Result<PerftTable, PerftTableError> {
        let bytes = (buckets.get() as u64).saturating_mul(BUCKET_BYTES);
        PerftTable::allocate(Some(buckets.get()), bytes)
    }

    /// `buckets` empty buckets (`None`: more than the address space holds),
    /// `bytes` in all; a refusal of the allocator is an error, not an abort.
    fn allocate(buckets: Option<usize>, bytes: u64) -> Result<PerftTable, PerftTableError> {
        let out_of_memory = PerftTableError::OutOfMemory { bytes };
        let count = buckets.ok_or(out_of_memory)?;
        let mut table = Vec::new();
        table.try_reserve_exact(count).map_err(|_| out_of_memory)?;
        table.resize_with(count, Bucket::default);
        Ok(PerftTable {
            buckets: table,
            megabytes: 0,
            owner: None,
        })
    }

    /// The size asked for, in MiB (0 for a table made by bucket count).
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// How many counts the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.owner = None;
    }

    /// Makes the table fit for a perft of `position` under `rules`: cleared
    /// if it was filled under other rules or seats.
    pub(crate) fn prepare(&mut self, rules: &Rules, position: &Position) {
        let owner = Owner {
            rules: rules.clone(),
            seats: position.seats(),
        };
        if self.owner.as_ref() != Some(&owner) {
            if self.owner.is_some() {
                self.clear();
            }
            self.owner = Some(owner);
        }
    }

    /// The bucket of (`hash`, `depth`): the depth is mixed in so that the
    /// counts of one position at several depths go to different buckets.
    #[inline]
    fn bucket(&self, hash: u64, depth: u32) -> &Bucket {
        let key = hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // Multiply-shift maps the key onto any table length, not only powers of two.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The count stored for `hash` at `depth`, if any.
    #[inline]
    pub(crate) fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let wanted = u64::from(depth);
        self.bucket(hash, depth).0.iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            (check ^ data == hash && data & DEPTH_MASK == wanted).then_some(data >> DEPTH_BITS)
        })
    }

    /// Stores `count` for `hash` at `depth`: in the first entry when it is at
    /// least as deep as the one there (which moves to the second), else in
    /// the second.
    #[inline]
    pub(crate) fn store(&self, hash: u64, depth: u32, count: u64) {
        if count > MAX_STORED_COUNT {
            return;
        }
        let data = count << DEPTH_BITS | u64::from(depth);
        let [deep, recent] = &self.bucket(hash, depth).0;
        let old_data = deep.data.load(Ordering::Relaxed);
        let (target, moved) = if old_data & DEPTH_MASK <= u64::from(depth) {
            (deep, Some((deep.check.load(Ordering::Relaxed), old_data)))
        } else {
            (recent, None)
        };
        if let Some((old_check, old_data)) = moved {
            // A torn pair moved here still fails its check: harmless.
            recent.check.store(old_check, Ordering::Relaxed);
            recent.data.store(old_data, Ordering::Relaxed);
        }
        target.check.store(hash ^ data, Ordering::Relaxed);
        target.data.store(data, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable")
            .field("megabytes", &self.megabytes)
            .field("capacity", &self.capacity())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny(buckets: usize) -> PerftTable {
        PerftTable::with_buckets(NonZeroUsize::new(buckets).expect("non-zero")).expect("allocated")
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        for megabytes in [0, PerftTable::MAX_MEGABYTES + 1, usize::MAX] {
            assert_eq!(
                PerftTable::new(megabytes).map(|_| ()),
                Err(PerftTableError::SizeOutOfRange {
                    megabytes,
                    min: 1,
                    max: 65536
                })
            );
        }
    }

    #[test]
    fn a_megabyte_holds_sixty_five_thousand_counts() {
        let table = PerftTable::new(1).expect("1 MiB");
        assert_eq!(table.capacity(), (1 << 20) / 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 32);
    }

    #[test]
    fn a_table_larger_than_the_address_space_is_an_error() {
        assert_eq!(
            PerftTable::with_buckets(NonZeroUsize::MAX).map(|_| ()),
            Err(PerftTableError::OutOfMemory { bytes: u64::MAX })
        );
    }

    #[test]
    fn a_count_is_found_only_under_its_hash_and_depth() {
        let table = tiny(64);
        table.store(0x1234_5678_9ABC_DEF0, 3, 777);
        assert_eq!(table.probe(0x1234_5678_9ABC_DEF0, 3), Some(777));
        assert_eq!(table.probe(0x1234_5678_9ABC_DEF0, 4), None);
        assert_eq!(table.probe(0x1234_5678_9ABC_DEF1, 3), None);
        // An empty entry (all zero bits) matches no hash, not even 0.
        assert_eq!(tiny(1).probe(0, 2), None);
    }

    #[test]
    fn one_bucket_keeps_the_deepest_and_the_latest() {
        let table = tiny(1);
        table.store(1, 5, 50);
        table.store(2, 3, 30);
        table.store(3, 2, 20);
        assert_eq!(table.probe(1, 5), Some(50), "the deepest stays");
        assert_eq!(
            table.probe(2, 3),
            None,
            "replaced by a later shallower count"
        );
        assert_eq!(table.probe(3, 2), Some(20));
        table.store(4, 6, 60);
        assert_eq!(table.probe(4, 6), Some(60));
        assert_eq!(table.probe(1, 5), Some(50), "moved to the second entry");
        assert_eq!(table.probe(3, 2), None);
    }

    #[test]
    fn counts_too_large_for_an_entry_are_not_stored() {
        let table = tiny(4);
        table.store(9, 2, MAX_STORED_COUNT + 1);
        assert_eq!(table.probe(9, 2), None);
        table.store(9, 2, MAX_STORED_COUNT);
        assert_eq!(table.probe(9, 2), Some(MAX_STORED_COUNT));
    }

    #[test]
    fn a_torn_entry_fails_its_check() {
        let table = tiny(1);
        table.store(11, 2, 5);
        // Another thread's data word next to this check word.
        table.buckets[0].0[0]
            .data
            .store(6 << DEPTH_BITS | 2, Ordering::Relaxed);
        assert_eq!(table.probe(11, 2), None);
    }
}

//! The one random number generator of tegami.
//!
//! Every shuffle and die in every game comes from an [`Rng`] derived from the game's secret seed and the
//! content of the journal entry being applied (see [`Rng::for_entry`]). Replaying a journal with the
//! revealed seed therefore reproduces every die. The generator is SHA-256 in counter mode: portable,
//! fixed forever (no dependence on a crate's version), and good enough for board games.

use sha2::{Digest, Sha256};

#[derive(Clone, Debug)]
pub struct Rng {
    key: [u8; 32],
    counter: u64,
    block: [u8; 32],
    used: usize,
}

impl Rng {
    /// A generator keyed by arbitrary bytes.
    pub fn from_seed(seed: &[u8]) -> Self {
        let key: [u8; 32] = Sha256::digest(seed).into();
        Rng { key, counter: 0, block: [0; 32], used: 32 }
    }

    /// The generator for journal entry `entry_hash` of a game with secret `seed`.
    pub fn for_entry(seed: &[u8; 32], entry_hash: &str) -> Self {
        let mut material = Vec::with_capacity(32 + entry_hash.len() + 8);
        material.extend_from_slice(b"tegami-dice\0");
        material.extend_from_slice(seed);
        material.extend_from_slice(entry_hash.as_bytes());
        Self::from_seed(&material)
    }

    fn refill(&mut self) {
        let mut h = Sha256::new();
        h.update(self.key);
        h.update(self.counter.to_le_bytes());
        self.block = h.finalize().into();
        self.counter += 1;
        self.used = 0;
    }

    pub fn next_u64(&mut self) -> u64 {
        if self.used + 8 > 32 {
            self.refill();
        }
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.block[self.used..self.used + 8]);
        self.used += 8;
        u64::from_le_bytes(b)
    }

    /// Uniform in `0..n` (rejection sampling, no modulo bias). Panics if `n == 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform index into a collection of `len` items. Panics if `len == 0`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range_inclusive(&mut self, lo: i64, hi: i64) -> i64 {
        assert!(lo <= hi, "Rng::range_inclusive({lo}, {hi})");
        let span = (hi - lo) as u64 + 1;
        lo + self.below(span) as i64
    }

    /// One six-sided die, 1..=6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Uniform in `[0, 1)` with 53 bits of precision.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, `None` if empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() { None } else { Some(&items[self.index(items.len())]) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_sequence_never_changes() {
        // If this fails, every recorded game in every database stops verifying.
        let mut rng = Rng::from_seed(b"tegami");
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let mut again = Rng::from_seed(b"tegami");
        assert_eq!(first, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        let mut dice = Rng::from_seed(b"golden");
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, GOLDEN_ROLLS);
    }

    const GOLDEN_ROLLS: [u8; 12] = [4, 3, 5, 4, 1, 4, 6, 6, 6, 5, 2, 2];

    #[test]
    fn d6_is_roughly_uniform() {
        let mut rng = Rng::from_seed(b"uniform");
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[(rng.d6() - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "counts {counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation_and_seed_dependent() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Rng::from_seed(b"x").shuffle(&mut a);
        Rng::from_seed(b"y").shuffle(&mut b);
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn entry_rngs_differ_by_entry_and_seed() {
        let s1 = [1u8; 32];
        let s2 = [2u8; 32];
        let a = Rng::for_entry(&s1, "aa").next_u64();
        assert_ne!(a, Rng::for_entry(&s1, "ab").next_u64());
        assert_ne!(a, Rng::for_entry(&s2, "aa").next_u64());
        assert_eq!(a, Rng::for_entry(&s1, "aa").next_u64());
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::from_seed(b"r");
        for n in 1..50u64 {
            for _ in 0..50 {
                assert!(rng.below(n) < n);
            }
        }
        let v = rng.range_inclusive(-3, 3);
        assert!((-3..=3).contains(&v));
        let f = rng.unit_f64();
        assert!((0.0..1.0).contains(&f));
    }
}

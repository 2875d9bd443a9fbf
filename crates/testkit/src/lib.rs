//! Test support shared by the crates' tests, examples and simulations: one small deterministic
//! generator ([`Rng`]), the replay of the saved fuzz corpora ([`replay_corpus`]), so that CI
//! runs every fuzz target's corpus on stable Rust, and a GTP client for GNU Go ([`gtp`]).

pub mod gtp;

use std::path::{Path, PathBuf};

/// xorshift64*: small, deterministic, good enough for test data. The same seed gives the same
/// sequence on every machine, so random games and tournaments are reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// An index into a slice of length `len` (`0` when `len` is 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}

/// `fuzz/corpus/<target>/` of this repository.
pub fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target)
}

/// Runs `check` (the fuzz target's entry point) on every file of `fuzz/corpus/<target>/` and
/// fails on the first panic, naming the file. An empty or missing corpus fails too.
pub fn replay_corpus(target: &str, check: fn(&[u8])) {
    let dir = corpus_dir(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{} panics", path.display());
        n += 1;
    }
    assert!(n > 0, "empty corpus {}", dir.display());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_xorshift64_star() {
        // Computed independently (Python, 64-bit wrapping arithmetic) from the same definition;
        // the tests' recorded games and tournaments rely on this sequence.
        let mut r = Rng::new(1);
        assert_eq!(
            [r.next_u64(), r.next_u64(), r.next_u64()],
            [0x0d83_b3e2_9a21_487a, 0x54c4_4c79_f1fe_9d67, 0xa845_f342_007a_0e78]
        );
        assert_eq!(Rng::new(7).below(0), 0);
    }
}

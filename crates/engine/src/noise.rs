//! The seeded noise of low levels (private): Gumbel variates drawn from
//! splitmix64, so that a level's choices are reproducible from its seed.
//! The match tools have their own general generator (`halma_tools::rng`);
//! this one only feeds [`crate::engine`]'s noisy move choice.

/// A stream of standard Gumbel variates from a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Noise(u64);

impl Noise {
    /// The stream of `seed`.
    pub(crate) fn new(seed: u64) -> Noise {
        Noise(seed ^ 0x6A09_E667_F3BC_C909)
    }

    /// The next variate: adding `t * gumbel()` to scores and taking the best
    /// samples from the softmax of the scores at temperature `t`.
    pub(crate) fn gumbel(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let mixed = z ^ (z >> 31);
        // A uniform float in the open interval (0, 1) from the top 53 bits.
        let unit = ((mixed >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        -(-unit.ln()).ln()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_finite() {
        let mut a = Noise::new(7);
        let mut b = Noise::new(7);
        let mut c = Noise::new(8);
        let mut differs = false;
        for _ in 0..1000 {
            let x = a.gumbel();
            assert!(x.is_finite());
            assert_eq!(x.to_bits(), b.gumbel().to_bits());
            differs |= x.to_bits() != c.gumbel().to_bits();
        }
        assert!(differs, "another seed gives other noise");
    }
}

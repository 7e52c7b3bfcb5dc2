//! Automatic tuning of the evaluation weights by SPSA (simultaneous
//! perturbation stochastic approximation, Spall 1992), the method chess
//! engines tune with from self-play.
//!
//! Every iteration draws a random sign for each weight, plays the engine
//! with all weights moved up by their step against the engine with all moved
//! down (a mini-match from the same random openings, sides swapped), and
//! moves every weight in the direction of the winner by an amount that
//! shrinks over the iterations. One mini-match estimates the gradient of
//! the match score in every weight at once, which is what makes SPSA cheap
//! enough for noisy game results.
//!
//! [`Spsa`] is the optimiser alone (tested on a noisy function with a known
//! optimum); [`TunedWeight`] names the [`EvalWeights`] fields it tunes; the
//! `tune` example of this crate plays the games (docs/notes/strength-log.md).

use halma_engine::EvalWeights;

use crate::rng::Rng;

/// The gain sequences of SPSA: at iteration `k` (from 0) the step is
/// `a / (k + 1 + big_a)^alpha` and the perturbation `c / (k + 1)^gamma`,
/// both relative to each parameter's own scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaGains {
    /// The step's size at the start, in units of each parameter's scale.
    pub a: f64,
    /// The perturbation's size at the start, in units of each parameter's
    /// scale. With integer weights it must move each weight by at least
    /// one after rounding, or both sides play alike and every game pair
    /// splits: 0.5 of the [`TunedWeight`] scales does.
    pub c: f64,
    /// The stability constant: delays the step's decrease (Spall suggests
    /// a tenth of the iterations).
    pub big_a: f64,
    /// The step's decay exponent (0.602, Spall's practical value).
    pub alpha: f64,
    /// The perturbation's decay exponent (0.101, Spall's practical value).
    pub gamma: f64,
}

impl Default for SpsaGains {
    fn default() -> SpsaGains {
        SpsaGains {
            a: 0.5,
            c: 0.5,
            big_a: 10.0,
            alpha: 0.602,
            gamma: 0.101,
        }
    }
}

/// An SPSA maximiser over real parameters, each with its own scale (the
/// typical size of a useful change) and bounds.
#[derive(Clone, Debug)]
pub struct Spsa {
    theta: Vec<f64>,
    scale: Vec<f64>,
    bounds: Vec<(f64, f64)>,
    gains: SpsaGains,
    iteration: u32,
    rng: Rng,
}

/// One iteration's two points: evaluate `plus` against `minus` and pass
/// the result to [`Spsa::update`].
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaProbe {
    /// The parameters moved by `+c` along the drawn signs.
    pub plus: Vec<f64>,
    /// The parameters moved by `-c` along the drawn signs.
    pub minus: Vec<f64>,
    signs: Vec<f64>,
    c: f64,
}

impl Spsa {
    /// A maximiser starting at `start`, with `scale[i] > 0` and
    /// `bounds[i] = (low, high)` for each parameter (the points probed and
    /// the iterate are kept inside them).
    ///
    /// # Panics
    /// When the three lengths differ, a scale is not positive or a start
    /// lies outside its bounds: these come from code, not from users.
    pub fn new(
        start: Vec<f64>,
        scale: Vec<f64>,
        bounds: Vec<(f64, f64)>,
        gains: SpsaGains,
        seed: u64,
    ) -> Spsa {
        assert_eq!(start.len(), scale.len(), "one scale per parameter");
        assert_eq!(start.len(), bounds.len(), "one bound per parameter");
        for ((&x, &s), &(low, high)) in start.iter().zip(&scale).zip(&bounds) {
            assert!(s > 0.0, "a scale must be positive");
            assert!(
                low <= x && x <= high,
                "the start must lie within its bounds"
            );
        }
        Spsa {
            theta: start,
            scale,
            bounds,
            gains,
            iteration: 0,
            rng: Rng::new(seed),
        }
    }

    /// The current estimate of the best parameters.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// Iterations done.
    pub fn iterations(&self) -> u32 {
        self.iteration
    }

    /// The two points of the next iteration, with fresh random signs.
    pub fn probe(&mut self) -> SpsaProbe {
        let k = f64::from(self.iteration) + 1.0;
        let c = self.gains.c / k.powf(self.gains.gamma);
        let signs: Vec<f64> = (0..self.theta.len())
            .map(|_| if self.rng.below(2) == 0 { -1.0 } else { 1.0 })
            .collect();
        let point = |direction: f64| -> Vec<f64> {
            self.theta
                .iter()
                .zip(&self.scale)
                .zip(&signs)
                .zip(&self.bounds)
                .map(|(((&x, &s), &d), &(low, high))| (x + direction * c * s * d).clamp(low, high))
                .collect()
        };
        SpsaProbe {
            plus: point(1.0),
            minus: point(-1.0),
            signs,
            c,
        }
    }

    /// Moves the estimate after `probe`, given `difference` = (value at
    /// `plus`) - (value at `minus`): for a match, the score of `plus` minus
    /// the score of `minus`, each a fraction of the games.
    pub fn update(&mut self, probe: &SpsaProbe, difference: f64) {
        let k = f64::from(self.iteration) + 1.0;
        let a = self.gains.a / (k + self.gains.big_a).powf(self.gains.alpha);
        for (i, x) in self.theta.iter_mut().enumerate() {
            // In units of the scale: the gradient estimate is
            // difference / (2 c sign), and 1 / sign = sign.
            let step = a * difference / (2.0 * probe.c) * probe.signs[i];
            let (low, high) = self.bounds[i];
            *x = (*x + step * self.scale[i]).clamp(low, high);
        }
        self.iteration += 1;
    }
}

/// The evaluation weights the tuner moves, with the scale and bounds of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunedWeight {
    /// [`EvalWeights::rear`].
    Rear,
    /// [`EvalWeights::support`].
    Support,
    /// [`EvalWeights::trapped_spoiler`].
    TrappedSpoiler,
    /// [`EvalWeights::blocked_spoiler`].
    BlockedSpoiler,
}

impl TunedWeight {
    /// Every tuned weight, in the order of the parameter vector.
    pub const ALL: [TunedWeight; 4] = [
        TunedWeight::Rear,
        TunedWeight::Support,
        TunedWeight::TrappedSpoiler,
        TunedWeight::BlockedSpoiler,
    ];

    /// The name of the field.
    pub fn name(self) -> &'static str {
        match self {
            TunedWeight::Rear => "rear",
            TunedWeight::Support => "support",
            TunedWeight::TrappedSpoiler => "trapped_spoiler",
            TunedWeight::BlockedSpoiler => "blocked_spoiler",
        }
    }

    /// A useful change of the weight (the perturbation's unit).
    pub fn scale(self) -> f64 {
        match self {
            TunedWeight::Rear => 2.0,
            TunedWeight::Support => 2.0,
            TunedWeight::TrappedSpoiler => 100.0,
            TunedWeight::BlockedSpoiler => 30.0,
        }
    }

    /// The range the weight is kept in.
    pub fn bounds(self) -> (f64, f64) {
        match self {
            TunedWeight::Rear => (0.0, 32.0),
            TunedWeight::Support => (0.0, 30.0),
            TunedWeight::TrappedSpoiler => (0.0, 2000.0),
            TunedWeight::BlockedSpoiler => (0.0, 600.0),
        }
    }

    /// The weight's value in `weights`.
    pub fn get(self, weights: &EvalWeights) -> i32 {
        match self {
            TunedWeight::Rear => weights.rear,
            TunedWeight::Support => weights.support,
            TunedWeight::TrappedSpoiler => weights.trapped_spoiler,
            TunedWeight::BlockedSpoiler => weights.blocked_spoiler,
        }
    }

    fn set(self, weights: &mut EvalWeights, value: i32) {
        match self {
            TunedWeight::Rear => weights.rear = value,
            TunedWeight::Support => weights.support = value,
            TunedWeight::TrappedSpoiler => weights.trapped_spoiler = value,
            TunedWeight::BlockedSpoiler => weights.blocked_spoiler = value,
        }
    }
}

/// `base` with the tuned weights set from `theta` (in [`TunedWeight::ALL`]
/// order), each rounded to the nearest integer.
pub fn weights_from(base: EvalWeights, theta: &[f64]) -> EvalWeights {
    let mut weights = base;
    for (weight, &x) in TunedWeight::ALL.iter().zip(theta) {
        weight.set(&mut weights, x.round() as i32);
    }
    weights
}

/// The tuned weights of `weights` as a parameter vector.
pub fn theta_of(weights: &EvalWeights) -> Vec<f64> {
    TunedWeight::ALL
        .iter()
        .map(|w| f64::from(w.get(weights)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A noisy "match": the score of `plus` against `minus` on the function
    /// `-(x - optimum)^2` summed, through a logistic, with coin-flip noise.
    fn noisy_difference(probe: &SpsaProbe, optimum: &[f64], rng: &mut Rng) -> f64 {
        let value = |x: &[f64]| -> f64 {
            -x.iter()
                .zip(optimum)
                .map(|(a, b)| (a - b) * (a - b))
                .sum::<f64>()
        };
        let p = 1.0 / (1.0 + (-(value(&probe.plus) - value(&probe.minus))).exp());
        // Sixteen games: each won by `plus` with probability p.
        let wins = (0..16).filter(|_| rng.unit() < p).count() as f64;
        (2.0 * wins - 16.0) / 16.0
    }

    #[test]
    fn spsa_climbs_to_the_optimum_of_a_noisy_function() {
        let optimum = [3.0, -2.0, 0.5];
        let mut spsa = Spsa::new(
            vec![0.0, 0.0, 0.0],
            vec![1.0, 1.0, 1.0],
            vec![(-10.0, 10.0); 3],
            SpsaGains::default(),
            7,
        );
        let distance = |theta: &[f64]| -> f64 {
            theta
                .iter()
                .zip(optimum)
                .map(|(a, b)| (a - b) * (a - b))
                .sum::<f64>()
                .sqrt()
        };
        let start = distance(spsa.theta());
        let mut rng = Rng::new(11);
        for _ in 0..2000 {
            let probe = spsa.probe();
            let difference = noisy_difference(&probe, &optimum, &mut rng);
            spsa.update(&probe, difference);
        }
        assert_eq!(spsa.iterations(), 2000);
        let end = distance(spsa.theta());
        assert!(
            end < start / 5.0,
            "from {start} to {end}: {:?}",
            spsa.theta()
        );
    }

    #[test]
    fn probes_and_iterates_stay_within_bounds() {
        let mut spsa = Spsa::new(
            vec![0.0],
            vec![5.0],
            vec![(0.0, 1.0)],
            SpsaGains::default(),
            1,
        );
        for _ in 0..50 {
            let probe = spsa.probe();
            assert!(probe.plus[0] >= 0.0 && probe.plus[0] <= 1.0);
            assert!(probe.minus[0] >= 0.0 && probe.minus[0] <= 1.0);
            spsa.update(&probe, 1.0);
            assert!(spsa.theta()[0] >= 0.0 && spsa.theta()[0] <= 1.0);
        }
    }

    #[test]
    fn weights_round_trip_through_the_parameter_vector() {
        let weights = EvalWeights::default();
        assert_eq!(
            weights_from(EvalWeights::V1, &theta_of(&weights)),
            EvalWeights {
                home_straggler: EvalWeights::V1.home_straggler,
                stranded: EvalWeights::V1.stranded,
                cornered: EvalWeights::V1.cornered,
                lateral: EvalWeights::V1.lateral,
                home_depth: EvalWeights::V1.home_depth,
                fill_counts_foreign: EvalWeights::V1.fill_counts_foreign,
                ..weights
            }
        );
        let moved = weights_from(weights, &[7.4, 3.6, 250.0, 90.0]);
        assert_eq!(
            (
                moved.rear,
                moved.support,
                moved.trapped_spoiler,
                moved.blocked_spoiler
            ),
            (7, 4, 250, 90)
        );
        assert_eq!(moved.stranded, weights.stranded, "untuned weights are kept");
    }
}

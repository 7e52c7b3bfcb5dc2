//! Elo difference of a match score, with a 95% error margin.

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl MatchScore {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction, draws counting half (0.5 with no game).
    pub fn fraction(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The Elo difference this score implies (infinite for a clean sweep).
    pub fn elo(&self) -> f64 {
        elo_of(self.fraction())
    }

    /// The 95% confidence interval of the Elo difference: the Wilson score
    /// interval of the score fraction (draws counting half), in Elo. The
    /// upper (lower) end is infinite when every game was won (lost).
    pub fn elo_interval(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (f64::NEG_INFINITY, f64::INFINITY);
        }
        let p = self.fraction();
        let z = 1.96f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        let low = if p <= 0.0 { 0.0 } else { centre - half };
        let high = if p >= 1.0 { 1.0 } else { centre + half };
        (elo_of(low), elo_of(high))
    }

    /// The error margin (half the 95% interval) when both ends are finite,
    /// else the distance to the finite end.
    pub fn elo_margin(&self) -> f64 {
        let elo = self.elo();
        let (low, high) = self.elo_interval();
        match (low.is_finite(), high.is_finite()) {
            (true, true) => (high - low) / 2.0,
            (true, false) => elo.min(1e9) - low,
            (false, true) => high - elo.max(-1e9),
            (false, false) => f64::INFINITY,
        }
    }
}

impl std::fmt::Display for MatchScore {
    /// `+W =D -L (score%), Elo E +/- M`; for a clean sweep the finite end of
    /// the 95% interval instead of a margin.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1}%), ",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.fraction()
        )?;
        let elo = self.elo();
        let (low, high) = self.elo_interval();
        if elo == f64::INFINITY {
            write!(f, "Elo +inf (95% interval: above {low:+.0})")
        } else if elo == f64::NEG_INFINITY {
            write!(f, "Elo -inf (95% interval: below {high:+.0})")
        } else {
            write!(f, "Elo {elo:+.0} +/- {:.0}", self.elo_margin())
        }
    }
}

/// The Elo difference of a score fraction `p` (infinite at 0 and 1).
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        let even = MatchScore {
            wins: 50,
            draws: 0,
            losses: 50,
        };
        assert!(even.elo().abs() < 1e-9);
        let margin = even.elo_margin();
        assert!(margin > 50.0 && margin < 80.0, "{margin}");
        let sweep = MatchScore {
            wins: 100,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sweep.elo(), f64::INFINITY);
        let (low, _) = sweep.elo_interval();
        assert!(low > 500.0 && low < 600.0, "{low}");
        assert!(sweep
            .to_string()
            .starts_with("+100 =0 -0 (100.0%), Elo +inf (95% interval: above +5"));
        let mixed = MatchScore {
            wins: 30,
            draws: 0,
            losses: 20,
        };
        assert!(
            mixed
                .to_string()
                .starts_with("+30 =0 -20 (60.0%), Elo +70 +/- "),
            "{mixed}"
        );
    }
}

//! The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013), as
//! lichess rates puzzle solvers and puzzles: each has a rating, a rating deviation (how
//! uncertain the rating is) and a volatility (how erratic the results are). A puzzle
//! attempt is one game: the solver plays the puzzle, whose own rating and deviation are the
//! opponent's; a solved puzzle is a win for the solver and a loss for the puzzle.
//!
//! Plain arithmetic on `f64`; no clock (the deviation's growth between rating periods is
//! [`Rating::idle`], applied by the caller when it wants to).

/// The system constant τ, which limits how fast the volatility changes (Glickman suggests
/// 0.3 to 1.2; his example uses 0.5, as does this program).
pub const TAU: f64 = 0.5;

/// The factor between the Glicko scale and the Glicko-2 scale (`173.7178`).
pub const SCALE: f64 = 173.7178;

/// The convergence tolerance of the volatility iteration (step 5 of the paper).
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the familiar (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation (350 for a newcomer; small means sure).
    pub deviation: f64,
    /// The volatility (0.06 for a newcomer).
    pub volatility: f64,
}

/// The smallest deviation a rating keeps (lichess keeps 45 for puzzles): however many
/// puzzles are played, a rating still moves.
pub const MIN_DEVIATION: f64 = 45.0;

/// The largest deviation (a newcomer's).
pub const MAX_DEVIATION: f64 = 350.0;

impl Default for Rating {
    fn default() -> Self {
        Rating::NEW
    }
}

impl Rating {
    /// A newcomer: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A rating with the given numbers.
    pub const fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// The rating after one rating period with these results: each opponent's rating and
    /// the score against it (1 a win, 0.5 a draw, 0 a loss). With no results only the
    /// deviation grows ([`Rating::idle`]). Steps 1–8 of Glickman's paper, with τ =
    /// [`TAU`]; the deviation is not clamped (see [`Rating::after_puzzle`]).
    ///
    /// # Examples
    /// Glickman's worked example:
    /// ```
    /// use esoterica::learn::glicko::Rating;
    /// let player = Rating::new(1500.0, 200.0, 0.06);
    /// let after = player.update(&[
    ///     (Rating::new(1400.0, 30.0, 0.06), 1.0),
    ///     (Rating::new(1550.0, 100.0, 0.06), 0.0),
    ///     (Rating::new(1700.0, 300.0, 0.06), 0.0),
    /// ]);
    /// assert!((after.rating - 1464.06).abs() < 0.01);
    /// assert!((after.deviation - 151.52).abs() < 0.01);
    /// assert!((after.volatility - 0.05999).abs() < 0.00001);
    /// ```
    pub fn update(&self, results: &[(Rating, f64)]) -> Rating {
        if results.is_empty() {
            return self.idle();
        }
        // Step 2: the Glicko-2 scale.
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        let opponents: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|(o, s)| {
                let mu_j = (o.rating - 1500.0) / SCALE;
                let phi_j = o.deviation / SCALE;
                let g = g(phi_j);
                let e = expected(mu, mu_j, g);
                (g, e, *s)
            })
            .collect();
        // Step 3: the estimated variance.
        let v = 1.0
            / opponents
                .iter()
                .map(|&(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        // Step 4: the estimated improvement.
        let delta_sum: f64 = opponents.iter().map(|&(g, e, s)| g * (s - e)).sum();
        let delta = v * delta_sum;
        // Step 5: the new volatility (the Illinois algorithm).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut rounds = 0;
        while (big_b - big_a).abs() > EPSILON && rounds < 200 {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            rounds += 1;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Step 6: the pre-period deviation.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        // Step 7: the new deviation and rating.
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * delta_sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: SCALE * mu_new + 1500.0,
            deviation: SCALE * phi_new,
            volatility: sigma_new,
        }
    }

    /// The rating after a period without games: the deviation grows by the volatility
    /// (step 6 alone), at most to [`MAX_DEVIATION`].
    pub fn idle(&self) -> Rating {
        let phi = self.deviation / SCALE;
        let phi_star = (phi * phi + self.volatility * self.volatility).sqrt();
        Rating {
            deviation: (SCALE * phi_star).min(MAX_DEVIATION),
            ..*self
        }
    }

    /// The solver's and the puzzle's ratings after one attempt: the solver `self` against
    /// the puzzle `puzzle`, `solved` a win for the solver and a loss for the puzzle. Each
    /// is one rating period with one game; deviations are kept within [`MIN_DEVIATION`] and
    /// [`MAX_DEVIATION`].
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::glicko::Rating;
    /// let (me, puzzle) = Rating::NEW.after_puzzle(&Rating::new(1500.0, 300.0, 0.06), true);
    /// assert!(me.rating > 1500.0 && puzzle.rating < 1500.0);
    /// let (me_lost, _) = Rating::NEW.after_puzzle(&Rating::new(1500.0, 300.0, 0.06), false);
    /// assert!(me_lost.rating < 1500.0);
    /// ```
    pub fn after_puzzle(&self, puzzle: &Rating, solved: bool) -> (Rating, Rating) {
        let s = if solved { 1.0 } else { 0.0 };
        let me = self.update(&[(*puzzle, s)]).clamped();
        let it = puzzle.update(&[(*self, 1.0 - s)]).clamped();
        (me, it)
    }

    /// The expected score of `self` against `other` (the chance to solve a puzzle of that
    /// rating), from both deviations.
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::glicko::Rating;
    /// let even = Rating::NEW.expected_score(&Rating::NEW);
    /// assert!((even - 0.5).abs() < 1e-12);
    /// ```
    pub fn expected_score(&self, other: &Rating) -> f64 {
        let mu = (self.rating - 1500.0) / SCALE;
        let mu_j = (other.rating - 1500.0) / SCALE;
        let phi = (self.deviation.powi(2) + other.deviation.powi(2)).sqrt() / SCALE;
        expected(mu, mu_j, g(phi))
    }

    fn clamped(self) -> Rating {
        Rating {
            deviation: self.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..self
        }
    }
}

/// g(φ) of the paper: how much an opponent's uncertainty damps the result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj) of the paper.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's published example: 1500/200/0.06 against 1400/30, 1550/100 and 1700/300
    /// with results 1, 0, 0 gives 1464.06 / 151.52 / 0.05999. The paper rounds its steps to
    /// four decimals (μ′ = −0.2069); computed without rounding the rating is 1464.051, so
    /// the published figures hold to within their last digit.
    #[test]
    fn glickmans_example_gives_the_published_numbers() {
        let player = Rating::new(1500.0, 200.0, 0.06);
        let after = player.update(&[
            (Rating::new(1400.0, 30.0, 0.06), 1.0),
            (Rating::new(1550.0, 100.0, 0.06), 0.0),
            (Rating::new(1700.0, 300.0, 0.06), 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn a_solved_puzzle_moves_the_solver_up_by_more_when_the_puzzle_is_harder() {
        let me = Rating::new(1500.0, 100.0, 0.06);
        let easy = Rating::new(1200.0, 80.0, 0.06);
        let hard = Rating::new(1800.0, 80.0, 0.06);
        let (after_easy, puzzle_easy) = me.after_puzzle(&easy, true);
        let (after_hard, _) = me.after_puzzle(&hard, true);
        assert!(after_hard.rating - me.rating > after_easy.rating - me.rating);
        assert!(puzzle_easy.rating < easy.rating);
        // A failure against the easy puzzle costs more than one against the hard one.
        let (lost_easy, _) = me.after_puzzle(&easy, false);
        let (lost_hard, _) = me.after_puzzle(&hard, false);
        assert!(me.rating - lost_easy.rating > me.rating - lost_hard.rating);
        // Deviations stay within bounds; idling grows them.
        let mut r = me;
        for _ in 0..200 {
            r = r.after_puzzle(&Rating::new(1500.0, 60.0, 0.06), true).0;
        }
        assert!(r.deviation >= MIN_DEVIATION);
        assert!(Rating::new(1500.0, 50.0, 0.06).idle().deviation > 50.0);
        assert_eq!(
            Rating::new(1500.0, 350.0, 0.06).idle().deviation,
            MAX_DEVIATION
        );
    }
}

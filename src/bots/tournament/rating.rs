//! Ratings by maximum likelihood: the Bradley–Terry (logistic Elo) model with draws as half
//! points, as Ordo fits it, optionally with virtual draws per pairing as `BayesElo`'s prior.
//!
//! Model: player `i` scores against `j` with expectation `E = 1 / (1 + 10^((r_j - r_i)/400))`;
//! a game gives `s ∈ {0, ½, 1}` points and the log-likelihood `s ln E + (1 - s) ln (1 - E)`.
//! The ratings maximise the sum over all games (plus, per pairing that played, `prior`
//! virtual draws: without them a player who won or lost every game has no finite rating).
//! Newton iterations on the gradient and the Fisher information `H`; the ratings are
//! defined up to a constant, fixed by the anchor (mean 0, or one player at 0).
//!
//! Error bars: the covariance is the pseudo-inverse of `H` at the maximum (mean anchor;
//! for a player anchor, of the differences to it), and a 95% bar is 1.96 standard
//! deviations. The model's per-game variance `E (1 - E)` is the largest a game with that
//! expectation can have, so with many draws the bars are conservative (wider than the
//! spread of repeated tournaments).

use std::f64::consts::LN_10;
use std::fmt;

/// Elo points per unit of the natural-log logistic scale: `400 / ln 10`.
const ELO_SCALE: f64 = 400.0 / LN_10;

/// Games and points between every two players.
#[derive(Clone, Debug, PartialEq)]
pub struct Scores {
    n: usize,
    /// `games[i * n + j]`: games between `i` and `j` (symmetric).
    games: Vec<f64>,
    /// `points[i * n + j]`: `i`'s points against `j`.
    points: Vec<f64>,
}

impl Scores {
    /// No games between `n` players.
    pub fn new(n: usize) -> Scores {
        Scores {
            n,
            games: vec![0.0; n * n],
            points: vec![0.0; n * n],
        }
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n
    }

    /// Records one game in which `a` scored `a_points` (0, ½ or 1) against `b`.
    ///
    /// # Panics
    /// If `a` or `b` is not below [`Scores::players`].
    pub fn add(&mut self, a: usize, b: usize, a_points: f64) {
        let n = self.n;
        self.games[a * n + b] += 1.0;
        self.games[b * n + a] += 1.0;
        self.points[a * n + b] += a_points;
        self.points[b * n + a] += 1.0 - a_points;
    }

    /// Games between `a` and `b`.
    pub fn games(&self, a: usize, b: usize) -> f64 {
        self.games[a * self.n + b]
    }

    /// `a`'s points against `b`.
    pub fn points(&self, a: usize, b: usize) -> f64 {
        self.points[a * self.n + b]
    }

    /// `a`'s games in all.
    pub fn total_games(&self, a: usize) -> f64 {
        (0..self.n).map(|b| self.games(a, b)).sum()
    }

    /// `a`'s points in all.
    pub fn total_points(&self, a: usize) -> f64 {
        (0..self.n).map(|b| self.points(a, b)).sum()
    }
}

/// Which rating is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The mean of the rated players is 0.
    Mean,
    /// This player is 0 (its error bar is 0; the others' are of the difference to it).
    Player(usize),
}

/// The fitted ratings, in Elo, one per player.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// The rating of each player; `None` for a player without games.
    pub elo: Vec<Option<f64>>,
    /// Half the width of each 95% interval.
    pub error95: Vec<Option<f64>>,
    /// Newton iterations used.
    pub iterations: usize,
}

/// Why no ratings could be fitted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingError {
    /// Fewer than two players have games.
    TooFewPlayers,
    /// The players fall into groups that never met (directly or through others): their
    /// ratings cannot be compared. Lists one group.
    Disconnected(Vec<usize>),
    /// Without virtual draws the likelihood has no maximum: some group of players won (or
    /// lost) every game against the rest.
    NoFiniteMaximum,
    /// The anchor player has no games.
    AnchorWithoutGames(usize),
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::TooFewPlayers => f.write_str("fewer than two players have games"),
            RatingError::Disconnected(g) => write!(
                f,
                "the players {g:?} never met the others, directly or through other players"
            ),
            RatingError::NoFiniteMaximum => f.write_str(
                "no finite maximum-likelihood ratings: some players won or lost every game \
                 against the rest (use virtual draws, --prior)",
            ),
            RatingError::AnchorWithoutGames(p) => write!(f, "the anchor player {p} has no games"),
        }
    }
}

impl std::error::Error for RatingError {}

/// Solves `a x = b` (`a` is `n × n`, row-major) by Gaussian elimination with partial
/// pivoting; `None` when `a` is singular.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let piv =
            (col..n).max_by(|&x, &y| a[x * n + col].abs().total_cmp(&a[y * n + col].abs()))?;
        if a[piv * n + col].abs() < 1e-12 {
            return None;
        }
        if piv != col {
            for k in 0..n {
                a.swap(piv * n + k, col * n + k);
            }
            b.swap(piv, col);
        }
        for row in col + 1..n {
            let f = a[row * n + col] / a[col * n + col];
            if f != 0.0 {
                for k in col..n {
                    a[row * n + k] -= f * a[col * n + k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row * n + k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row * n + row];
    }
    Some(x)
}

/// Fits the ratings of `scores` with `prior` virtual draws per pairing that played (0 for
/// plain maximum likelihood), anchored by `anchor`.
///
/// # Errors
/// [`RatingError`]: fewer than two players with games, groups that never met, no finite
/// maximum (with `prior` 0), an anchor without games.
///
/// # Examples
/// ```
/// use esoterica::bots::tournament::rating::{Anchor, Scores, fit};
/// let mut s = Scores::new(2);
/// for _ in 0..3 { s.add(0, 1, 1.0); }
/// s.add(0, 1, 0.0);
/// // 3 of 4 points: 400·log10(3) = +190.8 Elo over the other, ±95 around the mean.
/// let r = fit(&s, 0.0, Anchor::Mean).unwrap();
/// assert!((r.elo[0].unwrap() - 95.4).abs() < 0.1 && (r.elo[1].unwrap() + 95.4).abs() < 0.1);
/// ```
pub fn fit(scores: &Scores, prior: f64, anchor: Anchor) -> Result<Ratings, RatingError> {
    let n = scores.players();
    let active: Vec<usize> = (0..n).filter(|&i| scores.total_games(i) > 0.0).collect();
    let m = active.len();
    if m < 2 {
        return Err(RatingError::TooFewPlayers);
    }
    if let Anchor::Player(a) = anchor
        && !active.contains(&a)
    {
        return Err(RatingError::AnchorWithoutGames(a));
    }
    // Connectivity over the pairings that played.
    let mut reached = vec![false; m];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(x) = stack.pop() {
        for y in 0..m {
            if !reached[y] && scores.games(active[x], active[y]) > 0.0 {
                reached[y] = true;
                stack.push(y);
            }
        }
    }
    if reached.iter().any(|r| !r) {
        let group = (0..m).filter(|&x| reached[x]).map(|x| active[x]).collect();
        return Err(RatingError::Disconnected(group));
    }
    // Natural-log logistic scale during the iterations; Elo at the end.
    let mut r = vec![0.0f64; m];
    let info_and_grad = |r: &[f64]| {
        let mut h = vec![0.0; m * m];
        let mut g = vec![0.0; m];
        for x in 0..m {
            for y in x + 1..m {
                let games = scores.games(active[x], active[y]);
                if games == 0.0 {
                    continue;
                }
                let n_xy = games + prior;
                let s_xy = scores.points(active[x], active[y]) + prior / 2.0;
                let e = 1.0 / (1.0 + (r[y] - r[x]).exp());
                let d = s_xy - n_xy * e;
                g[x] += d;
                g[y] -= d;
                let w = n_xy * e * (1.0 - e);
                h[x * m + x] += w;
                h[y * m + y] += w;
                h[x * m + y] -= w;
                h[y * m + x] -= w;
            }
        }
        (h, g)
    };
    // `H + 1 1ᵀ / m` is invertible on a connected graph; its inverse minus `1 1ᵀ / m` is
    // the pseudo-inverse of `H` (the mean direction carries no information).
    let with_mean = |mut h: Vec<f64>| {
        for v in &mut h {
            *v += 1.0 / m as f64;
        }
        h
    };
    let mut iterations = 0;
    let mut converged = false;
    while iterations < 500 {
        iterations += 1;
        let (h, g) = info_and_grad(&r);
        let Some(mut step) = solve(with_mean(h), g) else {
            return Err(RatingError::NoFiniteMaximum);
        };
        // Damping: at most 2 natural units (about 350 Elo) per iteration.
        let big = step.iter().fold(0.0f64, |a, s| a.max(s.abs()));
        if big > 2.0 {
            for s in &mut step {
                *s *= 2.0 / big;
            }
        }
        for (ri, s) in r.iter_mut().zip(&step) {
            *ri += s;
        }
        let mean = r.iter().sum::<f64>() / m as f64;
        for ri in &mut r {
            *ri -= mean;
        }
        if big < 1e-10 {
            converged = true;
            break;
        }
    }
    if !converged || r.iter().any(|x| x.abs() > 40.0) {
        return Err(RatingError::NoFiniteMaximum);
    }
    let (h, _) = info_and_grad(&r);
    let base = with_mean(h);
    let mut cov = vec![0.0; m * m];
    for col in 0..m {
        let mut e = vec![0.0; m];
        e[col] = 1.0;
        let Some(x) = solve(base.clone(), e) else {
            return Err(RatingError::NoFiniteMaximum);
        };
        for row in 0..m {
            cov[row * m + col] = x[row] - 1.0 / m as f64;
        }
    }
    let (shift, var): (f64, Vec<f64>) = match anchor {
        Anchor::Mean => (0.0, (0..m).map(|x| cov[x * m + x]).collect()),
        Anchor::Player(p) => {
            let a = active.iter().position(|&i| i == p).unwrap_or(0);
            (
                r[a],
                (0..m)
                    .map(|x| cov[x * m + x] + cov[a * m + a] - 2.0 * cov[x * m + a])
                    .collect(),
            )
        }
    };
    let mut elo = vec![None; n];
    let mut error95 = vec![None; n];
    for (x, &i) in active.iter().enumerate() {
        // `+ 0.0` turns a negative zero into zero for printing.
        elo[i] = Some((r[x] - shift) * ELO_SCALE + 0.0);
        error95[i] = Some(1.96 * var[x].max(0.0).sqrt() * ELO_SCALE);
    }
    Ok(Ratings {
        elo,
        error95,
        iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// A round robin between players of the given true ratings: each game a win, draw or
    /// loss with the model's expected score (draws take `draw` of the smaller side).
    fn simulate(truth: &[f64], games_per_pair: usize, draw: f64, seed: u64) -> Scores {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut s = Scores::new(truth.len());
        for i in 0..truth.len() {
            for j in i + 1..truth.len() {
                let e = 1.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                let d = draw * 2.0 * e.min(1.0 - e);
                for _ in 0..games_per_pair {
                    let u: f64 = rng.random();
                    let pts = if u < e - d / 2.0 {
                        1.0
                    } else if u < e + d / 2.0 {
                        0.5
                    } else {
                        0.0
                    };
                    s.add(i, j, pts);
                }
            }
        }
        s
    }

    const TRUTH: [f64; 5] = [-250.0, -100.0, 0.0, 120.0, 230.0];

    #[test]
    fn known_strengths_are_recovered_within_the_error_bars() {
        // 5 players, 10 pairings × 300 games = 3000 games.
        let s = simulate(&TRUTH, 300, 0.3, 11);
        let r = fit(&s, 0.0, Anchor::Mean).unwrap();
        for (i, t) in TRUTH.iter().enumerate() {
            let (e, bar) = (r.elo[i].unwrap(), r.error95[i].unwrap());
            assert!(
                (e - t).abs() <= bar,
                "player {i}: {e:.1} ± {bar:.1}, truth {t}"
            );
            // 600 games each: a bar of a few dozen Elo.
            assert!((15.0..60.0).contains(&bar), "{bar}");
        }
        let mean: f64 = r.elo.iter().map(|e| e.unwrap()).sum::<f64>() / 5.0;
        assert!(mean.abs() < 1e-9, "{mean}");
    }

    #[test]
    fn the_bars_cover_the_truth_at_least_at_their_level() {
        // 40 seeded tournaments of 1000 games: the truth falls inside the 95% bars in at
        // least 90% of the 200 (player, tournament) cases.
        let mut inside = 0;
        for seed in 0..40 {
            let s = simulate(&TRUTH, 100, 0.3, 1000 + seed);
            let r = fit(&s, 0.0, Anchor::Mean).unwrap();
            for (i, t) in TRUTH.iter().enumerate() {
                let mean_truth = TRUTH.iter().sum::<f64>() / 5.0;
                if (r.elo[i].unwrap() - (t - mean_truth)).abs() <= r.error95[i].unwrap() {
                    inside += 1;
                }
            }
        }
        assert!(inside >= 180, "{inside} of 200");
    }

    #[test]
    fn a_player_anchor_moves_the_ratings_and_its_bar_is_zero() {
        let s = simulate(&TRUTH, 100, 0.3, 3);
        let mean = fit(&s, 0.0, Anchor::Mean).unwrap();
        let anchored = fit(&s, 0.0, Anchor::Player(2)).unwrap();
        assert_eq!(anchored.elo[2], Some(0.0));
        assert_eq!(anchored.error95[2], Some(0.0));
        let d = mean.elo[4].unwrap() - mean.elo[2].unwrap();
        assert!((anchored.elo[4].unwrap() - d).abs() < 1e-6);
    }

    #[test]
    fn a_perfect_score_needs_virtual_draws() {
        let mut s = Scores::new(3);
        for _ in 0..4 {
            s.add(0, 1, 1.0);
            s.add(1, 2, 0.5);
            s.add(0, 2, 1.0);
        }
        assert_eq!(
            fit(&s, 0.0, Anchor::Mean),
            Err(RatingError::NoFiniteMaximum)
        );
        let r = fit(&s, 1.0, Anchor::Mean).unwrap();
        // Player 0 scored 4.5 of 5 against each (one virtual draw): +382 over them.
        let d = r.elo[0].unwrap() - r.elo[1].unwrap();
        assert!((d - 381.7).abs() < 0.5, "{d}");
        assert!((r.elo[1].unwrap() - r.elo[2].unwrap()).abs() < 1e-6);
    }

    #[test]
    fn groups_that_never_met_are_refused() {
        let mut s = Scores::new(5);
        s.add(0, 1, 1.0);
        s.add(0, 1, 0.0);
        s.add(2, 3, 0.5);
        assert_eq!(
            fit(&s, 1.0, Anchor::Mean),
            Err(RatingError::Disconnected(vec![0, 1]))
        );
        // Player 4 has no games: no rating, the others are fitted.
        s.add(1, 2, 0.5);
        let r = fit(&s, 1.0, Anchor::Mean).unwrap();
        assert_eq!((r.elo[4], r.error95[4]), (None, None));
        assert_eq!(
            fit(&s, 1.0, Anchor::Player(4)),
            Err(RatingError::AnchorWithoutGames(4))
        );
        assert_eq!(
            fit(&Scores::new(3), 1.0, Anchor::Mean),
            Err(RatingError::TooFewPlayers)
        );
    }
}

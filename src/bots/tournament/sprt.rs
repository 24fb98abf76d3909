//! The sequential probability ratio test of engine testing (fishtest, `OpenBench`,
//! cutechess-cli, fastchess), on the **pentanomial** model: games come in pairs from one
//! opening with colours swapped, and a pair scores 0, ½, 1, 1½ or 2 points for bot A.
//!
//! Hypotheses in logistic Elo: H0 `elo = elo0`, H1 `elo = elo1`, with `elo ↔ score` by
//! `score = 1 / (1 + 10^(-elo/400))`. The log-likelihood ratio is the generalised one
//! (fishtest's `LLR_logistic`, after Michel Van den Bergh): for each hypothesis the
//! pentanomial distribution closest to the observed frequencies with the hypothesis' mean
//! score (its maximum-likelihood estimate under that constraint), and
//! `LLR = N Σ pᵢ ln(q1ᵢ / q0ᵢ)` over the `N` pairs. Empty cells count as 10⁻³ pairs (the
//! same regularisation as fishtest). The test stops at the first pair after which
//! `LLR ≤ ln(β / (1 − α))` (H0 accepted) or `LLR ≥ ln((1 − β) / α)` (H1 accepted).

use std::fmt;

/// The pair scores of the pentanomial cells, per game (0, ¼, ½, ¾, 1).
const CELL_SCORE: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Why `--sprt` settings could not be read ([`SprtSpec::parse`]).
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// A word that is not `key=value`.
    NotKeyValue(String),
    /// A value that is not a finite number.
    NotANumber {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A key other than `elo0`, `elo1`, `alpha`, `beta`.
    UnknownKey(String),
    /// `elo0` or `elo1` is missing.
    MissingElo,
    /// `elo1` is not above `elo0`.
    ElosNotOrdered {
        /// H0's Elo difference.
        elo0: f64,
        /// H1's.
        elo1: f64,
    },
    /// An Elo bound whose expected score ([`expected_score`]) rounds to exactly 0 or 1
    /// (e.g. `elo1=1e308`): the log-likelihood ratio would not be a finite number.
    ScoreAtLimit {
        /// `elo0` or `elo1`.
        key: &'static str,
        /// The value.
        elo: f64,
    },
    /// Bounds whose expected scores are the same number (e.g. `elo0=0 elo1=1e-14`): the
    /// log-likelihood ratio would stay 0 and the test would never decide.
    SameScore {
        /// H0's Elo difference.
        elo0: f64,
        /// H1's.
        elo1: f64,
    },
    /// Bounds for which the log-likelihood ratio of some pair counts is not a finite
    /// number (checked on every one-cell and the even count, [`llr`]).
    NonFiniteLlr {
        /// H0's Elo difference.
        elo0: f64,
        /// H1's.
        elo1: f64,
    },
    /// `alpha` or `beta` outside (0, 0.5).
    BadProbability {
        /// Which.
        key: &'static str,
        /// The value.
        value: f64,
    },
}

/// A number as the user would write it: `1e308` rather than 309 digits.
fn short(x: f64) -> String {
    if x != 0.0 && !(1e-3..1e6).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::NotKeyValue(w) => write!(f, "--sprt: expected key=value, not '{w}'"),
            SprtError::NotANumber { key, value } => {
                write!(f, "--sprt: {key} needs a number, not '{value}'")
            }
            SprtError::UnknownKey(k) => write!(
                f,
                "--sprt: unknown key '{k}' (expected elo0, elo1, alpha, beta)"
            ),
            SprtError::MissingElo => f.write_str("--sprt needs elo0=… and elo1=…"),
            SprtError::ElosNotOrdered { elo0, elo1 } => {
                write!(f, "--sprt: elo1 ({elo1}) must be above elo0 ({elo0})")
            }
            SprtError::ScoreAtLimit { key, elo } => write!(
                f,
                "--sprt: {key}={} gives an expected score of {}%, which no test can \
                 reach (the log-likelihood ratio is not a number); use a smaller Elo \
                 difference",
                short(*elo),
                if *elo > 0.0 { 100 } else { 0 }
            ),
            SprtError::SameScore { elo0, elo1 } => write!(
                f,
                "--sprt: elo0={} and elo1={} give the same expected score, so the test \
                 could never decide; use bounds further apart",
                short(*elo0),
                short(*elo1)
            ),
            SprtError::NonFiniteLlr { elo0, elo1 } => write!(
                f,
                "--sprt: elo0={} elo1={} give a log-likelihood ratio that is not a finite \
                 number; use smaller Elo differences",
                short(*elo0),
                short(*elo1)
            ),
            SprtError::BadProbability { key, value } => {
                write!(f, "--sprt: {key} must be between 0 and 0.5, not {value}")
            }
        }
    }
}

impl std::error::Error for SprtError {}

/// The settings of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1 (above `elo0`).
    pub elo1: f64,
    /// False-positive rate (H1 accepted when H0 holds).
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

impl SprtSpec {
    /// Reads `elo0=E0 elo1=E1 [alpha=A] [beta=B]` (alpha and beta default to 0.05), from
    /// one or several words.
    ///
    /// # Errors
    /// [`SprtError`]: an unknown key, a bad number, a missing `elo0`/`elo1`, `elo1 ≤ elo0`,
    /// an Elo whose expected score is 0 or 1 in floating point
    /// ([`SprtError::ScoreAtLimit`]: from about +6,400 Elo, see [`expected_score`]), bounds
    /// with the same expected
    /// score ([`SprtError::SameScore`]) or a non-finite log-likelihood ratio
    /// ([`SprtError::NonFiniteLlr`]), or `alpha`/`beta` outside (0, 0.5).
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::tournament::sprt::SprtSpec;
    /// let s = SprtSpec::parse(&["elo0=0 elo1=5".to_string()]).unwrap();
    /// assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
    /// assert!((s.bounds().1 - 2.944).abs() < 1e-3);
    /// ```
    pub fn parse(words: &[String]) -> Result<SprtSpec, SprtError> {
        let (mut e0, mut e1, mut a, mut b) = (None, None, 0.05, 0.05);
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let Some((k, v)) = w.split_once('=') else {
                return Err(SprtError::NotKeyValue(w.to_string()));
            };
            let x: f64 = v
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    key: k.to_string(),
                    value: v.to_string(),
                })?;
            match k {
                "elo0" => e0 = Some(x),
                "elo1" => e1 = Some(x),
                "alpha" => a = x,
                "beta" => b = x,
                _ => {
                    return Err(SprtError::UnknownKey(k.to_string()));
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (e0, e1) else {
            return Err(SprtError::MissingElo);
        };
        if elo1 <= elo0 {
            return Err(SprtError::ElosNotOrdered { elo0, elo1 });
        }
        for (key, elo) in [("elo0", elo0), ("elo1", elo1)] {
            let s = expected_score(elo);
            if !(s > 0.0 && s < 1.0) {
                return Err(SprtError::ScoreAtLimit { key, elo });
            }
        }
        if expected_score(elo0) >= expected_score(elo1) {
            return Err(SprtError::SameScore { elo0, elo1 });
        }
        let probes = (0..5)
            .map(|i| {
                let mut c = [0; 5];
                c[i] = 1;
                c
            })
            .chain([[1; 5]]);
        for counts in probes {
            if !llr(&counts, elo0, elo1).is_finite() {
                return Err(SprtError::NonFiniteLlr { elo0, elo1 });
            }
        }
        for (k, x) in [("alpha", a), ("beta", b)] {
            if !(x > 0.0 && x < 0.5) {
                return Err(SprtError::BadProbability { key: k, value: x });
            }
        }
        Ok(SprtSpec {
            elo0,
            elo1,
            alpha: a,
            beta: b,
        })
    }

    /// The LLR bounds: (`ln(β / (1 − α))`, `ln((1 − β) / α)`).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

impl fmt::Display for SprtSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// A decided test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: A is not `elo1` stronger (at the test's error rates).
    H0,
    /// H1 accepted.
    H1,
}

/// The expected score of a logistic Elo difference, `1 / (1 + 10^(-elo/400))`: in (0, 1)
/// for moderate Elo; in floating point exactly 1 from about +6,400 Elo and exactly 0 below
/// about −123,000 Elo.
///
/// # Examples
/// ```
/// use esoterica::bots::tournament::sprt::expected_score;
/// assert_eq!(expected_score(0.0), 0.5);
/// assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
/// assert_eq!(expected_score(1e308), 1.0);
/// ```
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution nearest (maximum likelihood) to `p` over the cells [`CELL_SCORE`] with
/// mean `s`: `qᵢ = pᵢ / (1 + λ (aᵢ − s))`, `λ` the root of `Σ pᵢ (aᵢ − s) / (1 + λ (aᵢ − s))`.
fn constrained(p: &[f64; 5], s: f64) -> [f64; 5] {
    let f = |l: f64| -> f64 {
        p.iter()
            .zip(CELL_SCORE)
            .map(|(pi, a)| pi * (a - s) / (1.0 + l * (a - s)))
            .sum()
    };
    // `1 + λ (aᵢ − s) > 0` for every cell: λ in (−1/(1 − s), 1/s); `f` decreases on it.
    let eps = 1e-12;
    let (mut lo, mut hi) = (-1.0 / (1.0 - s) + eps, 1.0 / s - eps);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = (lo + hi) / 2.0;
    let mut q = [0.0; 5];
    for i in 0..5 {
        q[i] = p[i] / (1.0 + l * (CELL_SCORE[i] - s));
    }
    q
}

/// The log-likelihood ratio of H1 (`elo1`) over H0 (`elo0`) for pentanomial counts
/// (pairs scoring 0, ½, 1, 1½, 2 points for A).
///
/// # Examples
/// ```
/// use esoterica::bots::tournament::sprt::llr;
/// // An even score favours neither far: with elo0 = -elo1 the LLR is 0.
/// assert!(llr(&[10, 20, 40, 20, 10], -5.0, 5.0).abs() < 1e-9);
/// assert!(llr(&[5, 15, 40, 25, 15], 0.0, 5.0) > 0.0);
/// ```
pub fn llr(counts: &[u64; 5], elo0: f64, elo1: f64) -> f64 {
    let reg: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let n: f64 = reg.iter().sum();
    let mut p = [0.0; 5];
    for i in 0..5 {
        p[i] = reg[i] / n;
    }
    let q0 = constrained(&p, expected_score(elo0));
    let q1 = constrained(&p, expected_score(elo1));
    n * (0..5).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
}

/// A running test.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The settings.
    pub spec: SprtSpec,
    /// Pairs per pentanomial cell (A's points 0, ½, 1, 1½, 2).
    pub pairs: [u64; 5],
}

impl Sprt {
    /// A test with no pairs yet.
    pub fn new(spec: SprtSpec) -> Sprt {
        Sprt {
            spec,
            pairs: [0; 5],
        }
    }

    /// Counts a pair in which A scored `points` (0, ½, 1, 1½ or 2).
    pub fn add_pair(&mut self, points: f64) {
        let cell = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[cell] += 1;
    }

    /// Pairs counted.
    pub fn pair_count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// The current LLR (0 before the first pair).
    pub fn llr(&self) -> f64 {
        if self.pair_count() == 0 {
            return 0.0;
        }
        llr(&self.pairs, self.spec.elo0, self.spec.elo1)
    }

    /// The decision, once the LLR has left the bounds.
    pub fn decision(&self) -> Option<Decision> {
        let (lower, upper) = self.spec.bounds();
        let l = self.llr();
        if l >= upper {
            Some(Decision::H1)
        } else if l <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }

    /// A's Elo over B from the pairs and its 95% margin (normal approximation on the pair
    /// scores), `None` without pairs or at a 0% or 100% score.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.pair_count() as f64;
        if n == 0.0 {
            return None;
        }
        let mean = (0..5)
            .map(|i| self.pairs[i] as f64 * CELL_SCORE[i])
            .sum::<f64>()
            / n;
        if mean <= 0.0 || mean >= 1.0 {
            return None;
        }
        let var = (0..5)
            .map(|i| self.pairs[i] as f64 * (CELL_SCORE[i] - mean).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        let elo = |x: f64| -400.0 * (1.0 / x.clamp(1e-9, 1.0 - 1e-9) - 1.0).log10();
        Some((
            elo(mean) + 0.0,
            (elo(mean + 1.96 * se) - elo(mean - 1.96 * se)) / 2.0,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Plays simulated pairs (each game: win, draw, loss with A's expected score from
    /// `elo` and 30% draws) until the test decides; returns the decision and games played.
    fn run(spec: SprtSpec, elo: f64, seed: u64) -> (Option<Decision>, u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let e = expected_score(elo);
        let d = 0.3;
        let mut t = Sprt::new(spec);
        let mut game = || {
            let u: f64 = rng.random();
            if u < e - d / 2.0 {
                1.0
            } else if u < e + d / 2.0 {
                0.5
            } else {
                0.0
            }
        };
        for _ in 0..200_000 {
            let pts = game() + game();
            t.add_pair(pts);
            if let Some(dec) = t.decision() {
                return (Some(dec), 2 * t.pair_count());
            }
        }
        (None, 2 * t.pair_count())
    }

    fn spec(elo0: f64, elo1: f64) -> SprtSpec {
        SprtSpec {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn equal_bots_accept_h0_at_about_the_expected_rate() {
        // 200 seeded runs at the true Elo elo0 = 0: H0 should be accepted in about
        // 1 - α = 95% of them.
        let mut h0 = 0;
        let mut games = 0;
        for seed in 0..200 {
            let (d, g) = run(spec(0.0, 5.0), 0.0, seed);
            assert!(d.is_some(), "run {seed} undecided after {g} games");
            h0 += usize::from(d == Some(Decision::H0));
            games += g;
        }
        // 95% of 200 is 190, with a binomial spread of about 3 runs; H1 must happen too
        // (false positives at about the rate α).
        assert!((180..=198).contains(&h0), "H0 accepted in {h0} of 200 runs");
        eprintln!(
            "equal bots: H0 in {h0}/200 runs, {} games on average",
            games / 200
        );
    }

    #[test]
    fn a_clearly_stronger_bot_is_accepted_quickly() {
        // +100 Elo against elo0=0, elo1=5: H1 every time, in a few hundred games.
        let mut total = 0;
        for seed in 0..200 {
            let (d, g) = run(spec(0.0, 5.0), 100.0, 10_000 + seed);
            assert_eq!(d, Some(Decision::H1), "run {seed}");
            total += g;
        }
        let mean = total / 200;
        assert!(mean < 800, "{mean} games on average");
    }

    #[test]
    fn the_llr_moves_with_the_score_and_the_bounds_follow_alpha_and_beta() {
        let s = spec(0.0, 10.0);
        let (lo, hi) = s.bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        let even = llr(&[10, 20, 40, 20, 10], 0.0, 10.0);
        let good = llr(&[5, 15, 40, 25, 15], 0.0, 10.0);
        assert!(even < 0.0 && good > 0.0, "{even} {good}");
        // Doubling the data doubles the LLR.
        let twice = llr(&[10, 30, 80, 50, 30], 0.0, 10.0);
        assert!((twice - 2.0 * good).abs() < 1e-6, "{twice} {good}");
    }

    #[test]
    fn specs_are_read_and_checked() {
        let w = |s: &str| vec![s.to_string()];
        let s = SprtSpec::parse(&[
            "elo0=-1.5".into(),
            "elo1=3".into(),
            "alpha=0.1".into(),
            "beta=0.2".into(),
        ])
        .unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-1.5, 3.0, 0.1, 0.2));
        assert!(
            SprtSpec::parse(&w("elo0=0"))
                .unwrap_err()
                .to_string()
                .contains("needs elo0")
        );
        assert!(
            SprtSpec::parse(&w("elo0=5 elo1=0"))
                .unwrap_err()
                .to_string()
                .contains("above")
        );
        assert!(
            SprtSpec::parse(&w("elo0=0 elo1=5 alpha=0.7"))
                .unwrap_err()
                .to_string()
                .contains("alpha")
        );
        assert!(
            SprtSpec::parse(&w("elo0=0 elo1=x"))
                .unwrap_err()
                .to_string()
                .contains("'x'")
        );
        assert!(SprtSpec::parse(&w("elo0=0 elo1=inf")).is_err());
        // Finite bounds whose scores are 0 or 1, or equal: the LLR would be NaN or stay 0.
        assert_eq!(
            SprtSpec::parse(&w("elo0=0 elo1=1e308")).unwrap_err(),
            SprtError::ScoreAtLimit {
                key: "elo1",
                elo: 1e308
            }
        );
        assert!(llr(&[0, 0, 0, 0, 1], 0.0, 1e308).is_nan());
        assert_eq!(
            SprtSpec::parse(&w("elo0=0 elo1=1e308"))
                .unwrap_err()
                .to_string(),
            "--sprt: elo1=1e308 gives an expected score of 100%, which no test can reach \
             (the log-likelihood ratio is not a number); use a smaller Elo difference"
        );
        assert_eq!(
            SprtSpec::parse(&w("elo0=-2e5 elo1=0")).unwrap_err(),
            SprtError::ScoreAtLimit {
                key: "elo0",
                elo: -2e5
            }
        );
        assert_eq!(
            SprtSpec::parse(&w("elo0=0 elo1=1e-14")).unwrap_err(),
            SprtError::SameScore {
                elo0: 0.0,
                elo1: 1e-14
            }
        );
        assert_eq!(
            SprtSpec::parse(&w("elo0=0 elo1=1e-14"))
                .unwrap_err()
                .to_string(),
            "--sprt: elo0=0 and elo1=1e-14 give the same expected score, so the test could \
             never decide; use bounds further apart"
        );
        // Every accepted spec gives finite LLRs; large but reachable bounds are accepted.
        let wide = SprtSpec::parse(&w("elo0=-1000 elo1=1000")).unwrap();
        for c in [[0, 0, 0, 0, 7], [7, 0, 0, 0, 0], [1, 2, 3, 2, 1]] {
            assert!(llr(&c, wide.elo0, wide.elo1).is_finite(), "{c:?}");
        }
        assert!(
            SprtSpec::parse(&w("elo2=1"))
                .unwrap_err()
                .to_string()
                .contains("unknown key")
        );
        assert!(
            SprtSpec::parse(&w("elo0"))
                .unwrap_err()
                .to_string()
                .contains("key=value")
        );
    }
}

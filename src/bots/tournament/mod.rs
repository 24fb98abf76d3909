//! Tournaments between any number of bots (`esoterica tournament`): round robins and
//! gauntlets over one or several variants, from opening sets, with maximum-likelihood
//! ratings, crosstables, PGN, JSON, an SPRT for A/B tests, and sharding so that any batch
//! system (Ray, a Kubernetes Indexed Job, a Slurm array) can play the parts of one
//! schedule and [`results::merge`] can put them back together, byte for byte.
//!
//! - [`schedule`]: the deterministic list of games and its hash.
//! - [`openings`]: opening files and the generator.
//! - [`runner`]: plays scheduled games on worker threads (through the match runner).
//! - [`results`]: result files and merging.
//! - [`rating`]: the Bradley–Terry fit with error bars.
//! - [`sprt`]: the pentanomial SPRT.
//! - [`report`]: the text and JSON report.
//!
//! Plain Rust, no Bevy, no clock in anything that is compared (the report and the files).

pub mod openings;
pub mod rating;
pub mod report;
pub mod results;
pub mod runner;
pub mod schedule;
pub mod sprt;

/// `--shard` text that is not `K/N` with 0 ≤ K < N ([`parse_shard`]); holds the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(pub String);

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "--shard must be K/N with 0 ≤ K < N (e.g. 0/4), not '{}'",
            self.0
        )
    }
}

impl std::error::Error for ShardError {}

/// Reads `K/N` (0 ≤ K < N): shard K of N.
///
/// # Errors
/// [`ShardError`] for other text.
///
/// # Examples
/// ```
/// use esoterica::bots::tournament::parse_shard;
/// assert_eq!(parse_shard("2/4"), Ok((2, 4)));
/// assert!(parse_shard("4/4").is_err());
/// ```
pub fn parse_shard(text: &str) -> Result<(usize, usize), ShardError> {
    let bad = || ShardError(text.to_string());
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.trim().parse::<usize>().map_err(|_| bad())?,
        n.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if n == 0 || k >= n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Splits `--bot` text into an optional display name and the bot spec: `NAME=SPEC` when
/// the text before the first `=` is a non-empty run of letters, digits and `_ . + -`
/// (so `ext:prog --opt=1` is a spec), else the whole text is the spec.
///
/// # Examples
/// ```
/// use esoterica::bots::tournament::split_named;
/// assert_eq!(split_named("sf=ext:stockfish"), (Some("sf"), "ext:stockfish"));
/// assert_eq!(split_named("ext:bot --x=1"), (None, "ext:bot --x=1"));
/// assert_eq!(split_named("alphabeta:3"), (None, "alphabeta:3"));
/// ```
pub fn split_named(text: &str) -> (Option<&str>, &str) {
    let t = text.trim();
    if let Some((name, spec)) = t.split_once('=')
        && !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.+-".contains(c))
    {
        return (Some(name), spec.trim());
    }
    (None, t)
}

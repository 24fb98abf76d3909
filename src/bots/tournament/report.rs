//! The tournament report: per variant (and over all variants when there are several) the
//! standings with maximum-likelihood ratings and their 95% bars, the crosstable and the
//! colour balance; the SPRT summary in an A/B test; as text and as JSON.
//!
//! Determinism: the report is a function of the schedule, the games (in index order) and
//! the report settings only — no clock, no paths — so a merged run prints and writes
//! exactly what the unsharded run does.

use super::rating::{Anchor, Ratings, Scores, fit};
use super::results::{GameEntry, ReportOptions};
use super::schedule::{Format, Schedule};
use super::sprt::{Decision, Sprt};

/// The text and JSON of a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// For the terminal (ends with a newline).
    pub text: String,
    /// For `--json` (one JSON object and a newline).
    pub json: String,
}

/// A JSON string literal.
fn js(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// A number with one decimal for JSON (`-0.0` written as `0.0`).
fn num(x: f64) -> String {
    format!("{:.1}", (x * 10.0).round() / 10.0 + 0.0)
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Wdl {
    w: usize,
    d: usize,
    l: usize,
}

impl Wdl {
    fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.w += 1;
        } else if points < 0.25 {
            self.l += 1;
        } else {
            self.d += 1;
        }
    }
    fn games(self) -> usize {
        self.w + self.d + self.l
    }
    fn points(self) -> f64 {
        self.w as f64 + self.d as f64 / 2.0
    }
}

/// One section of the report: the games of one variant, or of all.
struct Section {
    title: String,
    key: String,
    games: usize,
    unscored: usize,
    ply_cap: usize,
    faults: usize,
    by_colour: Wdl,
    totals: Vec<Wdl>,
    pairs: Vec<Vec<Wdl>>,
    ratings: Result<Ratings, String>,
}

fn section(
    title: String,
    key: String,
    schedule: &Schedule,
    games: &[&GameEntry],
    opts: &ReportOptions,
) -> Section {
    let names: Vec<&str> = schedule
        .spec
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let n = names.len();
    let idx = |name: &str| names.iter().position(|x| *x == name);
    let mut s = Section {
        title,
        key,
        games: games.len(),
        unscored: 0,
        ply_cap: 0,
        faults: 0,
        by_colour: Wdl::default(),
        totals: vec![Wdl::default(); n],
        pairs: vec![vec![Wdl::default(); n]; n],
        ratings: Err(String::new()),
    };
    let mut scores = Scores::new(n);
    for g in games {
        s.faults += g.faults.len();
        s.ply_cap += usize::from(g.ply_cap);
        let (Some(w), Some(b), Some(p)) = (idx(&g.white), idx(&g.black), g.white_points()) else {
            s.unscored += 1;
            continue;
        };
        s.by_colour.add(p);
        s.totals[w].add(p);
        s.totals[b].add(1.0 - p);
        s.pairs[w][b].add(p);
        s.pairs[b][w].add(1.0 - p);
        scores.add(w, b, p);
    }
    let anchor = match &opts.anchor {
        Some(a) => idx(a).map_or(Anchor::Mean, Anchor::Player),
        None => Anchor::Mean,
    };
    s.ratings = fit(&scores, opts.prior, anchor).map_err(|e| e.to_string());
    s
}

impl Section {
    /// Player indices by rating (then points, then the order given).
    fn order(&self) -> Vec<usize> {
        let n = self.totals.len();
        let mut o: Vec<usize> = (0..n).collect();
        let rating = |i: usize| match &self.ratings {
            Ok(r) => r.elo[i].unwrap_or(f64::NEG_INFINITY),
            Err(_) => 0.0,
        };
        o.sort_by(|&a, &b| {
            rating(b)
                .total_cmp(&rating(a))
                .then(self.totals[b].points().total_cmp(&self.totals[a].points()))
                .then(a.cmp(&b))
        });
        o
    }

    fn text(&self, names: &[String], out: &mut String) {
        let order = self.order();
        let w = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(3)
            .max(3);
        out.push_str(&format!("\n{}: {} games\n", self.title, self.games));
        out.push_str(&format!(
            "{:>3}  {:<w$}  {:>7} {:>5}  {:>5} {:>6} {:>6}  {:>5} {:>5} {:>6}\n",
            "#", "bot", "rating", "±95%", "games", "score", "%", "wins", "draws", "losses"
        ));
        for (rank, &i) in order.iter().enumerate() {
            let t = self.totals[i];
            let (r, e) = match &self.ratings {
                Ok(r) => (
                    r.elo[i].map_or("-".into(), |x| format!("{:+.0}", x.round() + 0.0)),
                    r.error95[i].map_or("-".into(), |x| format!("{x:.0}")),
                ),
                Err(_) => ("-".into(), "-".into()),
            };
            let pct = if t.games() == 0 {
                "-".to_string()
            } else {
                format!("{:.1}", 100.0 * t.points() / t.games() as f64)
            };
            out.push_str(&format!(
                "{:>3}  {:<w$}  {r:>7} {e:>5}  {:>5} {:>6.1} {pct:>6}  {:>5} {:>5} {:>6}\n",
                rank + 1,
                names[i],
                t.games(),
                t.points(),
                t.w,
                t.d,
                t.l
            ));
        }
        if let Err(e) = &self.ratings {
            out.push_str(&format!("ratings not computed: {e}\n"));
        }
        if let [first, second] = order[..] {
            // Two players: their difference as `match` prints it, from the head-to-head
            // score alone (no virtual draws).
            let t = self.totals[first];
            let tally = crate::bots::arena::Tally {
                wins: t.w,
                draws: t.d,
                losses: t.l,
            };
            if let Some(e) = crate::bots::arena::Elo::of(&tally) {
                out.push_str(&format!(
                    "Elo difference ({} vs {}): {}\n",
                    names[first],
                    names[second],
                    e.text()
                ));
            }
        }
        out.push_str("crosstable (the row's points against the column / games):\n");
        let cell_w = 9;
        out.push_str(&format!("{:>3}  {:<w$}", "#", "bot"));
        for k in 1..=order.len() {
            out.push_str(&format!(" {k:>cell_w$}"));
        }
        out.push('\n');
        for (rank, &i) in order.iter().enumerate() {
            out.push_str(&format!("{:>3}  {:<w$}", rank + 1, names[i]));
            for &j in &order {
                let c = self.pairs[i][j];
                let cell = if i == j {
                    "·".to_string()
                } else if c.games() == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}/{}", c.points(), c.games())
                };
                out.push_str(&format!(" {cell:>cell_w$}"));
            }
            out.push('\n');
        }
        let c = self.by_colour;
        let white_pct = if c.games() == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * c.points() / c.games() as f64)
        };
        out.push_str(&format!(
            "colours: White won {}, drew {}, Black won {} (White scored {white_pct}); ply-cap draws {}; faults {}; unscored {}\n",
            c.w, c.d, c.l, self.ply_cap, self.faults, self.unscored
        ));
    }

    fn json(&self, names: &[String]) -> String {
        let standings: Vec<String> = self
            .order()
            .iter()
            .map(|&i| {
                let t = self.totals[i];
                let (r, e) = match &self.ratings {
                    Ok(r) => (
                        r.elo[i].map_or("null".into(), num),
                        r.error95[i].map_or("null".into(), num),
                    ),
                    Err(_) => ("null".into(), "null".into()),
                };
                format!(
                    "{{\"bot\": {}, \"rating\": {r}, \"error95\": {e}, \"games\": {}, \"score\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}}}",
                    js(&names[i]),
                    t.games(),
                    t.points(),
                    t.w,
                    t.d,
                    t.l
                )
            })
            .collect();
        let mut cross = Vec::new();
        for (i, row) in self.pairs.iter().enumerate() {
            for (j, c) in row.iter().enumerate() {
                if i != j && c.games() > 0 {
                    cross.push(format!(
                        "{{\"bot\": {}, \"opponent\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}}}",
                        js(&names[i]),
                        js(&names[j]),
                        c.w,
                        c.d,
                        c.l
                    ));
                }
            }
        }
        let c = self.by_colour;
        let err = self.ratings.as_ref().err().map_or("null".into(), |e| js(e));
        format!(
            "{{\"section\": {}, \"games\": {}, \"standings\": [{}], \"ratings_error\": {err}, \"crosstable\": [{}], \"white_wins\": {}, \"draws\": {}, \"black_wins\": {}, \"ply_cap_draws\": {}, \"faults\": {}, \"unscored\": {}}}",
            js(&self.key),
            self.games,
            standings.join(", "),
            cross.join(", "),
            c.w,
            c.d,
            c.l,
            self.ply_cap,
            self.faults,
            self.unscored
        )
    }
}

/// An A/B test's state for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtSummary {
    /// The test with its pairs.
    pub sprt: Sprt,
    /// The names of A and B.
    pub a: String,
    /// B's name.
    pub b: String,
    /// Pairs that could not be counted (a game of the pair unscored).
    pub skipped_pairs: u64,
}

impl SprtSummary {
    /// The lines printed for the test: settings and bounds, the pentanomial counts, the
    /// LLR and the decision (or "no decision" when the games ran out).
    pub fn text(&self) -> String {
        let s = &self.sprt;
        let (lo, hi) = s.spec.bounds();
        let decision = match s.decision() {
            Some(Decision::H1) => format!(
                "H1 accepted (Elo {} rather than {}): {} is stronger than {}",
                s.spec.elo1, s.spec.elo0, self.a, self.b
            ),
            Some(Decision::H0) => format!(
                "H0 accepted (Elo {} rather than {}): {} is not {} Elo stronger than {}",
                s.spec.elo0, s.spec.elo1, self.a, s.spec.elo1, self.b
            ),
            None => "no decision: the games ran out before the LLR left its bounds".to_string(),
        };
        let elo = s
            .elo()
            .map_or("undefined at a 0% or 100% score".into(), |(e, m)| {
                format!("{:+.1} ± {m:.1} (95%)", e)
            });
        let p = s.pairs;
        format!(
            "\nSPRT (pentanomial, logistic Elo) {}: {} vs {}\n\
             LLR {:.3} (bounds {lo:.3}, {hi:.3}) after {} games ({} pairs{})\n\
             pairs by {}'s points [0, ½, 1, 1½, 2]: [{}, {}, {}, {}, {}]; Elo {elo}\n\
             {decision}\n",
            s.spec,
            self.a,
            self.b,
            s.llr(),
            2 * s.pair_count(),
            s.pair_count(),
            if self.skipped_pairs > 0 {
                format!(", {} skipped with an unscored game", self.skipped_pairs)
            } else {
                String::new()
            },
            self.a,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        )
    }

    fn json(&self) -> String {
        let s = &self.sprt;
        let (lo, hi) = s.spec.bounds();
        let decision = match s.decision() {
            Some(Decision::H1) => "\"H1\"",
            Some(Decision::H0) => "\"H0\"",
            None => "null",
        };
        let elo = s.elo().map_or("null".into(), |(e, m)| {
            format!("{{\"diff\": {}, \"margin95\": {}}}", num(e), num(m))
        });
        let p = s.pairs;
        format!(
            "{{\"model\": \"pentanomial\", \"a\": {}, \"b\": {}, \"elo0\": {}, \"elo1\": {}, \"alpha\": {}, \"beta\": {}, \"llr\": {:.3}, \"lower\": {lo:.3}, \"upper\": {hi:.3}, \"pairs\": [{}, {}, {}, {}, {}], \"skipped_pairs\": {}, \"elo\": {elo}, \"decision\": {decision}}}",
            js(&self.a),
            js(&self.b),
            s.spec.elo0,
            s.spec.elo1,
            s.spec.alpha,
            s.spec.beta,
            s.llr(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.skipped_pairs
        )
    }
}

/// The report of `games` (in index order; all the schedule's games, or the first ones of
/// a run that stopped early) of `schedule`.
pub fn build(
    schedule: &Schedule,
    games: &[GameEntry],
    opts: &ReportOptions,
    sprt: Option<&SprtSummary>,
) -> Report {
    let spec = &schedule.spec;
    let names: Vec<String> = spec.players.iter().map(|p| p.name.clone()).collect();
    let format = match spec.format {
        Format::RoundRobin => "round robin".to_string(),
        Format::Gauntlet(g) => format!("gauntlet of {}", names[g]),
    };
    let mut text = format!(
        "Esoterica tournament: {format}, {} bots, {} ({}), {} games per pair, seed {}\n",
        names.len(),
        if spec.variants.len() == 1 {
            "1 variant".to_string()
        } else {
            format!("{} variants", spec.variants.len())
        },
        spec.variants.join(", "),
        spec.games_per_pair,
        spec.seed
    );
    let limits = [
        spec.movetime_ms.map(|m| format!("movetime {m} ms")),
        spec.time_control.as_ref().map(|t| format!("clock {t}")),
        spec.nodes.map(|n| format!("nodes {n}")),
        Some(format!("max {} plies", spec.max_plies)),
        Some(format!("fallback {}", spec.fallback)),
    ];
    let limits: Vec<String> = limits.into_iter().flatten().collect();
    text.push_str(&format!("limits: {}\n", limits.join(", ")));
    let openings: Vec<String> = spec
        .openings
        .iter()
        .zip(&schedule.openings)
        .map(|(set, list)| {
            format!(
                "{} {} ({})",
                set.variant,
                list.len(),
                if set.lines.is_empty() {
                    "initial position"
                } else {
                    &set.source
                }
            )
        })
        .collect();
    text.push_str(&format!("openings: {}\n", openings.join("; ")));
    text.push_str(&format!(
        "schedule {}: {} games, {} played\n",
        schedule.hash_hex(),
        schedule.games.len(),
        games.len()
    ));
    let mut sections = Vec::new();
    for (vi, v) in schedule.variants.iter().enumerate() {
        let gs: Vec<&GameEntry> = games
            .iter()
            .filter(|g| {
                schedule
                    .games
                    .get(g.index)
                    .is_some_and(|s| s.variant_index == vi)
            })
            .collect();
        sections.push(section(
            v.name().to_string(),
            v.name().to_string(),
            schedule,
            &gs,
            opts,
        ));
    }
    if schedule.variants.len() > 1 {
        let all: Vec<&GameEntry> = games.iter().collect();
        sections.push(section(
            "all variants".into(),
            "all".into(),
            schedule,
            &all,
            opts,
        ));
    }
    for s in &sections {
        s.text(&names, &mut text);
    }
    text.push_str(&format!(
        "\nratings: maximum likelihood (Bradley–Terry, logistic Elo, draws as half points){}, {}; ±95% from the Fisher information\n",
        if opts.prior > 0.0 {
            format!(" with {} virtual draw{} per pairing", opts.prior, if opts.prior == 1.0 { "" } else { "s" })
        } else {
            String::new()
        },
        match &opts.anchor {
            Some(a) => format!("{a} = 0"),
            None => "mean 0".into(),
        }
    ));
    let mut faults = Vec::new();
    let mut fault_count = 0;
    let mut internal = 0;
    for g in games {
        for f in &g.faults {
            fault_count += 1;
            internal += usize::from(f.internal);
            if faults.len() < 1000 {
                faults.push(format!(
                    "{{\"game\": {}, \"bot\": {}, \"color\": {}, \"reason\": {}, \"internal\": {}}}",
                    g.index,
                    js(&f.bot),
                    js(&f.color),
                    js(&f.reason),
                    f.internal
                ));
            }
        }
    }
    if fault_count > 0 {
        text.push_str(&format!(
            "faults: {fault_count} (the JSON file lists them)\n"
        ));
        for g in games.iter().filter(|g| !g.faults.is_empty()).take(5) {
            for f in &g.faults {
                text.push_str(&format!(
                    "  game {}: {} ({}){}: {}\n",
                    g.index,
                    f.bot,
                    f.color,
                    if f.internal { " internal error" } else { "" },
                    f.reason
                ));
            }
        }
    }
    if let Some(s) = sprt {
        text.push_str(&s.text());
    }
    let game_list: Vec<String> = games
        .iter()
        .map(|g| {
            format!(
                "{{\"index\": {}, \"variant\": {}, \"white\": {}, \"black\": {}, \"opening\": {}, \"result\": {}, \"termination\": {}, \"plies\": {}}}",
                g.index,
                js(&g.variant),
                js(&g.white),
                js(&g.black),
                js(schedule
                    .games
                    .get(g.index)
                    .and_then(|s| schedule.openings[s.variant_index].get(g.opening))
                    .map_or("", |o| o.text.as_str())),
                js(&g.result),
                js(&g.termination),
                g.plies
            )
        })
        .collect();
    let players: Vec<String> = spec
        .players
        .iter()
        .map(|p| format!("{{\"name\": {}, \"spec\": {}}}", js(&p.name), js(&p.spec)))
        .collect();
    let opt = |x: Option<u64>| x.map_or("null".into(), |v| v.to_string());
    let json = format!(
        "{{\"schedule\": {}, \"format\": {}, \"players\": [{}], \"variants\": [{}], \"games_per_pair\": {}, \"seed\": {}, \"movetime_ms\": {}, \"time_control\": {}, \"nodes\": {}, \"max_plies\": {}, \"prior\": {}, \"anchor\": {}, \"games_scheduled\": {}, \"games_played\": {}, \"sections\": [{}], \"sprt\": {}, \"fault_count\": {fault_count}, \"internal_errors\": {internal}, \"faults\": [{}], \"games\": [{}]}}\n",
        js(&schedule.hash_hex()),
        js(&format),
        players.join(", "),
        spec.variants
            .iter()
            .map(|v| js(v))
            .collect::<Vec<_>>()
            .join(", "),
        spec.games_per_pair,
        spec.seed,
        opt(spec.movetime_ms),
        spec.time_control.as_deref().map_or("null".into(), js),
        opt(spec.nodes),
        spec.max_plies,
        opts.prior,
        opts.anchor.as_deref().map_or("null".into(), js),
        schedule.games.len(),
        games.len(),
        sections
            .iter()
            .map(|s| s.json(&names))
            .collect::<Vec<_>>()
            .join(", "),
        sprt.map_or("null".into(), SprtSummary::json),
        faults.join(", "),
        game_list.join(", ")
    );
    Report { text, json }
}

//! Plays scheduled games: each through the match runner's
//! [`play_game`] (so faults, fallbacks, the ply cap and
//! internal errors are handled as in `esoterica match`), on worker threads, handed back in
//! index order.

use super::results::{FaultEntry, GameEntry};
use super::schedule::Schedule;
use crate::bots::arena::{Contestant, Fallback, MatchConfig, play_game};
use crate::bots::{BotSpec, SearchLimits};
use crate::rules::{DrawReason, Outcome};

/// The contestants of a schedule's players, in order.
///
/// # Errors
/// The first spec that cannot be read, naming the player.
pub fn contestants(schedule: &Schedule) -> Result<Vec<Contestant>, String> {
    schedule
        .spec
        .players
        .iter()
        .map(|p| {
            let spec = BotSpec::parse(&p.spec).map_err(|e| format!("bot '{}': {e}", p.name))?;
            let mut c = Contestant::from_spec(&spec);
            c.name.clone_from(&p.name);
            Ok(c)
        })
        .collect()
}

/// Asks every player whether it plays every variant of the schedule, before the first
/// game (an external program is started and its `uci` answer read).
///
/// # Errors
/// The first refusal ("engine 'ext:…' does not support variant …"), or a bot that panics
/// while being asked.
pub fn check_players(
    schedule: &Schedule,
    players: &[Contestant],
) -> Result<(), crate::bots::arena::BotCheckError> {
    for &v in &schedule.variants {
        for c in players {
            crate::bots::arena::check_bot(c, schedule.spec.seed, v)?;
        }
    }
    Ok(())
}

/// Plays game `index` of the schedule.
///
/// # Panics
/// If `index` is not in the schedule or `players` does not match it.
pub fn play_one(schedule: &Schedule, players: &[Contestant], index: usize) -> GameEntry {
    let g = schedule.games[index];
    let spec = &schedule.spec;
    let opening = &schedule.openings[g.variant_index][g.opening];
    let mut cfg = MatchConfig::new(
        g.variant,
        players[g.white].clone(),
        players[g.black].clone(),
        1,
    );
    cfg.limits = SearchLimits {
        movetime: spec.movetime_ms.map(std::time::Duration::from_millis),
        depth: None,
        nodes: spec.nodes,
    };
    // Checked when the schedule was built.
    cfg.time_control = spec.clock().unwrap_or_default();
    cfg.seed = g.seed;
    cfg.jobs = 1;
    cfg.fallback = if spec.fallback == "random" {
        Fallback::Random
    } else {
        Fallback::Forfeit
    };
    cfg.max_plies = spec.max_plies;
    cfg.start = Some(opening.start.clone());
    // Game 0 of a one-game series: bot A (White here) has White.
    let mut r = play_game(&cfg, 0);
    for (k, v) in &mut r.record.tags {
        match k.as_str() {
            "Event" => *v = "Esoterica tournament".into(),
            "Round" => *v = (index + 1).to_string(),
            _ => {}
        }
    }
    if !opening.text.is_empty() {
        r.record.tags.push(("Opening".into(), opening.text.clone()));
    }
    r.record.tags.push((
        "Schedule".into(),
        format!("{} game {index}", schedule.hash_hex()),
    ));
    let pgn = crate::rules::notation::pgn::write(&r.record);
    GameEntry {
        index,
        variant: g.variant.name().to_string(),
        white: spec.players[g.white].name.clone(),
        black: spec.players[g.black].name.clone(),
        opening: g.opening,
        result: r.outcome.map_or("*", |o| o.result_token()).to_string(),
        termination: r.termination.clone(),
        plies: r.record.len(),
        ply_cap: r.outcome
            == Some(Outcome::Draw {
                reason: DrawReason::PlyCap,
            }),
        faults: r
            .faults
            .iter()
            .map(|f| FaultEntry {
                bot: f.bot.clone(),
                color: f.color.name().to_string(),
                reason: f.reason.clone(),
                internal: f.internal,
            })
            .collect(),
        pgn,
    }
}

/// Plays the games `indices` (in that order of preference) on `jobs` threads and hands
/// each to `on_game` on the calling thread, in the order of `indices`, with at most
/// [`in_flight`](crate::bots::arena::in_flight)`(jobs)` games held at once. When `on_game`
/// returns `false` no further game is started, the games still running are finished and
/// dropped, and this returns `false`; otherwise `true` once every game was handed over.
pub fn play_games(
    schedule: &Schedule,
    players: &[Contestant],
    indices: &[usize],
    jobs: usize,
    on_game: impl FnMut(GameEntry) -> bool,
) -> bool {
    crate::bots::arena::run_in_order(
        indices.len(),
        jobs,
        |k| play_one(schedule, players, indices[k]),
        on_game,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::tournament::schedule::tests_support::spec;

    #[test]
    fn games_are_handed_over_in_order_and_tagged() {
        let s = Schedule::build(&spec(&["random", "greedy"], &["standard"], 4)).unwrap();
        let players = contestants(&s).unwrap();
        let mut seen = Vec::new();
        let all = play_games(&s, &players, &[0, 1, 2, 3], 2, |g| {
            seen.push(g);
            true
        });
        assert!(all);
        assert_eq!(
            seen.iter().map(|g| g.index).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
        let g = &seen[1];
        assert_eq!((g.white.as_str(), g.black.as_str()), ("greedy", "random"));
        assert!(
            g.pgn.contains("[Event \"Esoterica tournament\"]\n"),
            "{}",
            g.pgn
        );
        assert!(g.pgn.contains("[Round \"2\"]\n"), "{}", g.pgn);
        let line = &s.openings[0][g.opening].text;
        assert!(
            g.pgn.contains(&format!("[Opening \"{line}\"]\n")),
            "{}",
            g.pgn
        );
        assert!(
            g.pgn
                .contains(&format!("[Schedule \"{} game 1\"]", s.hash_hex()))
        );
        // The same game again: the same moves (no wall-clock limit).
        assert_eq!(play_one(&s, &players, 1), seen[1]);
    }

    #[test]
    fn a_false_from_the_callback_stops_the_run() {
        let s = Schedule::build(&spec(&["random", "random"], &["standard"], 8)).unwrap();
        let players = contestants(&s).unwrap();
        let mut n = 0;
        let all = play_games(&s, &players, &(0..8).collect::<Vec<_>>(), 2, |_| {
            n += 1;
            n < 3
        });
        assert!(!all);
        assert_eq!(n, 3);
    }
}

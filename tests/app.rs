//! Headless tests of the game's ECS layer (no window, no render, no egui): the resolution
//! stages run in order, entities follow the rules position through random games, illegal
//! moves are refused with the rules' reason. One binary, because each links Bevy.
#![cfg(feature = "app")]

use std::time::Duration;

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use esoterica::TeleportSystems;
use esoterica::game::{
    ActiveGame, BoardSquare, GamePlugin, HexagramNumber, MoveRejected, MoveResolved, MoveSource,
    NewGameRequest, RedoRequest, ResolutionSet, StageLog, StatusLine, SubmitMoveRequest,
    UndoRequest, check_world_matches_position,
};
use esoterica::rules::{Color, Effect, Entry, Move, Piece, PieceKind, Position, Variant};

fn test_app(start: Position) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .insert_resource(ActiveGame::new(start))
        .add_plugins(GamePlugin);
    app.edit_schedule(Update, |s| {
        s.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    app.update();
    app
}

fn submit(app: &mut App, mv: Move) {
    app.world_mut().write_message(SubmitMoveRequest {
        mv,
        source: MoveSource::Script,
    });
    app.update();
}

fn sq(pos: &Position, name: &str) -> esoterica::rules::Square {
    pos.shape().parse_square(name).unwrap()
}

fn teleport_sets() -> Vec<ResolutionSet> {
    [
        TeleportSystems::Exoteric,
        TeleportSystems::Esoteric,
        TeleportSystems::Capture,
        TeleportSystems::Settle,
    ]
    .map(ResolutionSet::Teleport)
    .to_vec()
}

#[test]
fn initial_entities_equal_the_start_position() {
    let mut app = test_app(Position::new(Variant::BigOuter));
    check_world_matches_position(app.world_mut()).unwrap();
}

/// Bc1-d2 in Intrachange: d2 (23) has the Bishop line set, so White teleports to f2 (19)
/// and captures the Knight there (`rules/intrachange.md §2–3`). The effects are injected as
/// the rules core reports them, so this checks the pipeline alone.
#[test]
fn teleport_with_capture_runs_exoteric_esoteric_capture_settle_in_order() {
    let before =
        Position::from_text(Variant::Intrachange, "4k3/8/8/8/8/8/5n2/2B1K3 w - - 0 1").unwrap();
    let after =
        Position::from_text(Variant::Intrachange, "4k3/8/8/8/8/8/5B2/4K3 b - - 0 1").unwrap();
    let (c1, d2, f2) = (sq(&before, "c1"), sq(&before, "d2"), sq(&before, "f2"));
    let bishop = Piece::new(Color::White, PieceKind::Bishop);
    let effects = vec![
        Effect::Step {
            piece: bishop,
            from: c1,
            to: d2,
        },
        Effect::Teleport {
            piece: bishop,
            from: d2,
            to: f2,
        },
        Effect::Capture {
            piece: Piece::new(Color::Black, PieceKind::Knight),
            at: f2,
        },
    ];
    let mut app = test_app(before);
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .record
        .push(Entry::Move(Move::new(c1, d2)), after);
    app.world_mut().write_message(MoveResolved {
        effects: effects.clone(),
    });
    app.update();
    let log = app.world().resource::<StageLog>();
    assert_eq!(log.set_sequence(), teleport_sets());
    let applied: Vec<Effect> = log.0.iter().filter_map(|e| e.effect.clone()).collect();
    assert_eq!(applied, effects);
    check_world_matches_position(app.world_mut()).unwrap();
}

/// The same move through the real rules core; needs the Intrachange rules (branch
/// `intrachange`). Run with `cargo test --test app -- --ignored`.
#[test]
#[ignore = "needs the Intrachange rules (branch intrachange) merged"]
fn intrachange_rules_teleport_with_capture_runs_all_stages_in_order() {
    let before =
        Position::from_text(Variant::Intrachange, "4k3/8/8/8/8/8/5n2/2B1K3 w - - 0 1").unwrap();
    let mv = before.parse_move("c1d2").unwrap();
    let mut app = test_app(before);
    submit(&mut app, mv);
    assert_eq!(
        app.world().resource::<StageLog>().set_sequence(),
        teleport_sets()
    );
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn standard_capture_runs_exoteric_then_capture_then_settle() {
    let start =
        Position::from_text(Variant::Standard, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    let mut app = test_app(start.clone());
    submit(&mut app, start.parse_move("exd5").unwrap());
    assert_eq!(
        app.world().resource::<StageLog>().set_sequence(),
        [
            TeleportSystems::Exoteric,
            TeleportSystems::Capture,
            TeleportSystems::Settle
        ]
        .map(ResolutionSet::Teleport)
        .to_vec()
    );
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn new_game_of_another_variant_rebuilds_squares_and_pieces() {
    let mut app = test_app(Position::new(Variant::Standard));
    app.world_mut().write_message(NewGameRequest {
        variant: Variant::BigOuter,
        position: None,
    });
    app.update();
    let squares = app
        .world_mut()
        .query::<&BoardSquare>()
        .iter(app.world())
        .count();
    assert_eq!(squares, 148);
    check_world_matches_position(app.world_mut()).unwrap();
    app.world_mut().write_message(NewGameRequest {
        variant: Variant::Intrachange,
        position: None,
    });
    app.update();
    let numbers: Vec<u8> = app
        .world_mut()
        .query::<&HexagramNumber>()
        .iter(app.world())
        .map(|n| n.0)
        .collect();
    assert_eq!(numbers.len(), 64);
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn random_games_keep_entities_equal_to_the_position() {
    let variants = [
        Variant::Standard,
        Variant::Intrachange,
        Variant::ForceField,
        Variant::BigOuter,
        Variant::Bully,
        Variant::Nonviolent,
    ];
    for (i, variant) in variants.into_iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(0xE50 + i as u64);
        let mut app = test_app(Position::new(variant));
        let mut played = 0;
        while played < 200 {
            let game = app.world().resource::<ActiveGame>();
            if game.record.outcome().is_some() {
                break;
            }
            let moves = game.record.current().legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            submit(&mut app, mv);
            played += 1;
            assert_eq!(app.world().resource::<ActiveGame>().record.len(), played);
            if let Err(e) = check_world_matches_position(app.world_mut()) {
                panic!("{variant} after {played} moves: {e}");
            }
        }
        assert!(played > 10, "{variant}: only {played} moves");
    }
}

#[test]
fn illegal_move_is_rejected_with_the_rules_reason_and_changes_nothing() {
    let start = Position::new(Variant::Standard);
    let mv = Move::new(sq(&start, "e2"), sq(&start, "e5"));
    let reason = start.clone().try_play(&mv).unwrap_err().reason;
    let mut app = test_app(start.clone());
    submit(&mut app, mv);
    let rejected: Vec<MoveRejected> = app
        .world()
        .resource::<Messages<MoveRejected>>()
        .iter_current_update_messages()
        .cloned()
        .collect();
    assert_eq!(
        rejected,
        vec![MoveRejected {
            mv: "e2e5".to_string(),
            reason: reason.clone()
        }]
    );
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        format!("Illegal move e2e5: {reason}.")
    );
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 0);
    assert_eq!(game.record.current(), &start);
    assert!(app.world().resource::<StageLog>().0.is_empty());
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn undo_then_redo_returns_to_the_same_position() {
    let start = Position::new(Variant::Standard);
    let mut app = test_app(start.clone());
    submit(&mut app, start.parse_move("e2e4").unwrap());
    let after = app
        .world()
        .resource::<ActiveGame>()
        .record
        .current()
        .clone();
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(
        app.world().resource::<ActiveGame>().record.current(),
        &start
    );
    check_world_matches_position(app.world_mut()).unwrap();
    app.world_mut().write_message(RedoRequest);
    app.update();
    app.update();
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.current(), &after);
    assert!(game.redo.is_empty());
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn parity_white_commit_stays_hidden_until_black_commits() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    submit(&mut app, start.parse_move("e2e4").unwrap());
    let game = app.world().resource::<ActiveGame>();
    assert!(game.pending_commit.is_some());
    assert_eq!(game.record.len(), 0);
    check_world_matches_position(app.world_mut()).unwrap();
}

mod bots_and_files {
    //! `BotPlugin` (bots think off the main thread; their moves go through the pipeline) and
    //! the persist glue (load, save, bad files).

    use super::*;
    use esoterica::bots::plugin::{BotPlugin, Players};
    use esoterica::game::persist_glue::{LoadGameRequest, SaveGameRequest};
    use esoterica::persist::PlayerSpec;

    fn bot(spec: &str) -> PlayerSpec {
        PlayerSpec::Bot {
            spec: spec.into(),
            level: 1,
        }
    }

    fn bot_app(start: Position, white: PlayerSpec, black: PlayerSpec) -> App {
        let mut app = test_app(start);
        app.add_plugins(BotPlugin {
            pace_secs: 0.0,
            ..Default::default()
        });
        app.world_mut().resource_mut::<Players>().0 = esoterica::persist::Players { white, black };
        app
    }

    /// Runs frames until `done` or 10 s of wall time (the bots think on their own thread).
    fn run_until(app: &mut App, done: impl Fn(&App) -> bool) {
        let start = std::time::Instant::now();
        while !done(app) && start.elapsed() < Duration::from_secs(10) {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn entries(app: &App) -> usize {
        app.world().resource::<ActiveGame>().record.len()
    }

    #[test]
    fn bot_versus_bot_plays_twenty_plies_through_the_pipeline() {
        let mut app = bot_app(
            Position::new(Variant::Standard),
            bot("random"),
            bot("greedy"),
        );
        let mut plies = 0;
        while plies < 20 {
            let before = entries(&app);
            run_until(&mut app, |a| entries(a) > before);
            plies = entries(&app);
            assert!(plies > before, "a bot did not move after {before} plies");
            check_world_matches_position(app.world_mut()).unwrap();
        }
        app.world_mut().resource_mut::<Players>().0 = Default::default();
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(entries(&app), 20);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn parity_bot_commits_from_the_start_of_turn_position() {
        let start = Position::new(Variant::Parity);
        let mut app = bot_app(start.clone(), PlayerSpec::Human, bot("alphabeta"));
        let white = start.parse_move("e2e4").unwrap();
        submit(&mut app, white);
        run_until(&mut app, |a| entries(a) == 1);
        let game = app.world().resource::<ActiveGame>();
        let Entry::Turn { white: w, black } = game.record.entries()[0] else {
            panic!("expected a Parity turn, got {:?}", game.record.entries());
        };
        assert_eq!(w, white);
        assert!(start.legal_commits(Color::Black).contains(&black));
        assert_eq!(game.pending_commit, None);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn parity_bots_play_turns_on_both_sides() {
        let mut app = bot_app(Position::new(Variant::Parity), bot("random"), bot("greedy"));
        run_until(&mut app, |a| entries(a) >= 3);
        app.world_mut().resource_mut::<Players>().0 = Default::default();
        for _ in 0..5 {
            app.update();
        }
        assert!(entries(&app) >= 3);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    fn temp_file(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("esoterica-app-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn loaded_game_restores_its_history_and_undo_works() {
        let mut app = test_app(Position::new(Variant::Standard));
        for m in ["e2e4", "e7e5", "g1f3"] {
            let mv = app
                .world()
                .resource::<ActiveGame>()
                .record
                .current()
                .parse_move(m)
                .unwrap();
            submit(&mut app, mv);
        }
        let path = temp_file("saved.pgn");
        app.world_mut().write_message(SaveGameRequest(path.clone()));
        app.update();
        app.world_mut().write_message(NewGameRequest {
            variant: Variant::Bully,
            position: None,
        });
        app.update();
        assert_eq!(entries(&app), 0);
        app.world_mut().write_message(LoadGameRequest(path));
        app.update();
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Standard);
        assert_eq!(game.record.len(), 3);
        assert_eq!(
            game.record.current().to_text(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        check_world_matches_position(app.world_mut()).unwrap();
        app.world_mut().write_message(UndoRequest);
        app.update();
        assert_eq!(
            app.world()
                .resource::<ActiveGame>()
                .record
                .current()
                .to_text(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn bad_game_file_leaves_the_current_game_untouched() {
        let mut app = test_app(Position::new(Variant::Standard));
        let mv = Position::new(Variant::Standard).parse_move("d2d4").unwrap();
        submit(&mut app, mv);
        let before = app.world().resource::<ActiveGame>().record.clone();
        let path = temp_file("bad.pgn");
        std::fs::write(&path, "[Variant \"Standard\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
        app.world_mut().write_message(LoadGameRequest(path.clone()));
        app.update();
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.record.entries(), before.entries());
        assert_eq!(game.record.current().to_text(), before.current().to_text());
        let status = &app.world().resource::<StatusLine>().0;
        assert!(status.starts_with("Could not load"), "{status}");
        assert!(status.contains("move 2"), "{status}");
        app.world_mut()
            .write_message(LoadGameRequest(temp_file("missing.pgn")));
        app.update();
        assert_eq!(
            app.world().resource::<ActiveGame>().record.entries(),
            before.entries()
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn scene_plays_its_script_through_the_pipeline_while_bots_wait() {
        use esoterica::game::persist_glue::{PlaySceneRequest, ScenePlayback};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/standard-en-passant-and-castling.ron");
        let scene = esoterica::persist::load_scene(&path).unwrap();
        let mut app = bot_app(
            Position::new(Variant::Standard),
            PlayerSpec::Human,
            bot("random"),
        );
        app.world_mut().resource_mut::<ScenePlayback>().step_secs = 0.0;
        app.world_mut()
            .write_message(PlaySceneRequest(Box::new(scene)));
        run_until(&mut app, |a| entries(a) >= 11);
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(
            app.world()
                .resource::<ActiveGame>()
                .record
                .current()
                .to_text(),
            "rnbq1rk1/ppp1bppp/3p1n2/8/2B5/5N2/PPPP1PPP/RNBQ1RK1 b - - 5 6"
        );
        assert_eq!(
            app.world().resource::<ScenePlayback>().caption,
            "White castles short too."
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn autosave_is_written_after_each_move_and_cleared_when_the_game_ends() {
        use esoterica::game::persist_glue::AutosaveSlot;
        use esoterica::persist::Autosave;
        let dir = temp_file("autosave-dir");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let autosave = Autosave::new(&dir);
        let mut app = test_app(Position::new(Variant::Standard));
        app.insert_resource(AutosaveSlot::new(autosave.clone()));
        for (i, m) in ["f2f3", "e7e5", "g2g4"].iter().enumerate() {
            let pos = app
                .world()
                .resource::<ActiveGame>()
                .record
                .current()
                .clone();
            submit(&mut app, pos.parse_move(m).unwrap());
            let saved = autosave.load().unwrap().unwrap();
            assert_eq!(saved.len(), i + 1);
        }
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, pos.parse_move("d8h4").unwrap());
        assert!(
            app.world()
                .resource::<ActiveGame>()
                .record
                .outcome()
                .is_some()
        );
        assert!(autosave.load().unwrap().is_none());
    }
}

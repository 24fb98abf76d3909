//! Headless tests of the game's ECS layer (no window, no render, no egui): the resolution
//! stages run in order, entities follow the rules position through random games, illegal
//! moves are refused with the rules' reason. One binary, because each links Bevy.
#![cfg(feature = "app")]

use std::time::Duration;

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use esoterica::game::{
    ActiveGame, AutomatedSides, BoardSquare, Captured, GamePlugin, HexagramNumber, MoveRejected,
    MoveResolved, MoveSource, NewGameRequest, OnSquare, ParityCommits, PendingMoves, PieceEntity,
    RedoRequest, ResolutionSet, SideMoveRequest, StageLog, StatusLine, SubmitMoveRequest,
    TakeBackCommitRequest, UndoRequest, check_world_matches_position,
};
use esoterica::rules::{Color, Effect, Entry, Move, Piece, PieceKind, Position, Variant};
use esoterica::{ResolveMove, ResolveTurn, SimultaneousSystems, TeleportSystems};

fn test_app(start: Position) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .insert_resource(ActiveGame::new(start))
        .add_plugins(GamePlugin);
    for label in [Update.intern(), ResolveMove.intern(), ResolveTurn.intern()] {
        app.edit_schedule(label, |s| {
            s.set_build_settings(ScheduleBuildSettings {
                ambiguity_detection: LogLevel::Error,
                ..default()
            });
        });
    }
    app.update();
    app
}

/// Seats a bot for `side` the way the Players panel does (the game carries the request out
/// in the next frame). Without `BotPlugin` nobody thinks for it: the test plays its moves.
fn seat_bot(app: &mut App, side: Color) {
    app.world_mut()
        .write_message(esoterica::game::SetSeatRequest {
            side,
            player: esoterica::persist::PlayerSpec::Bot {
                spec: "random".into(),
                level: 1,
            },
        });
    app.update();
    let automated = *app.world().resource::<AutomatedSides>();
    assert!(automated.plays(side), "{automated:?}");
}

fn submit(app: &mut App, mv: Move) {
    app.world_mut().write_message(SubmitMoveRequest {
        mv,
        source: MoveSource::Script,
    });
    app.update();
}

/// Submits the move `text` (coordinate form or SAN) of the game's current position.
fn play_text(app: &mut App, text: &str) {
    let mv = app
        .world()
        .resource::<ActiveGame>()
        .record
        .current()
        .parse_move(text)
        .unwrap();
    submit(app, mv);
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
    // The stage sets alone: one run of the per-move schedule, no queued request.
    app.world_mut().run_schedule(ResolveMove);
    let log = app.world().resource::<StageLog>();
    assert_eq!(log.set_sequence(), teleport_sets());
    let applied: Vec<Effect> = log.0.iter().filter_map(|e| e.effect.clone()).collect();
    assert_eq!(applied, effects);
    check_world_matches_position(app.world_mut()).unwrap();
}

/// The same move through the real rules core: the effects and the stage log are exactly
/// Exoteric (step c1–d2) → Esoteric (teleport d2–f2) → Capture (Knight on f2) → Settle.
#[test]
fn intrachange_rules_teleport_with_capture_runs_all_stages_in_order() {
    let before =
        Position::from_text(Variant::Intrachange, "4k3/8/8/8/8/8/5n2/2B1K3 w - - 0 1").unwrap();
    let mv = before.parse_move("c1d2").unwrap();
    let (c1, d2, f2) = (sq(&before, "c1"), sq(&before, "d2"), sq(&before, "f2"));
    let bishop = Piece::new(Color::White, PieceKind::Bishop);
    let mut app = test_app(before);
    submit(&mut app, mv);
    let log = app.world().resource::<StageLog>();
    assert_eq!(log.set_sequence(), teleport_sets());
    let applied: Vec<(ResolutionSet, Effect)> = log
        .0
        .iter()
        .filter_map(|e| e.effect.clone().map(|fx| (e.set, fx)))
        .collect();
    assert_eq!(
        applied,
        vec![
            (
                ResolutionSet::Teleport(TeleportSystems::Exoteric),
                Effect::Step {
                    piece: bishop,
                    from: c1,
                    to: d2
                }
            ),
            (
                ResolutionSet::Teleport(TeleportSystems::Esoteric),
                Effect::Teleport {
                    piece: bishop,
                    from: d2,
                    to: f2
                }
            ),
            (
                ResolutionSet::Teleport(TeleportSystems::Capture),
                Effect::Capture {
                    piece: Piece::new(Color::Black, PieceKind::Knight),
                    at: f2
                }
            ),
        ]
    );
    assert_eq!(
        app.world()
            .resource::<ActiveGame>()
            .record
            .current()
            .to_text(),
        "4k3/8/8/8/8/8/5B2/4K3 b - - 0 1"
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
fn queued_moves_resolve_in_one_frame_each_through_its_own_stages() {
    let start = Position::new(Variant::Standard);
    let mut app = test_app(start.clone());
    // Three moves queued without a frame in between (each parsed on its own position).
    let mut pos = start.clone();
    for san in ["e4", "d5", "exd5"] {
        let mv = pos.parse_move(san).unwrap();
        pos.try_play(&mv).unwrap();
        app.world_mut().write_message(SubmitMoveRequest {
            mv,
            source: MoveSource::Script,
        });
    }
    app.update();
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 3);
    assert_eq!(
        game.record.current().to_text(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    let t = ResolutionSet::Teleport;
    assert_eq!(
        app.world().resource::<StageLog>().set_sequence(),
        vec![
            t(TeleportSystems::Exoteric),
            t(TeleportSystems::Settle),
            t(TeleportSystems::Exoteric),
            t(TeleportSystems::Settle),
            t(TeleportSystems::Exoteric),
            t(TeleportSystems::Capture),
            t(TeleportSystems::Settle),
        ]
    );
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn a_move_queued_with_a_new_game_waits_for_the_new_board() {
    let mut app = test_app(Position::new(Variant::Standard));
    let intrachange = Position::new(Variant::Intrachange);
    let e2e4 = intrachange.parse_move("e2e4").unwrap();
    app.world_mut().write_message(NewGameRequest {
        variant: Variant::Intrachange,
        position: None,
        origin: esoterica::game::GameOrigin::Player,
    });
    app.world_mut().write_message(SubmitMoveRequest {
        mv: e2e4,
        source: MoveSource::Script,
    });
    app.update();
    // The board is rebuilt this frame; the move waits.
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
    assert_eq!(app.world().resource::<PendingMoves>().0.len(), 1);
    check_world_matches_position(app.world_mut()).unwrap();
    app.update();
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 1);
    assert_eq!(
        game.record.current().to_text(),
        "rnbqkbnr/pppppppp/4P3/8/8/8/PPPP1PPP/RNBQKBNR b - - 0 1"
    );
    check_world_matches_position(app.world_mut()).unwrap();
}

#[test]
fn new_game_of_another_variant_rebuilds_squares_and_pieces() {
    let mut app = test_app(Position::new(Variant::Standard));
    app.world_mut().write_message(NewGameRequest {
        variant: Variant::BigOuter,
        position: None,
        origin: esoterica::game::GameOrigin::Player,
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
        origin: esoterica::game::GameOrigin::Player,
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
    let reason = start.clone().try_play(&mv).unwrap_err().reason();
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
            reason: reason.clone(),
            fields: vec![],
        }]
    );
    // The status line words the refusal for the player, citing the rule.
    assert_eq!(reason, "a Pawn cannot move from e2 to e5");
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "Illegal move e2e5: a Pawn cannot move from e2 to e5 (Chess rule §1: turns and how the \
         pieces move)."
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

/// Against a bot (Black here), undo takes back the bot's reply and the move before it, so
/// the person is to move again; redo replays both. Without a bot, one move at a time.
#[test]
fn undo_against_a_bot_takes_back_the_reply_and_the_move_before_it() {
    let start = Position::new(Variant::Standard);
    let mut app = test_app(start.clone());
    seat_bot(&mut app, Color::Black);
    let mut pos = start.clone();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        let mv = pos.parse_move(san).unwrap();
        pos.try_play(&mv).unwrap();
        submit(&mut app, mv);
    }
    let after_four = app
        .world()
        .resource::<ActiveGame>()
        .record
        .current()
        .clone();
    app.world_mut().write_message(UndoRequest);
    app.update();
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 2);
    assert_eq!(game.redo.len(), 2);
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "Your move and the bot's reply taken back. White to move."
    );
    app.update();
    check_world_matches_position(app.world_mut()).unwrap();
    app.world_mut().write_message(RedoRequest);
    app.update();
    app.update();
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.current(), &after_four);
    assert!(game.redo.is_empty());
    check_world_matches_position(app.world_mut()).unwrap();
    // Both sides people: one move at a time.
    app.world_mut()
        .write_message(esoterica::game::SetSeatRequest {
            side: Color::Black,
            player: esoterica::persist::PlayerSpec::Human,
        });
    app.update();
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 3);
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "Move taken back. Black to move."
    );
}

#[test]
fn parity_white_commit_stays_hidden_until_black_commits() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    submit(&mut app, start.parse_move("e2e4").unwrap());
    let game = app.world().resource::<ActiveGame>();
    assert!(
        app.world()
            .resource::<ParityCommits>()
            .has_committed(Color::White)
    );
    assert_eq!(game.record.len(), 0);
    check_world_matches_position(app.world_mut()).unwrap();
}

fn commit_of(pos: &Position, side: Color, text: &str) -> Move {
    pos.legal_commits(side)
        .into_iter()
        .find(|m| m.coordinate(pos.shape()) == text)
        .unwrap_or_else(|| panic!("{text} is not a legal commit for {side:?}"))
}

fn piece_snapshot(app: &mut App) -> Vec<(Entity, PieceEntity, Option<OnSquare>, bool)> {
    let mut q = app
        .world_mut()
        .query::<(Entity, &PieceEntity, Option<&OnSquare>, Has<Captured>)>();
    let mut v: Vec<_> = q
        .iter(app.world())
        .map(|(e, p, on, c)| (e, *p, on.copied(), c))
        .collect();
    v.sort_by_key(|x| x.0);
    v
}

/// White g2–g4 and Black Qg8–g4 land together: one turn runs Commit (twice) → Reveal →
/// Resolve → Settle, both landings are applied in the same Resolve set, and the entities
/// show the shared square (`rules/parity.md §3.3`).
#[test]
fn parity_turn_runs_commit_reveal_resolve_settle_and_shares_a_square() {
    let start =
        Position::from_text(Variant::Parity, "4k1q1/8/8/8/8/8/6P1/4K3 w - - 0 1 -/-").unwrap();
    let (g2, g4, g8) = (sq(&start, "g2"), sq(&start, "g4"), sq(&start, "g8"));
    let mut app = test_app(start.clone());
    submit(&mut app, commit_of(&start, Color::White, "g2g4"));
    submit(&mut app, commit_of(&start, Color::Black, "g8g4"));
    let log = app.world().resource::<StageLog>();
    assert_eq!(
        log.set_sequence(),
        [
            SimultaneousSystems::Commit,
            SimultaneousSystems::Reveal,
            SimultaneousSystems::Resolve,
            SimultaneousSystems::Settle
        ]
        .map(ResolutionSet::Simultaneous)
        .to_vec()
    );
    let applied: Vec<(ResolutionSet, Effect)> = log
        .0
        .iter()
        .filter_map(|e| e.effect.clone().map(|fx| (e.set, fx)))
        .collect();
    let resolve = ResolutionSet::Simultaneous(SimultaneousSystems::Resolve);
    let settle = ResolutionSet::Simultaneous(SimultaneousSystems::Settle);
    assert_eq!(
        applied,
        vec![
            (
                resolve,
                Effect::Step {
                    piece: Piece::new(Color::White, PieceKind::Pawn),
                    from: g2,
                    to: g4
                }
            ),
            (
                resolve,
                Effect::Step {
                    piece: Piece::new(Color::Black, PieceKind::Queen),
                    from: g8,
                    to: g4
                }
            ),
            (settle, Effect::Shared { at: g4 }),
        ]
    );
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(
        game.record.current().to_text(),
        "4k3/8/8/8/6[Pq]1/8/8/4K3 w - - 0 2 g4/g4"
    );
    let on_g4: Vec<Color> = piece_snapshot(&mut app)
        .into_iter()
        .filter(|(_, _, on, _)| *on == Some(OnSquare(g4)))
        .map(|(_, p, _, _)| p.side)
        .collect();
    let mut on_g4 = on_g4;
    on_g4.sort_by_key(|c| c.index());
    assert_eq!(on_g4, vec![Color::White, Color::Black]);
    check_world_matches_position(app.world_mut()).unwrap();
}

/// Before Black commits, White's commit changes no piece entity, no part of the game record,
/// and the status line does not name it; only `ParityCommits` (private slots) holds it.
#[test]
fn parity_white_commit_is_invisible_to_everything_the_board_reads() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    let before = piece_snapshot(&mut app);
    let status_before = app.world().resource::<StatusLine>().0.clone();
    submit(&mut app, commit_of(&start, Color::White, "e2e4"));
    app.update();
    assert_eq!(piece_snapshot(&mut app), before);
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 0);
    assert_eq!(game.record.current(), &start);
    assert!(game.redo.is_empty());
    let status = app.world().resource::<StatusLine>().0.clone();
    assert_ne!(status, status_before);
    assert_eq!(
        status,
        "White has committed (hidden). Black to commit. (Backspace: White takes it back)"
    );
    assert!(!status.contains("e2") && !status.contains("e4"));
    assert!(
        app.world()
            .resource::<StageLog>()
            .0
            .iter()
            .all(|e| e.effect.is_none())
    );
    let commits = app.world().resource::<ParityCommits>();
    assert!(commits.has_committed(Color::White));
    assert!(!commits.has_committed(Color::Black));
    assert_eq!(commits.next_to_commit(), Some(Color::Black));
}

/// White takes the commit back before Black commits, then commits another move; the turn
/// played is the second one.
#[test]
fn parity_take_back_lets_white_commit_again_before_black_commits() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    submit(&mut app, commit_of(&start, Color::White, "e2e4"));
    app.world_mut()
        .write_message(TakeBackCommitRequest { side: Color::White });
    app.update();
    assert!(!app.world().resource::<ParityCommits>().any());
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "White took the commit back. White to commit a move."
    );
    submit(&mut app, commit_of(&start, Color::White, "d2d4"));
    submit(&mut app, commit_of(&start, Color::Black, "e7e5"));
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(
        game.record.entries(),
        &[Entry::Turn {
            white: commit_of(&start, Color::White, "d2d4"),
            black: commit_of(&start, Color::Black, "e7e5"),
        }]
    );
    check_world_matches_position(app.world_mut()).unwrap();
}

/// A bot path commits for its own side with `SideMoveRequest` (here Black first); the
/// hot-seat player's next request then commits for White and the turn resolves.
#[test]
fn parity_bot_commit_request_names_its_side_and_may_come_first() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    app.world_mut().write_message(SideMoveRequest {
        side: Color::Black,
        mv: commit_of(&start, Color::Black, "g8f6"),
        source: MoveSource::Bot,
    });
    app.update();
    assert_eq!(
        app.world().resource::<ParityCommits>().next_to_commit(),
        Some(Color::White)
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
    submit(&mut app, commit_of(&start, Color::White, "e2e4"));
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
    assert!(!app.world().resource::<ParityCommits>().any());
    check_world_matches_position(app.world_mut()).unwrap();
}

/// 200 seeded random games per Parity variant (at most 10 turns each): after every turn the
/// entities equal the position (the Settle debug assertion runs too).
#[test]
fn random_parity_turns_keep_entities_equal_to_the_position() {
    for (i, variant) in [Variant::Parity, Variant::ParitySingle]
        .into_iter()
        .enumerate()
    {
        let mut rng = SmallRng::seed_from_u64(0x9A7 + i as u64);
        let mut app = test_app(Position::new(variant));
        let (mut played, mut games) = (0, 1);
        let (mut shared, mut failed) = (0, 0);
        // 200 games of at most 10 turns each in the headless app.
        while games <= 200 {
            let game = app.world().resource::<ActiveGame>();
            let pos = game.record.current().clone();
            let (w, b) = (
                pos.legal_commits(Color::White),
                pos.legal_commits(Color::Black),
            );
            if game.record.outcome().is_some()
                || w.is_empty()
                || b.is_empty()
                || game.record.len() >= 10
            {
                app.world_mut().write_message(NewGameRequest::new(variant));
                app.update();
                games += 1;
                continue;
            }
            let len = game.record.len();
            submit(&mut app, w[rng.random_range(0..w.len())]);
            submit(&mut app, b[rng.random_range(0..b.len())]);
            played += 1;
            assert_eq!(app.world().resource::<ActiveGame>().record.len(), len + 1);
            if let Err(e) = check_world_matches_position(app.world_mut()) {
                panic!("{variant} after {played} turns: {e}");
            }
            for m in app
                .world()
                .resource::<Messages<MoveResolved>>()
                .iter_current_update_messages()
            {
                for fx in &m.effects {
                    match fx {
                        Effect::Shared { .. } => shared += 1,
                        Effect::FailedCapture { .. } => failed += 1,
                        _ => {}
                    }
                }
            }
        }
        eprintln!(
            "{variant}: {played} turns in {games} games, {shared} shared squares, {failed} failed captures"
        );
    }
}

/// Ctrl+Z while a commit is pending takes the commit back and leaves the played turns alone;
/// a second undo then takes back the last turn.
#[test]
fn parity_undo_with_a_pending_commit_drops_only_the_commit() {
    let start = Position::new(Variant::Parity);
    let mut app = test_app(start.clone());
    submit(&mut app, commit_of(&start, Color::White, "e2e4"));
    submit(&mut app, commit_of(&start, Color::Black, "e7e5"));
    let after = app
        .world()
        .resource::<ActiveGame>()
        .record
        .current()
        .clone();
    submit(&mut app, commit_of(&after, Color::White, "g1f3"));
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert!(!app.world().resource::<ParityCommits>().any());
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
    assert_eq!(
        app.world().resource::<StatusLine>().0,
        "Commit taken back. White to commit a move."
    );
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
    check_world_matches_position(app.world_mut()).unwrap();
}

/// Force Field (`rules/force-field.md §1–2`): after every move of 200 seeded random games
/// (at most 12 moves each) the charge entities equal `force_field::fields` of the position
/// (each contribution, their count, and every square's net charge and controller).
#[test]
fn force_field_charge_entities_equal_the_rules_fields_after_every_move() {
    use esoterica::game::{ChargeContribution, check_charges_match_position};
    use esoterica::rules::variants::force_field;
    let mut rng = SmallRng::seed_from_u64(0xF0F0);
    let mut app = test_app(Position::new(Variant::ForceField));
    check_charges_match_position(app.world_mut()).unwrap();
    let mut played = 0;
    let mut games = 1;
    // 200 games of at most 12 moves each, checked move by move.
    while games <= 200 {
        let game = app.world().resource::<ActiveGame>();
        let moves = game.record.current().legal_moves();
        if game.record.outcome().is_some() || moves.is_empty() || game.record.len() >= 12 {
            app.world_mut().write_message(NewGameRequest {
                variant: Variant::ForceField,
                position: None,
                origin: esoterica::game::GameOrigin::Player,
            });
            app.update();
            games += 1;
            continue;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        submit(&mut app, mv);
        played += 1;
        if let Err(e) = check_charges_match_position(app.world_mut()) {
            panic!("game {games}, after {played} moves: {e}");
        }
        let want = force_field::fields(app.world().resource::<ActiveGame>().record.current());
        let have = app
            .world_mut()
            .query::<&ChargeContribution>()
            .iter(app.world())
            .count();
        assert_eq!(have, want.contributions().len());
    }
}

/// Charge entities exist only in Force Field: a new game of another variant removes them.
#[test]
fn charge_entities_are_removed_outside_force_field() {
    use esoterica::game::{ChargeContribution, check_charges_match_position};
    let mut app = test_app(Position::new(Variant::ForceField));
    let n = app
        .world_mut()
        .query::<&ChargeContribution>()
        .iter(app.world())
        .count();
    // Start position: pawns 8×(ahead, double step, two diagonals) and the Knights' fields.
    assert!(n > 30, "{n} contributions at the start");
    app.world_mut().write_message(NewGameRequest {
        variant: Variant::Standard,
        position: None,
        origin: esoterica::game::GameOrigin::Player,
    });
    app.update();
    app.update();
    check_charges_match_position(app.world_mut()).unwrap();
    let n = app
        .world_mut()
        .query::<&ChargeContribution>()
        .iter(app.world())
        .count();
    assert_eq!(n, 0);
}

/// A move refused by a field names the holding square and its charge in the status line
/// (`rules/force-field.md §6`): after 1.e4 White's Bishop holds b5 against b7–b5.
#[test]
fn force_field_refusal_names_the_blocking_square_in_the_status_line() {
    let mut app = test_app(Position::new(Variant::ForceField));
    let pos = Position::new(Variant::ForceField);
    submit(&mut app, Move::new(sq(&pos, "e2"), sq(&pos, "e4")));
    submit(&mut app, Move::new(sq(&pos, "b7"), sq(&pos, "b5")));
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("b5 is held by White (+"), "{status}");
    assert!(
        status.ends_with("(Force Field rule §3: fields block enemy moves)."),
        "{status}"
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
}

/// Bully (`rules/bully-nonviolent.md`): a Knight may not take a Rook, and the status line
/// says so in the rules' words.
#[test]
fn bully_refused_capture_is_explained_in_the_status_line() {
    let start = Position::from_text(Variant::Bully, "4k3/8/8/8/8/2r5/8/1N2K3 w - - 0 1").unwrap();
    let mut app = test_app(start.clone());
    submit(&mut app, Move::new(sq(&start, "b1"), sq(&start, "c3")));
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(
        status.contains("a Knight cannot capture a Rook in Bully Chess"),
        "{status}"
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
}

/// Every variant has a rules card file, and the game shows that file's text.
#[test]
fn every_variant_has_a_rules_card_file() {
    let mut cards = esoterica::ui::rules_card::RulesCards::default();
    for v in Variant::ALL {
        let path = format!(
            "{}/assets/rules-cards/{}.md",
            env!("CARGO_MANIFEST_DIR"),
            v.name()
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(cards.card(v), text, "{v}");
    }
}

/// Nonviolent (`rules/bully-nonviolent.md`): a capture is refused and the status line says
/// why in the rules' words.
#[test]
fn nonviolent_refused_capture_is_explained_in_the_status_line() {
    let start =
        Position::from_text(Variant::Nonviolent, "4k3/8/8/8/8/2r5/8/1N2K3 w - - 0 1").unwrap();
    let mut app = test_app(start.clone());
    submit(&mut app, Move::new(sq(&start, "b1"), sq(&start, "c3")));
    let status = app.world().resource::<StatusLine>().0.clone();
    assert_eq!(
        status,
        "Illegal move b1c3: captures are not allowed in Nonviolent Chess (Nonviolent rule §2: \
         nothing is ever captured)."
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
}

/// The Big Outer piece card's empty-board destinations follow the zone of the square moved
/// from (`rules/big-outer.md §2`, ruling B-3): a Jumper on a1 (outer) steps to a2 b1 b2 C1 and
/// leaps 3 to a4 d1 d4; on e5 (central) it only steps.
#[test]
fn piece_card_destinations_depend_on_the_zone() {
    use esoterica::ui::piece_card::empty_board_destinations;
    let pos = Position::new(Variant::BigOuter);
    let shape = pos.shape();
    let names = |from: &str| {
        let mut v: Vec<String> =
            empty_board_destinations(shape, PieceKind::Jumper, Color::White, sq(&pos, from))
                .into_iter()
                .map(|s| shape.name(s))
                .collect();
        v.sort();
        v
    };
    assert_eq!(names("a1"), ["C1", "a2", "a4", "b1", "b2", "d1", "d4"]);
    assert_eq!(names("e5").len(), 8);
}

// ---- Demo mode: captions reach the caption resource, the loop goes on, and a
// visitor who takes over keeps the position.

mod demo {
    use super::*;
    use esoterica::bots::BotSpec;
    use esoterica::bots::plugin::BotPlugin;
    use esoterica::demo::captions::CaptionKind;
    use esoterica::demo::plugin::{DemoCaptions, DemoPlugin, DemoState};
    use esoterica::game::Seats;
    use esoterica::game::session::{AppMode, StartMode, TakeOver, TakeOverRequest};
    use esoterica::game::{OnSquare, PieceEntity};

    /// A headless app running the demo over `variants` with no title or result time and a
    /// pace so slow that no bot is asked unless `pace_secs` says otherwise.
    fn demo_app(plugin: DemoPlugin) -> App {
        let first = plugin.variants[0];
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                16,
            )))
            .insert_resource(ActiveGame::new(Position::new(first)))
            // As `esoterica demo` starts: the window opens in the demo's mode.
            .insert_resource(StartMode(AppMode::Demo))
            .add_plugins(GamePlugin)
            .add_plugins(plugin);
        app.edit_schedule(Update, |s| {
            s.set_build_settings(ScheduleBuildSettings {
                ambiguity_detection: LogLevel::Error,
                ..default()
            });
        });
        for _ in 0..3 {
            app.update();
        }
        app
    }

    fn scripted(variants: Vec<Variant>) -> DemoPlugin {
        DemoPlugin {
            variants,
            pace_secs: 1.0e6,
            title_secs: 0.0,
            result_secs: 0.0,
            bot: BotSpec::Random,
            ..default()
        }
    }

    /// Plays one demo entry (coordinate moves; Parity `W/B`) through the game's pipeline, as
    /// the bots' answers come in (Parity: White's commit, then Black's).
    fn play(app: &mut App, text: &str) {
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let moves = match text.split_once('/') {
            Some((w, b)) => {
                let mut as_black = pos.clone();
                as_black.set_turn(Color::Black);
                vec![pos.parse_move(w).unwrap(), as_black.parse_move(b).unwrap()]
            }
            None => vec![pos.parse_move(text).unwrap()],
        };
        for mv in moves {
            app.world_mut().write_message(SubmitMoveRequest {
                mv,
                source: MoveSource::Bot,
            });
        }
        for _ in 0..4 {
            app.update();
        }
    }

    fn caption_kinds(app: &App) -> Vec<CaptionKind> {
        app.world()
            .resource::<DemoCaptions>()
            .log
            .iter()
            .map(|c| c.kind)
            .collect()
    }

    /// The game on screen is the demo's, both seats lent to the demo's bot, and the world
    /// shows its position.
    fn assert_in_step(app: &mut App) {
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.origin, esoterica::game::GameOrigin::Demo);
        let bot = app.world().resource::<DemoState>().bot.clone();
        let seats = app.world().resource::<Seats>();
        let players = seats.players();
        assert_eq!((&players.white, &players.black), (&bot, &bot));
        assert!(seats.lent_to_demo());
        assert_eq!(
            seats.play_players(),
            &esoterica::persist::Players::default(),
            "normal play's players (hot-seat) are kept"
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn demo_intrachange_teleport_caption_reaches_the_caption_resource() {
        let mut app = demo_app(scripted(vec![Variant::Intrachange]));
        play(&mut app, "e2e4");
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
        let caps = app.world().resource::<DemoCaptions>();
        assert_eq!(
            caps.log[0].text,
            "White Pawn entered e4 (hexagram 56) and teleported to e6 (hexagram 24): its Pawn line flipped"
        );
        assert_eq!(caps.shown.len(), 1);
        assert_in_step(&mut app);
    }

    #[test]
    fn demo_parity_shared_square_caption_reaches_the_caption_resource() {
        let mut app = demo_app(scripted(vec![Variant::Parity]));
        for turn in ["b1c3/g8f6", "a2a3/a7a6", "c3e4/f6e4"] {
            play(&mut app, turn);
        }
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 3);
        assert!(caption_kinds(&app).contains(&CaptionKind::SharedSquare));
        assert_eq!(
            app.world()
                .resource::<DemoCaptions>()
                .log
                .last()
                .unwrap()
                .text,
            "Both players chose e4: the White and Black Knights now share it"
        );
        assert_in_step(&mut app);
    }

    #[test]
    fn demo_force_field_blocked_move_caption_reaches_the_caption_resource() {
        let mut app = demo_app(scripted(vec![Variant::ForceField]));
        play(&mut app, "e2e4");
        let log = &app.world().resource::<DemoCaptions>().log;
        let blocked: Vec<&str> = log
            .iter()
            .filter(|c| c.kind == CaptionKind::FieldBlocked)
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(
            blocked,
            ["The Black Pawn on b7 cannot move to b5: White holds it with +2"]
        );
        assert_in_step(&mut app);
    }

    #[test]
    fn demo_loop_goes_to_the_next_variant_after_a_game_ends() {
        let mut app = demo_app(scripted(vec![Variant::Standard, Variant::Intrachange]));
        for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            play(&mut app, mv);
        }
        for _ in 0..4 {
            app.update();
        }
        let state = app.world().resource::<DemoState>();
        assert_eq!(state.demo.games_played(), 1);
        assert_eq!(state.demo.variant(), Variant::Intrachange);
        assert_eq!(state.games_started, 2);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Intrachange);
        assert_eq!(game.record.len(), 0);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn demo_bots_play_games_to_the_end_and_the_loop_goes_on() {
        let mut app = demo_app(DemoPlugin {
            variants: vec![Variant::Standard, Variant::Parity],
            pace_secs: 0.0,
            title_secs: 0.0,
            result_secs: 0.0,
            bot: BotSpec::Random,
            movetime_ms: 20,
            max_plies: 6,
            scoreboard: true,
            ..default()
        });
        let mut frames = 0;
        while app.world().resource::<DemoState>().demo.games_played() < 2 && frames < 3000 {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            frames += 1;
        }
        let state = app.world().resource::<DemoState>();
        assert_eq!(state.demo.games_played(), 2, "after {frames} frames");
        assert!(state.games_started >= 2);
        // The scoreboard has both games, in order, each adjudicated at the ply cap or won.
        let board = app
            .world()
            .resource::<esoterica::demo::plugin::DemoScoreboard>();
        let played: Vec<Variant> = board.games.iter().map(|g| g.0).collect();
        assert_eq!(played, [Variant::Standard, Variant::Parity]);
    }

    #[test]
    fn demo_take_over_keeps_the_position_and_the_entities() {
        let mut app = demo_app(scripted(vec![Variant::Intrachange]));
        play(&mut app, "e2e4");
        play(&mut app, "d7d5");
        let before = app.world().resource::<ActiveGame>().record.clone();
        let pieces = |app: &mut App| {
            let mut v: Vec<(Entity, PieceEntity, esoterica::rules::Square)> = app
                .world_mut()
                .query::<(Entity, &PieceEntity, &OnSquare)>()
                .iter(app.world())
                .map(|(e, p, s)| (e, *p, s.0))
                .collect();
            v.sort_by_key(|x| x.0);
            v
        };
        let entities = pieces(&mut app);
        app.world_mut()
            .write_message(TakeOverRequest(TakeOver::HotSeat));
        for _ in 0..5 {
            app.update();
        }
        let state = app.world().resource::<DemoState>();
        assert!(state.demo.is_stopped());
        assert_eq!(
            *app.world().resource::<State<AppMode>>().get(),
            AppMode::Play
        );
        // The seats, and the bots' pace, are normal play's again: two visitors, no bot.
        let seats = app.world().resource::<Seats>();
        assert_eq!(seats.players(), &esoterica::persist::Players::default());
        assert!(!seats.lent_to_demo());
        assert_eq!(seats.pace_secs, BotPlugin::default().pace_secs);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.origin, esoterica::game::GameOrigin::Player);
        assert_eq!(game.record.current(), before.current());
        assert_eq!(game.record.len(), before.len());
        assert_eq!(pieces(&mut app), entities);
        check_world_matches_position(app.world_mut()).unwrap();
        // The visitor goes on from there through the ordinary pipeline.
        let mv = before.current().parse_move("b1c3").unwrap();
        submit(&mut app, mv);
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 3);
    }
}

mod demo_vs_bot {
    use super::*;
    use esoterica::bots::BotSpec;
    use esoterica::demo::plugin::DemoPlugin;
    use esoterica::game::Seats;
    use esoterica::game::session::{AppMode, StartMode, TakeOver, TakeOverRequest};
    use esoterica::persist::PlayerSpec;

    #[test]
    fn demo_take_over_vs_bot_lets_the_bot_answer_the_visitor() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                16,
            )))
            .insert_resource(ActiveGame::new(Position::new(Variant::Standard)))
            .insert_resource(StartMode(AppMode::Demo))
            .add_plugins(GamePlugin)
            .add_plugins(DemoPlugin {
                variants: vec![Variant::Standard],
                pace_secs: 1.0e6,
                title_secs: 0.0,
                bot: BotSpec::Random,
                movetime_ms: 20,
                ..default()
            });
        for _ in 0..3 {
            app.update();
        }
        app.world_mut()
            .write_message(TakeOverRequest(TakeOver::VsBot));
        app.update();
        let seats = app.world().resource::<Seats>();
        assert_eq!(seats.of(Color::White), &PlayerSpec::Human);
        assert!(seats.is_bot(Color::Black));
        let mv = Position::new(Variant::Standard).parse_move("e2e4").unwrap();
        submit(&mut app, mv);
        let mut frames = 0;
        while app.world().resource::<ActiveGame>().record.len() < 2 && frames < 2000 {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            frames += 1;
        }
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 2);
        check_world_matches_position(app.world_mut()).unwrap();
    }
}

mod bots_and_files {
    //! `BotPlugin` (bots think off the main thread; their moves go through the pipeline) and
    //! the persist glue (load, save, bad files).

    use super::*;
    use esoterica::bots::plugin::BotPlugin;
    use esoterica::game::persist_glue::{LoadGameRequest, SaveGameRequest};
    use esoterica::persist::PlayerSpec;

    fn bot(spec: &str) -> PlayerSpec {
        PlayerSpec::Bot {
            spec: spec.into(),
            level: 1,
        }
    }

    /// Seats `players` the way the Players panel does: one request per side, carried out
    /// by the game in the next frame.
    fn set_seats(app: &mut App, players: esoterica::persist::Players) {
        use esoterica::game::SetSeatRequest;
        for (side, player) in [(Color::White, players.white), (Color::Black, players.black)] {
            app.world_mut()
                .write_message(SetSeatRequest { side, player });
        }
    }

    fn bot_app(start: Position, white: PlayerSpec, black: PlayerSpec) -> App {
        let mut app = test_app(start);
        app.add_plugins(BotPlugin {
            pace_secs: 0.0,
            ..Default::default()
        });
        set_seats(&mut app, esoterica::persist::Players { white, black });
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
    fn each_side_keeps_one_bot_for_the_whole_game_and_a_new_game_builds_new_ones() {
        use esoterica::bots::plugin::RegisterBot;
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let built = Arc::new(AtomicUsize::new(0));
        let mut app = test_app(Position::new(Variant::Standard));
        app.add_plugins(BotPlugin {
            pace_secs: 0.0,
            ..Default::default()
        });
        let counter = Arc::clone(&built);
        app.register_bot("counted", move |_, seed| {
            counter.fetch_add(1, Ordering::SeqCst);
            esoterica::bots::BotSpec::Random.build(seed)
        });
        set_seats(
            &mut app,
            esoterica::persist::Players {
                white: bot("counted"),
                black: bot("counted"),
            },
        );
        run_until(&mut app, |a| entries(a) >= 12);
        assert!(entries(&app) >= 12);
        assert_eq!(
            built.load(Ordering::SeqCst),
            2,
            "one bot per side for the game"
        );
        app.world_mut()
            .write_message(NewGameRequest::new(Variant::Standard));
        app.update();
        run_until(&mut app, |a| entries(a) >= 4);
        assert_eq!(built.load(Ordering::SeqCst), 4, "a new game gets new bots");
        check_world_matches_position(app.world_mut()).unwrap();
    }

    /// Every bot is asked to search on the seats' thread count (`play --threads`) each time
    /// it is handed a position.
    #[test]
    fn bots_are_given_the_seats_thread_count() {
        use esoterica::bots::plugin::RegisterBot;
        use esoterica::bots::{Bot, BotSpec, SearchControl, SearchLimits};
        use esoterica::game::Seats;
        use std::sync::{Arc, Mutex};
        /// The random bot, recording every thread count it is given.
        struct Probe {
            inner: Box<dyn Bot>,
            given: Arc<Mutex<Vec<usize>>>,
        }
        impl Bot for Probe {
            fn name(&self) -> &str {
                "probe"
            }
            fn choose(
                &mut self,
                pos: &Position,
                limits: SearchLimits,
                ctl: &mut dyn SearchControl,
            ) -> Option<Move> {
                self.inner.choose(pos, limits, ctl)
            }
            fn set_threads(&mut self, threads: usize) {
                self.given.lock().unwrap().push(threads);
            }
        }
        let given = Arc::new(Mutex::new(Vec::new()));
        let mut app = test_app(Position::new(Variant::Standard));
        app.add_plugins(BotPlugin {
            pace_secs: 0.0,
            ..Default::default()
        });
        app.world_mut().resource_mut::<Seats>().threads = 3;
        let log = Arc::clone(&given);
        app.register_bot("probe", move |_, seed| {
            Box::new(Probe {
                inner: BotSpec::Random.build(seed),
                given: Arc::clone(&log),
            })
        });
        set_seats(
            &mut app,
            esoterica::persist::Players {
                white: bot("probe"),
                black: bot("probe"),
            },
        );
        run_until(&mut app, |a| entries(a) >= 6);
        assert!(entries(&app) >= 6);
        let given = given.lock().unwrap();
        assert!(given.len() >= 6, "{given:?}");
        assert!(given.iter().all(|&t| t == 3), "{given:?}");
        check_world_matches_position(app.world_mut()).unwrap();
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
        set_seats(&mut app, Default::default());
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
        assert!(
            !app.world()
                .resource::<esoterica::game::ParityCommits>()
                .any()
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn parity_bots_play_turns_on_both_sides() {
        let mut app = bot_app(Position::new(Variant::Parity), bot("random"), bot("greedy"));
        run_until(&mut app, |a| entries(a) >= 3);
        set_seats(&mut app, Default::default());
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
            play_text(&mut app, m);
        }
        let path = temp_file("saved.pgn");
        app.world_mut().write_message(SaveGameRequest(path.clone()));
        app.update();
        app.world_mut().write_message(NewGameRequest {
            variant: Variant::Bully,
            position: None,
            origin: esoterica::game::GameOrigin::Player,
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

    /// A standard game writing its autosave into a fresh folder named `name`.
    fn autosaving_app(name: &str) -> (App, esoterica::persist::Autosave) {
        use esoterica::game::persist_glue::AutosaveSlot;
        let dir = temp_file(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let autosave = esoterica::persist::Autosave::new(&dir);
        let mut app = test_app(Position::new(Variant::Standard));
        app.insert_resource(AutosaveSlot::new(autosave.clone()));
        (app, autosave)
    }

    #[test]
    fn autosave_is_written_after_each_move_and_cleared_when_the_game_ends() {
        let (mut app, autosave) = autosaving_app("autosave-dir");
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

    fn outcome(app: &App) -> Option<esoterica::rules::Outcome> {
        app.world().resource::<ActiveGame>().record.outcome()
    }

    fn status(app: &App) -> String {
        app.world().resource::<StatusLine>().0.clone()
    }

    #[test]
    fn a_resignation_ends_the_game_for_the_other_side_and_clears_the_autosave() {
        use esoterica::game::{DrawOffer, ResignRequest};
        use esoterica::rules::{Outcome, WinReason};
        let (mut app, autosave) = autosaving_app("resign-autosave");
        play_text(&mut app, "e4");
        assert_eq!(autosave.load().unwrap().unwrap().len(), 1);
        app.world_mut()
            .write_message(ResignRequest { side: Color::Black });
        app.update();
        assert_eq!(
            outcome(&app),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(status(&app), "Black resigns. White wins by resignation.");
        assert!(autosave.load().unwrap().is_none());
        assert_eq!(app.world().resource::<DrawOffer>().0, None);
        // The result is in the game's PGN.
        let pgn =
            esoterica::rules::notation::pgn::write(&app.world().resource::<ActiveGame>().record);
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        // A second resignation or a move after the end changes nothing.
        app.world_mut()
            .write_message(ResignRequest { side: Color::White });
        app.update();
        assert!(
            status(&app).starts_with("The game is already over"),
            "{}",
            status(&app)
        );
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
        // The demo's own game cannot be resigned from the window: it is taken over first.
        let mut app = test_app(Position::new(Variant::Standard));
        app.world_mut().resource_mut::<ActiveGame>().origin = esoterica::game::GameOrigin::Demo;
        app.world_mut()
            .write_message(ResignRequest { side: Color::White });
        app.update();
        assert_eq!(outcome(&app), None);
        assert_eq!(
            status(&app),
            "This game is not played at this machine: take it over first."
        );
    }

    #[test]
    fn a_hot_seat_draw_offer_is_accepted_declined_or_lapses_with_the_next_move() {
        use esoterica::game::{AnswerDrawOfferRequest, DrawOffer, OfferDrawRequest};
        use esoterica::rules::{DrawReason, Outcome};
        let mut app = test_app(Position::new(Variant::Standard));
        let offer = |app: &App| app.world().resource::<DrawOffer>().0.map(|p| p.by);
        // White offers before moving: the offer stands through White's move...
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        assert_eq!(offer(&app), Some(Color::White));
        assert_eq!(status(&app), "White offers a draw.");
        play_text(&mut app, "e4");
        assert_eq!(offer(&app), Some(Color::White));
        // ...and Black's reply declines it.
        play_text(&mut app, "e5");
        assert_eq!(offer(&app), None);
        // Offered after moving, declined by the answer.
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        app.world_mut().write_message(AnswerDrawOfferRequest(false));
        app.update();
        assert_eq!(offer(&app), None);
        assert_eq!(status(&app), "Black declines the draw.");
        assert_eq!(outcome(&app), None);
        // An undo past the offer withdraws it.
        play_text(&mut app, "Nf3");
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        app.world_mut().write_message(UndoRequest);
        app.update();
        assert_eq!(offer(&app), None);
        // Accepted.
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        app.world_mut().write_message(AnswerDrawOfferRequest(true));
        app.update();
        assert_eq!(
            outcome(&app),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
        assert_eq!(status(&app), "Draw by agreement.");
    }

    #[test]
    fn a_bot_accepts_a_draw_only_when_it_stands_worse() {
        use esoterica::game::{DrawOffer, OfferDrawRequest};
        use esoterica::rules::{DrawReason, Outcome};
        // Black (the bot) has a Queen more: it declines.
        let ahead =
            Position::from_text(Variant::Standard, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut app = bot_app(ahead, PlayerSpec::Human, bot("greedy"));
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        assert_eq!(
            app.world().resource::<DrawOffer>().0.map(|p| p.by),
            Some(Color::White)
        );
        run_until(&mut app, |a| a.world().resource::<DrawOffer>().0.is_none());
        assert_eq!(status(&app), "Black declines the draw.");
        assert_eq!(outcome(&app), None);
        // Black (the bot) has a Queen less: it accepts.
        let behind =
            Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let mut app = bot_app(behind, PlayerSpec::Human, bot("greedy"));
        app.world_mut()
            .write_message(OfferDrawRequest { side: Color::White });
        app.update();
        assert_eq!(
            app.world().resource::<DrawOffer>().0.map(|p| p.by),
            Some(Color::White)
        );
        run_until(&mut app, |a| a.world().resource::<DrawOffer>().0.is_none());
        assert_eq!(
            outcome(&app),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
    }

    #[test]
    fn a_rematch_swaps_the_players_and_replays_the_variant_and_time_control() {
        use esoterica::game::RematchRequest;
        use esoterica::game::ResignRequest;
        use esoterica::game::clock::ClockChoice;
        use esoterica::rules::clock::TimeControl;
        let mut app = bot_app(
            Position::new(Variant::Bully),
            PlayerSpec::Human,
            bot("greedy"),
        );
        let tc = TimeControl::fischer(3, 2);
        app.world_mut()
            .resource_mut::<ActiveGame>()
            .record
            .time_control = tc;
        let first = app.world().resource::<ActiveGame>().id;
        app.world_mut()
            .write_message(ResignRequest { side: Color::White });
        app.update();
        assert!(outcome(&app).is_some());
        app.world_mut().write_message(RematchRequest);
        app.update();
        app.update();
        let game = app.world().resource::<ActiveGame>();
        assert_ne!(game.id, first);
        assert_eq!(game.variant(), Variant::Bully);
        assert_eq!(game.record.outcome(), None);
        assert_eq!(game.record.time_control, tc);
        assert_eq!(app.world().resource::<ClockChoice>().0, tc);
        let players = app.world().resource::<esoterica::game::Seats>().players();
        assert_eq!(players.white, bot("greedy"));
        assert_eq!(players.black, PlayerSpec::Human);
        // The bot now has White and opens the rematch.
        run_until(&mut app, |a| entries(a) >= 1);
        assert_eq!(entries(&app), 1);
    }
}

#[test]
fn typed_moves_play_through_the_pipeline_and_refusals_say_why() {
    use esoterica::game::typed::TypedMoveRequest;
    let mut app = test_app(Position::new(Variant::Standard));
    let typed = |app: &mut App, side: Color, text: &str| {
        app.world_mut().write_message(TypedMoveRequest {
            side,
            text: text.into(),
        });
        app.update();
        app.update();
    };
    typed(&mut app, Color::White, "Nf");
    typed(&mut app, Color::Black, "e7-e5");
    let game = app.world().resource::<ActiveGame>();
    assert_eq!(game.record.len(), 2);
    assert_eq!(
        game.record.current().to_text(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2"
    );
    typed(&mut app, Color::White, "Ke2");
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(status.starts_with("Not played: Ke2: "), "{status}");
    typed(&mut app, Color::White, "N");
    let status = app.world().resource::<StatusLine>().0.clone();
    assert_eq!(
        status,
        "Not played: 'N' could be Na3, Nc3, Nd4, Ng1, Ng5, Nh4, Nxe5."
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 2);
    check_world_matches_position(app.world_mut()).unwrap();

    // Parity: each side types its commit; the turn resolves when both are in.
    let mut app = test_app(Position::new(Variant::Parity));
    typed(&mut app, Color::Black, "e7e5");
    assert!(
        app.world()
            .resource::<ParityCommits>()
            .has_committed(Color::Black)
    );
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
    typed(&mut app, Color::Black, "d7d5");
    let status = app.world().resource::<StatusLine>().0.clone();
    assert_eq!(status, "Black has already committed this turn.");
    typed(&mut app, Color::White, "e2e4");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
    check_world_matches_position(app.world_mut()).unwrap();
}

/// Measurement, not a check (run by hand, figures in docs/PERFORMANCE.md): moves per second
/// through the headless ECS pipeline against the rules core alone (`GameRecord::play`) on the
/// same seeded games, three ways: each game queued at once (the [`ResolveMove`] schedule runs
/// once per move, a few frames per game), one move per frame (each move also pays a whole
/// `Update` frame), and the idle frame alone.
/// `cargo test --test app -- --ignored --nocapture pipeline_cost`.
#[test]
#[ignore = "measurement: prints figures, asserts nothing about speed"]
fn pipeline_cost_against_the_rules_core() {
    use esoterica::rules::GameRecord;
    use std::time::Instant;
    // PIPELINE_VARIANT: one variant only (its command-line name), for a profiler run.
    let only = std::env::var("PIPELINE_VARIANT").ok();
    for variant in [Variant::Standard, Variant::Intrachange, Variant::ForceField]
        .into_iter()
        .filter(|v| only.as_deref().is_none_or(|o| v.name() == o))
    {
        // The same moves for all, chosen by a seeded random walk (new game when over).
        let mut rng = SmallRng::seed_from_u64(7);
        let mut games: Vec<Vec<Move>> = vec![Vec::new()];
        let mut rec = GameRecord::new(Position::new(variant));
        // PIPELINE_MOVES: fewer moves for a profiler run (default 2,000).
        let n: usize = std::env::var("PIPELINE_MOVES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2000);
        for _ in 0..n {
            let moves = rec.current().legal_moves();
            if rec.outcome().is_some() || moves.is_empty() {
                rec = GameRecord::new(Position::new(variant));
                games.push(Vec::new());
                continue;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            rec.play(&mv).unwrap();
            games.last_mut().unwrap().push(mv);
        }
        let total: usize = games.iter().map(Vec::len).sum();
        let best_of = |f: &mut dyn FnMut()| {
            (0..3)
                .map(|_| {
                    let t = Instant::now();
                    f();
                    t.elapsed().as_secs_f64()
                })
                .fold(f64::INFINITY, f64::min)
        };
        let rules = best_of(&mut || {
            for g in &games {
                let mut r = GameRecord::new(Position::new(variant));
                for mv in g {
                    r.play(mv).unwrap();
                }
            }
        });
        let mut app = test_app(Position::new(variant));
        let mut frames = 0usize;
        let queued = best_of(&mut || {
            frames = 0;
            for g in &games {
                app.world_mut().write_message(NewGameRequest::new(variant));
                for mv in g {
                    app.world_mut().write_message(SubmitMoveRequest {
                        mv: *mv,
                        source: MoveSource::Script,
                    });
                }
                app.update();
                frames += 1;
                while !app.world().resource::<PendingMoves>().0.is_empty() {
                    app.update();
                    frames += 1;
                }
                assert_eq!(app.world().resource::<ActiveGame>().record.len(), g.len());
            }
        });
        // One move per frame, each followed by an idle frame timed apart, so both see the
        // same machine load; the quietest of three runs.
        let (mut per_frame, mut idle) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..3 {
            let (mut moving, mut resting) = (0.0, 0.0);
            for g in &games {
                app.world_mut().write_message(NewGameRequest::new(variant));
                app.update();
                for mv in g {
                    let t = Instant::now();
                    submit(&mut app, *mv);
                    let u = Instant::now();
                    app.update();
                    moving += (u - t).as_secs_f64();
                    resting += u.elapsed().as_secs_f64();
                }
            }
            if moving + resting < per_frame + idle {
                (per_frame, idle) = (moving, resting);
            }
        }
        let us = |secs: f64| secs / total as f64 * 1e6;
        let marginal = (per_frame - idle).max(0.0);
        println!(
            "{variant}: {total} moves in {} games; rules core {:.2} us/move; \
             ECS queued {:.2} us/move ({frames} frames) = x{:.1}; \
             one move per frame {:.2} us/move = x{:.1}, of which the move {:.2} us = x{:.1}; \
             idle frame {:.2} us",
            games.len(),
            us(rules),
            us(queued),
            queued / rules,
            us(per_frame),
            per_frame / rules,
            us(marginal),
            marginal / rules,
            us(idle),
        );
    }
}

/// Every `esoterica play … --moves …` example in the README and docs/PARITY-PLAY.md parses
/// and starts a legal game (a copied example must not stop with an illegal move).
#[test]
fn documented_play_examples_with_moves_start_legal_games() {
    use esoterica::cli::{Cli, Command};
    let docs = [
        include_str!("../README.md"),
        include_str!("../docs/PARITY-PLAY.md"),
    ];
    let mut checked = Vec::new();
    for text in docs {
        let inline = text.split('`').map(str::to_string);
        let blocks = text.lines().map(|l| l.trim().to_string());
        for cmd in inline.chain(blocks) {
            if !cmd.starts_with("esoterica play") || !cmd.contains("--moves") {
                continue;
            }
            let cli =
                Cli::parse_args(cmd.split_whitespace()).unwrap_or_else(|e| panic!("{cmd}: {e}"));
            let Some(Command::Play(args)) = cli.command else {
                panic!("{cmd}: not a play command");
            };
            esoterica::app::PlayLaunch::from_args(&args).unwrap_or_else(|e| panic!("{cmd}: {e}"));
            checked.push(cmd);
        }
    }
    assert!(checked.len() >= 3, "{checked:?}");
}

mod start_modes {
    //! Every way the window starts, built by the same function the binary uses
    //! ([`esoterica::app::build_app`]) with the same plugins, headless (no winit, no GPU),
    //! run for a few hundred frames with Bevy's error handler set to panic: a system whose
    //! parameters fail validation (a missing resource) fails the test.

    use super::*;
    use esoterica::app::{DemoLaunch, Launch, Platform, PlayLaunch, build_app};
    use esoterica::cli::{Cli, Command};
    use esoterica::demo::plugin::DemoState;
    use esoterica::game::persist_glue::ScenePlayback;
    use esoterica::game::session::{AppMode, TakeOver, TakeOverRequest};
    use esoterica::game::{GamePhase, Seats};
    use esoterica::persist::{Folders, PlayerSpec, Settings};
    use esoterica::ui::files::ResumeOffer;

    /// A fresh folder for one test's settings, autosave and recent games.
    pub(crate) fn folders(name: &str) -> (std::path::PathBuf, Folders) {
        let root =
            std::env::temp_dir().join(format!("esoterica-start-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let f = Folders::under(&root);
        (root, f)
    }

    /// The launch a command line gives (`esoterica …` exactly as typed).
    fn launch(cmd: &str) -> Launch {
        launch_args(&cmd.split_whitespace().collect::<Vec<_>>())
    }

    /// The launch of a command line given word by word (for arguments with spaces).
    pub(crate) fn launch_args(args: &[&str]) -> Launch {
        let cmd = args.join(" ");
        let cli = Cli::parse_args(args).unwrap();
        match cli.command {
            None => Launch::Play(Box::new(PlayLaunch::from_args(&cli.play).unwrap())),
            Some(Command::Play(a)) => Launch::Play(Box::new(PlayLaunch::from_args(&a).unwrap())),
            Some(Command::Demo(a)) => Launch::Demo(DemoLaunch::from_args(&a).unwrap()),
            Some(other) => panic!("{cmd}: not a window command: {other:?}"),
        }
    }

    /// The app for `cmd`, headless, with a 16 ms frame clock, ready for `update`.
    fn start(cmd: &str, folders: Folders) -> App {
        start_launch(launch(cmd), folders)
    }

    pub(crate) fn start_launch(launch: Launch, folders: Folders) -> App {
        let mut app = build_app(launch, Platform::Headless, folders);
        app.set_error_handler(bevy::ecs::error::panic);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )));
        while app.plugins_state() == bevy::app::PluginsState::Adding {
            bevy::tasks::tick_global_task_pools_on_main_thread();
        }
        app.finish();
        app.cleanup();
        app
    }

    /// Runs `n` frames; bots think on worker threads, so each frame yields a little.
    pub(crate) fn frames(app: &mut App, n: usize) {
        for _ in 0..n {
            app.update();
            assert!(app.should_exit().is_none(), "the app asked to exit");
            std::thread::sleep(Duration::from_micros(300));
        }
    }

    fn entries(app: &App) -> usize {
        app.world().resource::<ActiveGame>().record.len()
    }

    pub(crate) fn mode(app: &App) -> AppMode {
        *app.world().resource::<State<AppMode>>().get()
    }

    fn phase(app: &App) -> GamePhase {
        *app.world().resource::<State<GamePhase>>().get()
    }

    #[test]
    fn watch_replays_the_last_game_of_a_growing_file_and_follows_new_games() {
        use esoterica::game::GameOrigin;
        use esoterica::rules::notation::pgn;
        use esoterica::rules::{GameRecord, Outcome, WinReason};
        let (root, f) = folders("watch");
        let file = root.join("games.pgn");
        let standard = |moves: &[&str]| {
            let mut r = GameRecord::new(Position::new(Variant::Standard));
            for m in moves {
                let mv = r.current().parse_move(m).unwrap();
                r.play(&mv).unwrap();
            }
            r
        };
        let first = standard(&["e4", "e5"]);
        let fools = standard(&["f3", "e5", "g4", "Qh4#"]);
        std::fs::write(
            &file,
            format!("{}\n{}\n", pgn::write(&first), pgn::write(&fools)),
        )
        .unwrap();
        let path = file.to_str().unwrap();
        let mut app = start_launch(launch_args(&["esoterica", "play", "--watch", path]), f);
        frames(&mut app, 60);
        {
            let game = app.world().resource::<ActiveGame>();
            assert_eq!(game.origin, GameOrigin::Watched);
            assert!(
                game.record.len() < 4,
                "replayed move by move, not jumped to the end"
            );
        }
        // One move a second at 16 ms a frame.
        frames(&mut app, 5 * 63);
        {
            let game = app.world().resource::<ActiveGame>();
            assert_eq!(game.record.len(), 4);
            assert_eq!(game.record.current(), fools.current());
            assert_eq!(
                game.record.outcome(),
                Some(Outcome::Win {
                    winner: Color::Black,
                    reason: WinReason::Checkmate
                })
            );
        }
        check_world_matches_position(app.world_mut()).unwrap();
        // A Parity game is appended, with a result the rules did not decide.
        let mut parity = GameRecord::new(Position::new(Variant::Parity));
        for (w, b) in [("e2e4", "e7e5"), ("g1f3", "b8c6")] {
            let pos = parity.current().clone();
            let w = pos
                .legal_commits(Color::White)
                .into_iter()
                .find(|m| m.coordinate(pos.shape()) == w)
                .unwrap();
            let b = pos
                .legal_commits(Color::Black)
                .into_iter()
                .find(|m| m.coordinate(pos.shape()) == b)
                .unwrap();
            parity.play_turn(&w, &b).unwrap();
        }
        let resigned = Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation,
        };
        parity.declare(resigned);
        let mut text = std::fs::read_to_string(&file).unwrap();
        text.push_str(&pgn::write(&parity));
        std::fs::write(&file, text).unwrap();
        frames(&mut app, 4 * 63);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Parity);
        assert_eq!(game.origin, GameOrigin::Watched);
        assert_eq!(game.record.len(), 2);
        assert_eq!(game.record.current(), parity.current());
        assert_eq!(game.record.outcome(), Some(resigned));
        assert_eq!(mode(&app), AppMode::Watch);
        assert_eq!(phase(&app), GamePhase::Over);
        assert_only_this_game(&mut app, "the watched Parity game after a standard one");
        // A file that stops parsing leaves the board as it is and says why.
        std::fs::write(&file, "[Variant \"nonsense\"]\n1. e4 *\n").unwrap();
        frames(&mut app, 60);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(status.starts_with("Watching "), "{status}");
        assert!(status.contains("cannot be read"), "{status}");
        assert_eq!(
            app.world().resource::<ActiveGame>().variant(),
            Variant::Parity
        );
    }

    #[test]
    fn plain_play_starts_hot_seat_standard_and_runs() {
        let (_root, f) = folders("plain");
        let mut app = start("esoterica", f);
        frames(&mut app, 300);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Standard);
        assert_eq!(game.record.len(), 0);
        assert_eq!(
            app.world().resource::<Seats>().players(),
            &esoterica::persist::Players::default()
        );
        assert_eq!(app.world().resource::<StatusLine>().0, "White to move.");
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn play_with_bots_and_a_seed_plays_and_does_not_save_the_bots_as_defaults() {
        let (root, f) = folders("bots");
        let mut app = start(
            "esoterica play --variant intrachange --white random --black greedy --seed 7",
            f.clone(),
        );
        let t0 = std::time::Instant::now();
        while entries(&app) < 6 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        assert!(entries(&app) >= 6, "bots played {} plies", entries(&app));
        assert_eq!(
            app.world().resource::<esoterica::bots::plugin::BotSeed>().0,
            7
        );
        // Enough frames for the one-second settings save.
        frames(&mut app, 120);
        let saved = Settings::load_from(&root.join("config").join("settings.ron")).settings;
        assert_eq!(
            saved.players,
            Default::default(),
            "--white/--black apply to this run only"
        );
        assert_eq!(saved.last_variant, Variant::Intrachange);
        let tags = &app.world().resource::<ActiveGame>().record.tags;
        let tag = |k: &str| tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.clone());
        assert_eq!(tag("White").as_deref(), Some("random"));
        assert_eq!(tag("Black").as_deref(), Some("greedy"));
        check_world_matches_position(app.world_mut()).unwrap();
    }

    /// `play --threads 2` seats its bots with two search threads, and they play.
    #[test]
    fn play_with_threads_seats_bots_that_search_on_them() {
        let (_root, f) = folders("threads");
        let mut app = start(
            "esoterica play --white alphabeta:3 --black alphabeta:3 --threads 2 --seed 5",
            f,
        );
        assert_eq!(app.world().resource::<Seats>().threads, 2);
        let t0 = std::time::Instant::now();
        while entries(&app) < 6 && t0.elapsed() < Duration::from_secs(60) {
            frames(&mut app, 10);
        }
        assert!(entries(&app) >= 6, "bots played {} plies", entries(&app));
        check_world_matches_position(app.world_mut()).unwrap();
        let (_root, f) = folders("one-thread");
        let app = start("esoterica play --white alphabeta:3", f);
        assert_eq!(app.world().resource::<Seats>().threads, 1);
    }

    #[test]
    fn play_scene_by_bundled_name_plays_its_script() {
        let (_root, f) = folders("scene");
        let mut app = start("esoterica play --scene parity-failed-capture", f);
        frames(&mut app, 400);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Parity);
        let playback = app.world().resource::<ScenePlayback>();
        let scene = playback.scene.as_ref().expect("the scene is shown");
        assert_eq!(
            playback.next,
            scene.steps.len(),
            "every scripted move was played"
        );
        assert_eq!(game.record.len(), scene.steps.len());
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn play_with_moves_and_animate_last_plays_the_last_move_after_start() {
        let (_root, f) = folders("animate");
        let mut app = start(
            "esoterica play --variant intrachange --moves e2e4 d7d5 --animate-last",
            f,
        );
        assert_eq!(entries(&app), 1);
        frames(&mut app, 60);
        assert_eq!(entries(&app), 2);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn play_with_idle_demo_returns_to_the_demo_and_the_demo_plays() {
        let (_root, f) = folders("idle");
        let settings = f.clone();
        // 0.01 minutes = 0.6 s = about 38 frames of 16 ms.
        let mut app = start("esoterica play --idle-demo 0.01", f);
        frames(&mut app, 10);
        assert_eq!(mode(&app), AppMode::Play);
        let t0 = std::time::Instant::now();
        while entries(&app) < 2 && t0.elapsed() < Duration::from_secs(60) {
            frames(&mut app, 20);
        }
        assert_eq!(mode(&app), AppMode::Demo);
        assert!(
            entries(&app) >= 2,
            "the demo played {} plies",
            entries(&app)
        );
        check_world_matches_position(app.world_mut()).unwrap();
        assert_only_this_game(&mut app, "play → demo after the idle minutes");
        // The demo's bots have the seats, but the settings keep the player's own players
        // (two humans) after the one-second save delay.
        let bot = app.world().resource::<DemoState>().bot.clone();
        assert_eq!(app.world().resource::<Seats>().players().white, bot);
        app.world_mut()
            .resource_mut::<esoterica::render::AnimationSettings>()
            .speed = 0.5;
        frames(&mut app, 100);
        let saved = settings.load_settings().settings;
        assert_eq!(saved.animation_speed, 0.5, "the settings were saved");
        assert_eq!(saved.players, Default::default());
        assert_eq!(
            saved.overlays,
            Settings::default().overlays,
            "the overlays the demo turned on are not saved"
        );
    }

    #[test]
    fn demo_scoreboard_counts_the_finished_games() {
        use esoterica::demo::plugin::DemoScoreboard;
        let (_root, f) = folders("scoreboard");
        let mut app = start(
            "esoterica demo --variants bully,nonviolent --pace 0.1 --bot random --scenes off",
            f,
        );
        let t0 = std::time::Instant::now();
        while app.world().resource::<DemoScoreboard>().games.is_empty()
            && t0.elapsed() < Duration::from_secs(240)
        {
            frames(&mut app, 50);
        }
        let board = app.world().resource::<DemoScoreboard>();
        assert!(board.shown);
        assert_eq!(board.games[0].0, Variant::Bully);
        let (w, d, b) = board.totals();
        assert_eq!(w + d + b, board.games.len());
        let (_root, f) = folders("no-scoreboard");
        let app = start("esoterica demo --no-scoreboard", f);
        assert!(!app.world().resource::<DemoScoreboard>().shown);
    }

    /// The least number of draw calls the visible sprites can take: the renderer sorts them
    /// by depth and starts a new call wherever the image changes (Bevy's sprite batching).
    /// Sprites of one depth but different images may come in any order, so such a group
    /// counts one call per sprite. Also returns how many images the sprites use.
    fn sprite_draw_calls(app: &mut App) -> (usize, usize) {
        let mut q = app
            .world_mut()
            .query::<(&Sprite, &GlobalTransform, &InheritedVisibility)>();
        let mut items: Vec<(f32, AssetId<Image>)> = q
            .iter(app.world())
            .filter(|(_, _, v)| v.get())
            .map(|(s, t, _)| (t.translation().z, s.image.id()))
            .collect();
        items.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut images: Vec<AssetId<Image>> = items.iter().map(|i| i.1).collect();
        images.sort();
        images.dedup();
        let (mut calls, mut last) = (0, None);
        for group in items.chunk_by(|a, b| a.0 == b.0) {
            let image = group[0].1;
            if group.iter().all(|i| i.1 == image) {
                if last != Some(image) {
                    calls += 1;
                }
                last = Some(image);
            } else {
                calls += group.len();
                last = None;
            }
        }
        (calls, images.len())
    }

    #[test]
    fn the_board_draws_each_image_in_one_call_in_every_variant() {
        for (variant, moves) in [
            ("standard", "e2e4 e7e5"),
            ("big-outer", ""),
            ("intrachange", "e2e4"),
            ("force-field", "e2e4"),
            ("parity", ""),
        ] {
            let (_root, f) = folders(&format!("draw-calls-{variant}"));
            let cmd = if moves.is_empty() {
                format!("esoterica play --variant {variant}")
            } else {
                format!("esoterica play --variant {variant} --moves {moves}")
            };
            let mut app = start(&cmd, f);
            frames(&mut app, 20);
            let (calls, images) = sprite_draw_calls(&mut app);
            // Each image once, with room for the plain white image of the highlights,
            // tints and lines, which lies at a few depths.
            assert!(images >= 10, "{cmd}: {images} images");
            assert!(
                calls <= images + 2,
                "{cmd}: {calls} draw calls for {images} images"
            );
        }
    }

    #[test]
    fn parity_rings_its_resting_pieces_with_sprites_and_hides_them_in_other_variants() {
        use esoterica::render::parity::{MARK_OFFSET, RestingMark};
        let (_root, f) = folders("resting-marks");
        let mut app = start(
            "esoterica play --variant parity --moves e2e4/e7e5 d2d4/d7d5",
            f,
        );
        frames(&mut app, 60);
        let shown = |app: &mut App| {
            let mut q = app
                .world_mut()
                .query_filtered::<(&Transform, &InheritedVisibility), With<RestingMark>>();
            let mut at: Vec<Vec2> = q
                .iter(app.world())
                .filter(|(_, v)| v.get())
                .map(|(t, _)| t.translation.truncate())
                .collect();
            at.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
            at
        };
        // The pawns that moved last turn (d4, d5) rest: one ring at each one's lower left.
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let mut want: Vec<Vec2> = ["d4", "d5"]
            .map(|n| {
                let sq = pos.shape().parse_square(n).unwrap();
                esoterica::render::square_to_world(pos.shape(), sq, false) + MARK_OFFSET
            })
            .to_vec();
        want.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        let got = shown(&mut app);
        assert_eq!(got.len(), 2, "{got:?}");
        for (g, w) in got.iter().zip(&want) {
            assert!(
                g.distance(*w) < 0.5,
                "ring at {g}, resting piece's corner at {w}"
            );
        }
        app.world_mut()
            .write_message(NewGameRequest::new(esoterica::rules::Variant::Standard));
        frames(&mut app, 10);
        assert_eq!(shown(&mut app), Vec::<Vec2>::new());
    }

    #[test]
    fn the_demo_keeps_room_for_its_hint_above_the_board_and_its_captions_below() {
        use esoterica::demo::plugin::{CAPTION_BAR_PX, HINT_ROW_PX};
        use esoterica::render::BoardInsets;
        let (_root, f) = folders("demo-insets");
        let mut app = start("esoterica", f.clone());
        frames(&mut app, 5);
        let play = *app.world().resource::<BoardInsets>();
        let mut app = start("esoterica demo", f);
        frames(&mut app, 5);
        let demo = *app.world().resource::<BoardInsets>();
        // The demo shows the board without the panels: only its own strips are kept.
        assert!(play.left > 0.0 && play.right > 0.0, "{play:?}");
        // The 1280×800 window: the strips for its height.
        let (hint, bar) = esoterica::demo::plugin::demo_strips(800.0);
        assert!(hint >= HINT_ROW_PX && bar >= CAPTION_BAR_PX);
        assert_eq!((demo.top, demo.bottom), (hint, bar), "{play:?} {demo:?}");
        let (tall_hint, tall_bar) = esoterica::demo::plugin::demo_strips(2160.0);
        assert!(
            tall_hint > hint && tall_bar > bar,
            "taller windows, larger words"
        );
        assert_eq!((demo.left, demo.right), (0.0, 0.0), "no panels in the demo");
        // Once a game is on the scoreboard, its column at the right is kept free of the
        // board too (g8 and h8 are not under it).
        {
            let mut state = app.world_mut().resource_mut::<DemoState>();
            state.demo.max_plies = 2;
            state.demo.title_secs = 0.0;
            state.demo.result_secs = 0.0;
            state.pace_secs = 0.0;
        }
        let t0 = std::time::Instant::now();
        while app
            .world()
            .resource::<esoterica::demo::plugin::DemoScoreboard>()
            .games
            .is_empty()
            && t0.elapsed() < Duration::from_secs(60)
        {
            frames(&mut app, 10);
        }
        frames(&mut app, 3);
        let with_board = *app.world().resource::<BoardInsets>();
        assert_eq!(
            with_board.right,
            esoterica::demo::plugin::SCOREBOARD_PX,
            "{play:?} {with_board:?}"
        );
    }

    /// The attract loop opens on Intrachange, and after its title card shows the variant's
    /// scene (scripted moves with their captions, no bot moving), then the bots' game.
    #[test]
    fn the_attract_loop_shows_each_variants_scene_before_its_game() {
        use esoterica::demo::captions::CaptionKind;
        use esoterica::demo::plugin::DemoCaptions;
        use esoterica::game::GameOrigin;
        let (_root, f) = folders("demo-scene");
        let mut app = start("esoterica demo --pace 0.1 --bot random", f);
        assert_eq!(
            app.world().resource::<ActiveGame>().variant(),
            Variant::Intrachange,
            "the most surprising variant first"
        );
        app.world_mut().resource_mut::<DemoState>().demo.title_secs = 0.5;
        let origin = |app: &App| app.world().resource::<ActiveGame>().origin;
        let t0 = std::time::Instant::now();
        while origin(&app) != GameOrigin::Scene && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 5);
        }
        assert_eq!(
            origin(&app),
            GameOrigin::Scene,
            "the scene follows the title"
        );
        assert_eq!(
            mode(&app),
            AppMode::Demo,
            "the demo shows it in its own mode"
        );
        let scene_moves = |app: &App| {
            app.world()
                .resource::<ScenePlayback>()
                .scene
                .as_ref()
                .map_or(0, |s| s.steps.len())
        };
        let steps = scene_moves(&app);
        assert!(steps >= 2);
        let t0 = std::time::Instant::now();
        while origin(&app) == GameOrigin::Scene && t0.elapsed() < Duration::from_secs(60) {
            frames(&mut app, 10);
            let played = app.world().resource::<ScenePlayback>().next;
            assert!(
                entries(&app) <= played,
                "only the scene's scripted moves are played ({} > {played})",
                entries(&app)
            );
        }
        let scripted: Vec<String> = app
            .world()
            .resource::<DemoCaptions>()
            .log
            .iter()
            .filter(|c| c.kind == CaptionKind::Scripted)
            .map(|c| c.text.clone())
            .collect();
        assert!(scripted.len() >= 2, "the scene's captions: {scripted:?}");
        assert_eq!(origin(&app), GameOrigin::Demo, "then the bots' game");
        let t0 = std::time::Instant::now();
        while entries(&app) < 2 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        assert!(entries(&app) >= 2, "the bots play the Intrachange game");
        assert_eq!(
            app.world().resource::<ActiveGame>().variant(),
            Variant::Intrachange
        );
        assert_only_this_game(&mut app, "the demo's game after its scene");
    }

    #[test]
    fn demo_starts_cycles_variants_and_plays() {
        let (_root, f) = folders("demo");
        let mut app = start(
            "esoterica demo --variants standard,parity --pace 0.1 --bot random --scenes off",
            f,
        );
        // Even under the first title card the board is the demo's, not a player's.
        assert_eq!(
            app.world().resource::<ActiveGame>().origin,
            esoterica::game::GameOrigin::Demo
        );
        let t0 = std::time::Instant::now();
        let mut seen = std::collections::BTreeSet::new();
        while seen.len() < 2 && t0.elapsed() < Duration::from_secs(120) {
            frames(&mut app, 20);
            let game = app.world().resource::<ActiveGame>();
            if !game.record.is_empty() {
                seen.insert(game.variant().name());
            }
        }
        assert_eq!(
            seen.into_iter().collect::<Vec<_>>(),
            ["parity", "standard"],
            "the demo played both variants"
        );
        check_world_matches_position(app.world_mut()).unwrap();
    }

    /// The demo until its game has `plies` entries.
    fn demo_with_moves(name: &str, plies: usize) -> App {
        let (_root, f) = folders(name);
        let mut app = start(
            "esoterica demo --variants standard --pace 0.1 --bot random --scenes off",
            f,
        );
        let t0 = std::time::Instant::now();
        while entries(&app) < plies && t0.elapsed() < Duration::from_secs(60) {
            frames(&mut app, 10);
        }
        assert!(entries(&app) >= plies);
        app
    }

    #[test]
    fn demo_take_over_against_the_bot_keeps_the_position_and_the_bot_answers() {
        let mut app = demo_with_moves("takeover-bot", 3);
        // A key press opens the offer; the visitor takes over against the bot.
        app.world_mut()
            .write_message(TakeOverRequest(TakeOver::VsBot));
        frames(&mut app, 5);
        let before = app.world().resource::<ActiveGame>().record.clone();
        let seats = app.world().resource::<Seats>();
        let visitor = [Color::White, Color::Black]
            .into_iter()
            .find(|s| !seats.is_bot(*s))
            .unwrap();
        assert!(seats.is_bot(visitor.other()));
        assert_eq!(visitor, before.current().turn());
        let mv = before.current().legal_moves()[0];
        submit(&mut app, mv);
        let t0 = std::time::Instant::now();
        while entries(&app) < before.len() + 2 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(
            game.record.len(),
            before.len() + 2,
            "the visitor's move and the bot's reply"
        );
        assert_eq!(&game.record.entries()[..before.len()], before.entries());
        assert_eq!(game.origin, esoterica::game::GameOrigin::Player);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn demo_take_over_hot_seat_keeps_the_position_and_nobody_moves_for_the_visitors() {
        use esoterica::render::charges::ChargeOverlay;
        use esoterica::render::zones::ZoneView;
        let mut app = demo_with_moves("takeover-hotseat", 2);
        // The demo shows every overlay (a fresh settings file has them off).
        let overlays = |app: &App| {
            (
                app.world().resource::<ChargeOverlay>().visible,
                app.world().resource::<ZoneView>().visible,
                app.world()
                    .resource::<esoterica::render::BoardView>()
                    .show_numbers,
            )
        };
        assert_eq!(overlays(&app), (true, true, true));
        app.world_mut()
            .write_message(TakeOverRequest(TakeOver::HotSeat));
        frames(&mut app, 5);
        assert_eq!(
            overlays(&app),
            (false, false, false),
            "the player's own again"
        );
        let before = entries(&app);
        frames(&mut app, 200);
        assert_eq!(
            entries(&app),
            before,
            "no bot moves in a hot-seat take-over"
        );
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, pos.legal_moves()[0]);
        assert_eq!(entries(&app), before + 1);
        assert_eq!(mode(&app), AppMode::Play);
        assert_only_this_game(&mut app, "demo → hot-seat take-over");
    }

    #[test]
    fn resume_prompt_shows_the_offered_game_and_nothing_moves_until_answered() {
        let (root, f) = folders("resume");
        // A random-vs-random game was killed mid-game: its autosave and the bots as the
        // saved players.
        let mut record = esoterica::rules::GameRecord::new(Position::new(Variant::Standard));
        for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
            let mv = record.current().parse_move(san).unwrap();
            record.play(&mv).unwrap();
        }
        f.autosave().unwrap().write(&record).unwrap();
        let bot = PlayerSpec::Bot {
            spec: "random".into(),
            level: 1,
        };
        let settings = Settings {
            players: esoterica::persist::Players {
                white: bot.clone(),
                black: bot,
            },
            ..Settings::default()
        };
        settings
            .save_to(&root.join("config").join("settings.ron"))
            .unwrap();
        let mut app = start("esoterica", f);
        frames(&mut app, 300);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(
            game.record.entries(),
            record.entries(),
            "the offered game is on the board"
        );
        assert!(app.world().resource::<ResumeOffer>().0.is_some());
        assert!(matches!(phase(&app), GamePhase::Held(_)));
        // A move from the board is refused while the question is open.
        submit(&mut app, record.current().legal_moves()[0]);
        assert_eq!(entries(&app), 5);
        assert!(
            app.world()
                .resource::<StatusLine>()
                .0
                .contains("answer the question"),
            "{}",
            app.world().resource::<StatusLine>().0
        );
        check_world_matches_position(app.world_mut()).unwrap();
        // Resume: the hold goes and the saved bots play on from the offered game.
        app.world_mut()
            .write_message(esoterica::ui::files::ResumeAnswerRequest(true));
        let t0 = std::time::Instant::now();
        while entries(&app) < 7 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        let game = app.world().resource::<ActiveGame>();
        assert!(game.record.len() >= 7);
        assert_eq!(&game.record.entries()[..5], record.entries());
        assert!(!matches!(phase(&app), GamePhase::Held(_)));
        assert_only_this_game(&mut app, "the resumed game");
    }

    #[test]
    fn declining_the_resume_keeps_the_offered_game_in_the_recent_games() {
        let (_root, f) = folders("decline");
        let mut record = esoterica::rules::GameRecord::new(Position::new(Variant::Parity));
        let pos = record.current().clone();
        let mut as_black = pos.clone();
        as_black.set_turn(Color::Black);
        record
            .play_turn(
                &pos.parse_move("e2e4").unwrap(),
                &as_black.parse_move("e7e5").unwrap(),
            )
            .unwrap();
        f.autosave().unwrap().write(&record).unwrap();
        let mut app = start("esoterica", f.clone());
        frames(&mut app, 20);
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
        app.world_mut()
            .write_message(esoterica::ui::files::ResumeAnswerRequest(false));
        frames(&mut app, 20);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!((game.variant(), game.record.len()), (Variant::Parity, 0));
        let recent = f.recent().unwrap().list().unwrap();
        assert_eq!(recent.len(), 1);
        assert_eq!((recent[0].variant, recent[0].entries), (Variant::Parity, 1));
        assert!(!matches!(phase(&app), GamePhase::Held(_)));
    }

    /// Presses and releases `keys` together, as the window's keyboard reports them.
    fn press_keys(app: &mut App, keys: &[KeyCode]) {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        for state in [ButtonState::Pressed, ButtonState::Released] {
            for k in keys {
                app.world_mut().write_message(KeyboardInput {
                    key_code: *k,
                    logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                    state,
                    text: None,
                    repeat: false,
                    window: Entity::PLACEHOLDER,
                });
            }
            frames(app, 2);
        }
    }

    /// `play --black alphabeta:9` seats level 9 (the network's level), and the Players
    /// section's level slider, drawn each frame, keeps it (its range is every level).
    #[test]
    fn the_strongest_level_given_on_the_command_line_stays_seated() {
        let (_root, f) = folders("flow-level-nine");
        let mut app = start("esoterica play --black alphabeta:9", f);
        frames(&mut app, 5);
        let seats = app.world().resource::<Seats>().clone();
        assert!(
            matches!(seats.of(Color::Black), PlayerSpec::Bot { spec, level: 9 } if spec == "alphabeta"),
            "{seats:?}"
        );
    }

    #[test]
    fn keys_offer_a_draw_resign_and_open_the_analysis() {
        use esoterica::bots::live_analysis::AnalysisSettings;
        use esoterica::game::DrawOffer;
        let (_root, f) = folders("flow-keys");
        let mut app = start("esoterica play --black alphabeta:1", f);
        frames(&mut app, 5);
        // A opens the analysis panel; B draws the best move.
        press_keys(&mut app, &[KeyCode::KeyA]);
        press_keys(&mut app, &[KeyCode::KeyB]);
        let s = *app.world().resource::<AnalysisSettings>();
        assert!(s.open && s.hint && !s.threats);
        // Ctrl+D: White (the person) offers a draw; the bot answers at once (it declines
        // an equal position).
        press_keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyD]);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert_eq!(status, "Black declines the draw.");
        assert_eq!(app.world().resource::<DrawOffer>().0, None);
        // Ctrl+R alone does nothing; Ctrl+Shift+R asks whether White resigns, and the
        // question's Resign (a ResignRequest) ends the game.
        press_keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyR]);
        assert_eq!(app.world().resource::<ActiveGame>().record.outcome(), None);
        press_keys(
            &mut app,
            &[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyR],
        );
        assert_eq!(app.world().resource::<ActiveGame>().record.outcome(), None);
        let asked = app
            .world()
            .resource::<esoterica::ui::game_flow::ResignQuestion>()
            .side(app.world().resource::<ActiveGame>());
        assert_eq!(asked, Some(Color::White));
        app.world_mut()
            .write_message(esoterica::game::ResignRequest { side: Color::White });
        frames(&mut app, 2);
        assert_eq!(
            app.world().resource::<ActiveGame>().record.outcome(),
            Some(esoterica::rules::Outcome::Win {
                winner: Color::Black,
                reason: esoterica::rules::outcome::WinReason::Resignation,
            })
        );
    }

    #[test]
    fn the_position_editor_sets_up_a_position_and_plays_it_against_a_bot() {
        use esoterica::rules::{Piece, PieceKind, Wing};
        use esoterica::ui::editor::{EditorRequest, PlayFrom, PositionEditor};
        let (_root, f) = folders("editor");
        let mut app = start("esoterica", f.clone());
        frames(&mut app, 5);
        play_text(&mut app, "e4");
        // E opens the editor on the position on the board (the window is drawn from now on).
        press_keys(&mut app, &[KeyCode::KeyE]);
        let editor = app.world().resource::<PositionEditor>();
        assert!(editor.open);
        assert_eq!(
            editor.setup().text(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let shape = esoterica::rules::BoardShape::Standard;
        let at = |n: &str| shape.parse_square(n).unwrap();
        let send = |app: &mut App, r: EditorRequest| {
            app.world_mut().write_message(r);
            frames(app, 2);
        };
        // A cleared board lacks its Kings: the rules core's error is the editor's verdict.
        send(&mut app, EditorRequest::Clear);
        let err = app
            .world()
            .resource::<PositionEditor>()
            .check()
            .result
            .clone()
            .unwrap_err();
        assert_eq!(
            (err.field, err.reason.as_str()),
            ("position", "White must have exactly one King, found 0")
        );
        for (sq, piece) in [
            ("e1", Piece::new(Color::White, PieceKind::King)),
            ("h1", Piece::new(Color::White, PieceKind::Rook)),
            ("e8", Piece::new(Color::Black, PieceKind::King)),
            ("a2", Piece::new(Color::White, PieceKind::Pawn)),
        ] {
            send(
                &mut app,
                EditorRequest::Put {
                    square: at(sq),
                    piece,
                },
            );
        }
        // A drag of the pawn from a2 to a7, and one off the board from h1 and back.
        send(
            &mut app,
            EditorRequest::Move {
                from: at("a2"),
                color: Color::White,
                to: at("a7"),
            },
        );
        send(&mut app, EditorRequest::Turn(Color::White));
        send(
            &mut app,
            EditorRequest::Castling {
                side: Color::White,
                wing: Wing::Long,
                allowed: true,
            },
        );
        let err = app
            .world()
            .resource::<PositionEditor>()
            .check()
            .result
            .clone()
            .unwrap_err();
        assert_eq!(err.field, "castling", "no Rook on a1");
        send(
            &mut app,
            EditorRequest::Castling {
                side: Color::White,
                wing: Wing::Long,
                allowed: false,
            },
        );
        send(
            &mut app,
            EditorRequest::Castling {
                side: Color::White,
                wing: Wing::Short,
                allowed: true,
            },
        );
        let editor = app.world().resource::<PositionEditor>();
        assert_eq!(editor.text, "4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
        let pos = editor.check().result.clone().unwrap();
        assert!(
            pos.legal_moves().iter().any(|m| m.promotion.is_some()),
            "a7-a8 promotes"
        );
        // A malformed text is refused with the reader's reason and changes nothing.
        send(
            &mut app,
            EditorRequest::LoadText("4k3/9/8 w - - 0 1".into()),
        );
        let editor = app.world().resource::<PositionEditor>();
        assert!(
            editor
                .note
                .starts_with("Not loaded: bad position text (placement)"),
            "{}",
            editor.note
        );
        assert_eq!(editor.setup().text(), "4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
        // Play from here as Black against the bot: White's bot moves first.
        send(
            &mut app,
            EditorRequest::Play(PlayFrom::AgainstBot {
                human: Color::Black,
            }),
        );
        assert!(!app.world().resource::<PositionEditor>().open);
        let players = app.world().resource::<Seats>().clone();
        assert_eq!(players.of(Color::Black), &PlayerSpec::Human);
        assert!(
            matches!(players.of(Color::White), PlayerSpec::Bot { spec, level: 4 } if spec == "alphabeta"),
            "{players:?}"
        );
        let mut waited = 0;
        while entries(&app) == 0 && waited < 2000 {
            frames(&mut app, 1);
            waited += 1;
        }
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(
            game.record.start().to_text(),
            "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"
        );
        assert_eq!(game.record.len(), 1, "the bot played White's first move");
        // The game left for the editor's position is kept in the recent games.
        let recent = f.recent().unwrap().list().unwrap();
        assert_eq!(
            (recent[0].variant, recent[0].entries),
            (Variant::Standard, 1)
        );
    }

    #[test]
    fn the_position_editor_sets_up_parity_shared_squares_and_resting_pieces() {
        use esoterica::rules::{Piece, PieceKind};
        use esoterica::ui::editor::{EditorRequest, PlayFrom, PositionEditor};
        let (_root, f) = folders("editor-parity");
        let mut app = start("esoterica", f);
        frames(&mut app, 5);
        let send = |app: &mut App, r: EditorRequest| {
            app.world_mut().write_message(r);
            frames(app, 2);
        };
        send(&mut app, EditorRequest::Open);
        send(&mut app, EditorRequest::Variant(Variant::Parity));
        let at = |n: &str| {
            esoterica::rules::BoardShape::Standard
                .parse_square(n)
                .unwrap()
        };
        send(
            &mut app,
            EditorRequest::Move {
                from: at("e2"),
                color: Color::White,
                to: at("e4"),
            },
        );
        send(
            &mut app,
            EditorRequest::Move {
                from: at("d7"),
                color: Color::Black,
                to: at("e4"),
            },
        );
        send(
            &mut app,
            EditorRequest::Resting {
                square: at("e4"),
                color: Color::White,
            },
        );
        send(
            &mut app,
            EditorRequest::Resting {
                square: at("e4"),
                color: Color::Black,
            },
        );
        // A third request for a square without the side's piece is refused with a reason.
        send(
            &mut app,
            EditorRequest::Resting {
                square: at("e5"),
                color: Color::White,
            },
        );
        let editor = app.world().resource::<PositionEditor>();
        assert_eq!(editor.note, "White has no piece on e5 to rest.");
        assert_eq!(
            editor.text,
            "rnbqkbnr/ppp1pppp/8/8/4[Pp]3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 e4/e4"
        );
        send(
            &mut app,
            EditorRequest::Put {
                square: at("d4"),
                piece: Piece::new(Color::Black, PieceKind::Knight),
            },
        );
        send(&mut app, EditorRequest::Play(PlayFrom::HotSeat));
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.variant(), Variant::Parity);
        let pos = game.record.current();
        assert!(pos.board().is_shared(at("e4")));
        assert_eq!(pos.resting(Color::White).collect::<Vec<_>>(), [at("e4")]);
        // The pawn on e4 rests: White's legal commits do not move it.
        assert!(
            pos.legal_commits(Color::White)
                .iter()
                .all(|m| m.from != at("e4"))
        );
    }

    #[test]
    fn a_new_game_key_during_a_game_asks_first_and_keeps_the_old_game() {
        use esoterica::game::replace::{
            AnswerReplacementRequest, ReplaceConfirmation, ReplaceGameRequest, Replacement,
        };
        let (_root, f) = folders("newgame-key");
        let mut app = start("esoterica", f.clone());
        frames(&mut app, 5);
        for san in ["e4", "e5", "Nf3"] {
            play_text(&mut app, san);
        }
        // N (the hotkey sends exactly this request).
        app.world_mut()
            .write_message(ReplaceGameRequest(Replacement::NewGame(
                esoterica::game::NewGameRequest::new(Variant::Standard),
            )));
        frames(&mut app, 5);
        assert_eq!(entries(&app), 3, "the game stays until the player confirms");
        assert!(
            app.world()
                .resource::<ReplaceConfirmation>()
                .waiting
                .is_some()
        );
        app.world_mut()
            .write_message(AnswerReplacementRequest(false));
        frames(&mut app, 5);
        assert_eq!(entries(&app), 3);
        assert!(
            app.world()
                .resource::<ReplaceConfirmation>()
                .waiting
                .is_none()
        );
        // Asked again and confirmed: a new game, and the old one is in the recent games.
        app.world_mut()
            .write_message(ReplaceGameRequest(Replacement::NewGame(
                esoterica::game::NewGameRequest::new(Variant::Standard),
            )));
        frames(&mut app, 2);
        app.world_mut()
            .write_message(AnswerReplacementRequest(true));
        frames(&mut app, 5);
        assert_eq!(entries(&app), 0);
        let recent = f.recent().unwrap().list().unwrap();
        assert_eq!(recent.len(), 1);
        let back = f.recent().unwrap().restore(&recent[0]).unwrap();
        assert_eq!(back.len(), 3);
        let tag = |k: &str| {
            back.tags
                .iter()
                .find(|(t, _)| t == k)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(tag("White").as_deref(), Some("Human"));
        assert_eq!(tag("Event").as_deref(), Some("Esoterica game"));
        assert!(tag("Date").is_some_and(|d| d.len() == 10 && !d.contains('?')));
    }

    #[test]
    fn without_a_seed_each_start_draws_its_own_bot_seed() {
        let (_r1, f1) = folders("seed-a");
        let (_r2, f2) = folders("seed-b");
        let a = start("esoterica", f1);
        let b = start("esoterica", f2);
        let seed = |app: &App| app.world().resource::<esoterica::bots::plugin::BotSeed>().0;
        assert_ne!(
            seed(&a),
            seed(&b),
            "the random bot must not replay the same game"
        );
    }

    #[test]
    fn a_refused_parity_commit_says_why_in_the_rules_words() {
        let (_root, f) = folders("commit-reason");
        let launch = launch_args(&[
            "esoterica",
            "play",
            "--variant",
            "parity",
            "--position",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-",
        ]);
        let mut app = start_launch(launch, f);
        frames(&mut app, 3);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let s = pos.shape();
        let mv = esoterica::rules::Move::new(
            s.parse_square("a1").unwrap(),
            s.parse_square("a5").unwrap(),
        );
        submit(&mut app, mv);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(
            status.contains("a1a5") && status.contains("moved last turn and must rest"),
            "{status}"
        );
        assert!(
            status.contains("(Parity rule §2.1: the piece that moved last turn rests)"),
            "{status}"
        );
    }

    #[test]
    fn pasting_a_position_says_it_was_set_up_not_restored() {
        let (_root, f) = folders("paste");
        let mut app = start("esoterica", f);
        frames(&mut app, 3);
        let pos = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        app.world_mut()
            .write_message(esoterica::game::replace::ReplaceGameRequest(
                esoterica::game::replace::Replacement::Continue(esoterica::rules::GameRecord::new(
                    pos,
                )),
            ));
        frames(&mut app, 3);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(status.starts_with("Position set up."), "{status}");
    }

    #[test]
    fn a_drag_released_over_a_panel_puts_the_piece_back() {
        let (_root, f) = folders("drag");
        let mut app = start("esoterica", f);
        frames(&mut app, 3);
        let e2 = Position::new(Variant::Standard)
            .shape()
            .parse_square("e2")
            .unwrap();
        app.world_mut()
            .resource_mut::<esoterica::render::Selection>()
            .dragging = Some(e2);
        // The button goes down and up while the board does not see it (as over a panel).
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
            .single(app.world())
            .unwrap();
        for state in [
            bevy::input::ButtonState::Pressed,
            bevy::input::ButtonState::Released,
        ] {
            app.world_mut()
                .write_message(bevy::input::mouse::MouseButtonInput {
                    button: MouseButton::Left,
                    state,
                    window,
                });
            app.update();
        }
        assert_eq!(
            app.world()
                .resource::<esoterica::render::Selection>()
                .dragging,
            None,
            "the piece no longer follows the cursor"
        );
    }

    fn play_args(args: &[&str], name: &str) -> App {
        let (_root, f) = folders(name);
        let mut all = vec!["esoterica", "play"];
        all.extend_from_slice(args);
        start_launch(launch_args(&all), f)
    }

    fn outcome(app: &App) -> Option<esoterica::rules::Outcome> {
        app.world().resource::<ActiveGame>().record.outcome()
    }

    #[test]
    fn a_flag_fall_wins_with_mating_material_and_draws_without() {
        use esoterica::rules::{DrawReason, Outcome, WinReason};
        for (fen, expected) in [
            (
                "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
                Outcome::Win {
                    winner: Color::White,
                    reason: WinReason::Timeout,
                },
            ),
            (
                "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1",
                Outcome::Draw {
                    reason: DrawReason::TimeoutVsInsufficientMaterial,
                },
            ),
        ] {
            // 0.01 minutes: 0.6 s, about 38 frames of 16 ms.
            let mut app = play_args(&["--position", fen, "--time-control", "0.01+0"], "flag");
            frames(&mut app, 60);
            assert_eq!(outcome(&app), None, "the clock starts with the first move");
            play_text(&mut app, "Kd2");
            frames(&mut app, 60);
            assert_eq!(outcome(&app), Some(expected), "{fen}");
            let clock = app.world().resource::<esoterica::game::clock::LiveClock>();
            assert_eq!(clock.remaining(Color::Black), Some(Duration::ZERO));
            assert!(clock.remaining(Color::White).unwrap() > Duration::ZERO);
        }
    }

    #[test]
    fn bots_under_a_clock_record_every_reading_and_the_pgn_carries_it() {
        let mut app = play_args(
            &[
                "--time-control",
                "1+2",
                "--white",
                "random",
                "--black",
                "random",
                "--seed",
                "3",
            ],
            "clock-bots",
        );
        let t0 = std::time::Instant::now();
        while entries(&app) < 6 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        let game = app.world().resource::<ActiveGame>();
        assert!(game.record.len() >= 6);
        for i in 0..game.record.len() {
            let c = game
                .record
                .clocks_after(i)
                .expect("a reading after every move");
            // Each side gained 2 s per move and spent less than that in a few frames.
            assert!(c.iter().all(|d| *d > Duration::from_secs(58)), "{c:?}");
        }
        let pgn = esoterica::persist::game_to_text(&game.record);
        assert!(pgn.contains("[TimeControl \"60+2\"]"), "{pgn}");
        assert!(pgn.contains("{[%clk 0:01:0"), "{pgn}");
    }

    #[test]
    fn parity_clocks_run_together_stop_at_a_commit_and_gain_the_increment() {
        let mut app = play_args(
            &["--variant", "parity", "--time-control", "1+5"],
            "clock-parity",
        );
        frames(&mut app, 3);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, pos.parse_move("e2e4").unwrap());
        frames(&mut app, 30);
        let live = app.world().resource::<esoterica::game::clock::LiveClock>();
        let (w, b) = (
            live.remaining(Color::White).unwrap(),
            live.remaining(Color::Black).unwrap(),
        );
        assert!(
            b < w,
            "Black's clock runs while White's is stopped: {w:?} {b:?}"
        );
        let mut as_black = pos.clone();
        as_black.set_turn(Color::Black);
        submit(&mut app, as_black.parse_move("e7e5").unwrap());
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.record.len(), 1);
        let c = game.record.clocks_after(0).unwrap();
        assert!(
            c[0] > Duration::from_secs(64) && c[1] > Duration::from_secs(64),
            "{c:?}"
        );
        assert!(c[1] < c[0]);
    }

    /// Counts of every variant's overlay entities on the board: the Force Field heat map,
    /// charge numbers and flashes, Big Outer's zone tints, Intrachange's square numbers and
    /// hexagrams, Parity's resting marks and turn captions.
    fn overlay_counts(app: &mut App) -> [(&'static str, usize); 8] {
        use esoterica::render::board2d::{HexagramGlyph, SquareNumberLabel};
        use esoterica::render::charges::{ChargeHeatMap, ChargeLabel, FieldFlash};
        use esoterica::render::parity::{RestingMark, TurnCaption};
        use esoterica::render::zones::ZoneTint;
        fn count<C: Component>(app: &mut App) -> usize {
            app.world_mut()
                .query_filtered::<Entity, With<C>>()
                .iter(app.world())
                .count()
        }
        [
            ("heat map", count::<ChargeHeatMap>(app)),
            ("charge numbers", count::<ChargeLabel>(app)),
            ("field flashes", count::<FieldFlash>(app)),
            ("zone tints", count::<ZoneTint>(app)),
            ("square numbers", count::<SquareNumberLabel>(app)),
            ("hexagrams", count::<HexagramGlyph>(app)),
            ("resting marks", count::<RestingMark>(app)),
            ("turn captions", count::<TurnCaption>(app)),
        ]
    }

    /// The overlays `variant` may show (by name, as in [`overlay_counts`]).
    fn overlays_of(variant: Variant) -> &'static [&'static str] {
        if variant.has_fields() {
            &["heat map", "charge numbers", "field flashes"]
        } else if variant.has_zones() {
            &["zone tints"]
        } else if variant.has_teleports() {
            &["square numbers", "hexagrams"]
        } else if variant.turn_model() == esoterica::rules::TurnModel::Simultaneous {
            &["resting marks", "turn captions"]
        } else {
            &[]
        }
    }

    /// Nothing of another game, variant or mode is in the world: every entity bound to a
    /// game, a variant feature or a mode (`DespawnOnExit`) is bound to the current one, the
    /// overlays are the variant's own, and the pieces and squares are the shown position's.
    fn assert_only_this_game(app: &mut App, when: &str) {
        use bevy::state::state_scoped::DespawnOnExit;
        use esoterica::game::{
            FairyPiecesOnBoard, FieldsOnBoard, OnBoard, TeleportsOnBoard, TurnModelState,
            ZonesOnBoard,
        };
        let board = *app.world().resource::<State<OnBoard>>().get();
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(
            board,
            OnBoard::of(game),
            "{when}: the board state follows the game"
        );
        let variant = game.variant();
        let mode = self::mode(app);
        let boards: Vec<OnBoard> = app
            .world_mut()
            .query::<&DespawnOnExit<OnBoard>>()
            .iter(app.world())
            .map(|d| d.0)
            .collect();
        assert!(
            boards.iter().all(|b| *b == board),
            "{when}: entities of another game remain: {boards:?} (now {board:?})"
        );
        let modes: Vec<AppMode> = app
            .world_mut()
            .query::<&DespawnOnExit<AppMode>>()
            .iter(app.world())
            .map(|d| d.0)
            .collect();
        assert!(
            modes.iter().all(|m| *m == mode),
            "{when}: entities of another mode remain: {modes:?} (now {mode:?})"
        );
        fn bound<S: States>(app: &mut App) -> usize {
            app.world_mut()
                .query::<&DespawnOnExit<S>>()
                .iter(app.world())
                .count()
        }
        let checks = [
            ("fields", bound::<FieldsOnBoard>(app), variant.has_fields()),
            ("zones", bound::<ZonesOnBoard>(app), variant.has_zones()),
            (
                "teleports",
                bound::<TeleportsOnBoard>(app),
                variant.has_teleports(),
            ),
            (
                "fairy pieces",
                bound::<FairyPiecesOnBoard>(app),
                variant.has_fairy_pieces(),
            ),
            (
                "simultaneous turns",
                bound::<TurnModelState>(app),
                variant.turn_model() == esoterica::rules::TurnModel::Simultaneous,
            ),
        ];
        for (what, n, has) in checks {
            assert!(
                has || n == 0,
                "{when}: {n} entities of {what} on a {variant} board"
            );
        }
        for (name, n) in overlay_counts(app) {
            if !overlays_of(variant).contains(&name) {
                assert_eq!(n, 0, "{when}: {name} left on the {variant} board");
            }
        }
        // The pieces are the shown position's (under review, an earlier one).
        let shown = app.world().resource::<ActiveGame>().shown().clone();
        let pieces: Vec<(esoterica::rules::Square, Piece)> = app
            .world_mut()
            .query_filtered::<(&PieceEntity, &OnSquare), Without<Captured>>()
            .iter(app.world())
            .map(|(p, s)| (s.0, Piece::new(p.side, p.kind)))
            .collect();
        esoterica::game::pieces_match_position(pieces, &shown)
            .unwrap_or_else(|e| panic!("{when}: {e:?}"));
    }

    /// The window's modes and the game's phases, one after the other: play → editor → play
    /// (and a game set up there), review and back, a new game of every kind of variant, the
    /// replace question; after each, nothing of the mode or game before remains.
    #[test]
    fn mode_and_phase_transitions_leave_nothing_of_the_last_mode_or_game() {
        use esoterica::game::ReviewRequest;
        use esoterica::game::replace::{AnswerReplacementRequest, ReplaceGameRequest, Replacement};
        use esoterica::game::session::{HoldReason, OpenEditorRequest};
        use esoterica::render::charges::ChargeOverlay;
        use esoterica::render::zones::ZoneView;
        use esoterica::ui::editor::{EditorRequest, PlayFrom, PositionEditor};
        let mut app = play_args(&["--variant", "force-field"], "transitions");
        frames(&mut app, 2);
        {
            let w = app.world_mut();
            w.resource_mut::<ChargeOverlay>().visible = true;
            w.resource_mut::<ZoneView>().visible = true;
        }
        frames(&mut app, 3);
        assert_eq!(
            (mode(&app), phase(&app)),
            (AppMode::Play, GamePhase::AwaitingInput)
        );
        for mv in ["e2e4", "e7e5", "g1f3"] {
            play_text(&mut app, mv);
        }
        frames(&mut app, 30);
        assert_only_this_game(&mut app, "after three Force Field moves");

        // Review: the phase says so, moves are refused, the board shows the old position.
        app.world_mut().write_message(ReviewRequest(Some(1)));
        frames(&mut app, 3);
        assert_eq!(phase(&app), GamePhase::Reviewing);
        assert_only_this_game(&mut app, "reviewing move 1");
        app.world_mut().write_message(ReviewRequest(None));
        frames(&mut app, 3);
        assert_eq!(phase(&app), GamePhase::AwaitingInput);
        assert_only_this_game(&mut app, "back to live");

        // Play → editor → play: the game behind it is the same game, untouched.
        let id = app.world().resource::<ActiveGame>().id;
        app.world_mut().write_message(OpenEditorRequest);
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Editor);
        assert!(app.world().resource::<PositionEditor>().open);
        app.world_mut().write_message(EditorRequest::Close);
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Play);
        assert!(!app.world().resource::<PositionEditor>().open);
        assert_eq!(app.world().resource::<ActiveGame>().id, id);
        assert_eq!(entries(&app), 3);
        assert_only_this_game(&mut app, "play → editor → play");

        // The editor sets up Big Outer and plays from there (the person chose it in the
        // editor: no second question; the game in progress goes to Recent games).
        app.world_mut().write_message(OpenEditorRequest);
        frames(&mut app, 2);
        app.world_mut()
            .write_message(EditorRequest::Variant(Variant::BigOuter));
        frames(&mut app, 2);
        app.world_mut()
            .write_message(EditorRequest::Play(PlayFrom::HotSeat));
        frames(&mut app, 4);
        assert_eq!(mode(&app), AppMode::Play);
        assert_eq!(
            app.world().resource::<ActiveGame>().variant(),
            Variant::BigOuter
        );
        assert_only_this_game(&mut app, "a Big Outer game from the editor");

        // New games through the kinds of variant, each with moves (so the next one asks).
        for (v, mv) in [
            (Variant::Parity, None),
            (Variant::Intrachange, Some("e2e4")),
            (Variant::ForceField, Some("d2d4")),
            (Variant::Standard, Some("e2e4")),
        ] {
            app.world_mut()
                .write_message(ReplaceGameRequest(Replacement::NewGame(
                    NewGameRequest::new(v),
                )));
            // The question holds the game within a few frames (when one is in progress).
            for _ in 0..6 {
                frames(&mut app, 1);
                if phase(&app) == GamePhase::Held(HoldReason::ReplaceQuestion) {
                    app.world_mut()
                        .write_message(AnswerReplacementRequest(true));
                    break;
                }
            }
            frames(&mut app, 4);
            assert_eq!(app.world().resource::<ActiveGame>().variant(), v);
            if let Some(mv) = mv {
                play_text(&mut app, mv);
                frames(&mut app, 30);
            }
            assert_only_this_game(&mut app, &format!("a new {v} game"));
        }
    }

    /// Every overlay on, then through every variant: each board shows only its own
    /// variant's overlays, nothing of the game before it (the window's New game, and the
    /// demo going from Force Field to Parity).
    #[test]
    fn every_overlay_belongs_to_the_game_it_was_drawn_for() {
        use esoterica::render::BoardView;
        use esoterica::render::charges::ChargeOverlay;
        use esoterica::render::zones::ZoneView;
        let mut app = play_args(&["--variant", "force-field"], "overlays");
        // The settings file's switches are put in force in the first frame.
        frames(&mut app, 2);
        {
            let w = app.world_mut();
            let mut c = w.resource_mut::<ChargeOverlay>();
            c.visible = true;
            c.numbers = true;
            w.resource_mut::<ZoneView>().visible = true;
            let mut v = w.resource_mut::<BoardView>();
            v.show_numbers = true;
            v.show_hexagrams = true;
        }
        frames(&mut app, 5);
        let counts = overlay_counts(&mut app);
        assert!(
            counts[0].1 > 0 && counts[1].1 > 0,
            "Force Field shows its charges: {counts:?}"
        );
        let order = [
            Variant::Standard,
            Variant::Parity,
            Variant::ForceField,
            Variant::BigOuter,
            Variant::ForceField,
            Variant::Bully,
            Variant::Intrachange,
            Variant::ForceField,
            Variant::Nonviolent,
            Variant::ParitySingle,
            Variant::BigOuter,
            Variant::Intrachange,
            Variant::Standard,
        ];
        for v in order {
            app.world_mut().write_message(NewGameRequest::new(v));
            frames(&mut app, 4);
            assert_eq!(app.world().resource::<ActiveGame>().variant(), v);
            for (name, n) in overlay_counts(&mut app) {
                if !overlays_of(v).contains(&name) {
                    assert_eq!(n, 0, "{name} left on the {v} board");
                }
            }
        }
        // The window's switches stay for the next game that has them.
        assert!(app.world().resource::<ChargeOverlay>().visible);
        app.world_mut()
            .write_message(NewGameRequest::new(Variant::ForceField));
        frames(&mut app, 4);
        assert!(
            overlay_counts(&mut app)[0].1 > 0,
            "the heat map is back in Force Field"
        );

        // The demo: Force Field, then Parity, with every overlay on.
        let (_root, f) = folders("overlays-demo");
        let mut app = start(
            "esoterica demo --variants force-field,parity --pace 0.05 --bot random --scenes off",
            f,
        );
        {
            let mut state = app.world_mut().resource_mut::<DemoState>();
            state.demo.max_plies = 6;
            state.demo.title_secs = 0.0;
            state.demo.result_secs = 0.0;
        }
        let t0 = std::time::Instant::now();
        let mut seen_ff = false;
        while t0.elapsed() < Duration::from_secs(60) {
            frames(&mut app, 5);
            let v = app.world().resource::<ActiveGame>().variant();
            let counts = overlay_counts(&mut app);
            if v == Variant::ForceField {
                seen_ff |= counts[0].1 > 0;
            }
            for (name, n) in counts {
                if !overlays_of(v).contains(&name) {
                    assert_eq!(n, 0, "the demo left {name} on the {v} board");
                }
            }
            if seen_ff && v == Variant::Parity && entries(&app) >= 2 {
                break;
            }
        }
        assert!(seen_ff, "the demo showed Force Field's heat map");
        assert_eq!(
            app.world().resource::<ActiveGame>().variant(),
            Variant::Parity,
            "the demo went on to Parity"
        );
    }

    /// The sound cues follow what the board shows, as it shows it (headless: no audio
    /// device is needed; with the `sound` feature a sound entity is spawned for each
    /// audible cue): a slide then a teleport, a field's refusal, a capture, a check after
    /// the move lands, Parity's landing together, the end of a game; muted, nothing is
    /// heard, and the demo is silent.
    #[test]
    fn sound_cues_follow_the_motions_and_the_notices() {
        use esoterica::game::ResignRequest;
        use esoterica::sound::{CueLog, SoundCue, SoundSettings};
        fn heard(app: &App) -> Vec<SoundCue> {
            app.world().resource::<CueLog>().audible()
        }
        fn clear(app: &mut App) {
            app.world_mut().resource_mut::<CueLog>().0.clear();
        }
        // Intrachange 1. e4: the slide to e4, then the teleport to e6.
        let mut app = play_args(&["--variant", "intrachange"], "sound-intrachange");
        frames(&mut app, 3);
        clear(&mut app);
        play_text(&mut app, "e2e4");
        frames(&mut app, 90);
        assert_eq!(heard(&app), [SoundCue::Move, SoundCue::Teleport]);
        #[cfg(feature = "sound")]
        {
            use esoterica::sound::playback::CueSound;
            // No audio device plays them here, so the sound entities stay: one per cue
            // heard, with that cue's sound.
            let mut spawned: Vec<SoundCue> = app
                .world_mut()
                .query::<&CueSound>()
                .iter(app.world())
                .map(|c| c.0)
                .collect();
            spawned.sort_by_key(|c| SoundCue::ALL.iter().position(|a| a == c));
            let mut expected = vec![SoundCue::Move, SoundCue::Teleport];
            expected.sort_by_key(|c| SoundCue::ALL.iter().position(|a| a == c));
            assert_eq!(spawned, expected);
            let bank = app
                .world()
                .resource::<esoterica::sound::playback::SoundBank>();
            assert_eq!(bank.0.len(), SoundCue::ALL.len());
        }
        // Force Field: a move into a square White's field holds is refused.
        let mut app = play_args(&["--variant", "force-field"], "sound-field");
        frames(&mut app, 3);
        play_text(&mut app, "e2e4");
        frames(&mut app, 40);
        clear(&mut app);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, Move::new(sq(&pos, "b7"), sq(&pos, "b5")));
        frames(&mut app, 3);
        assert_eq!(heard(&app), [SoundCue::FieldRefusal]);
        // Standard: a capture, then a check heard once the move has landed.
        let mut app = play_args(
            &["--position", "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1"],
            "sound-standard",
        );
        frames(&mut app, 3);
        clear(&mut app);
        play_text(&mut app, "exd5");
        frames(&mut app, 60);
        play_text(&mut app, "Kd7");
        frames(&mut app, 60);
        clear(&mut app);
        play_text(&mut app, "Ra7");
        frames(&mut app, 2);
        assert_eq!(
            heard(&app),
            [SoundCue::Move],
            "the check waits for the landing"
        );
        frames(&mut app, 60);
        assert_eq!(heard(&app), [SoundCue::Move, SoundCue::Check]);
        // Resigning ends the game: its cue at once.
        clear(&mut app);
        app.world_mut()
            .write_message(ResignRequest { side: Color::Black });
        frames(&mut app, 3);
        assert_eq!(heard(&app), [SoundCue::GameOver]);
        // Parity: both pieces land together.
        let mut app = play_args(&["--variant", "parity"], "sound-parity");
        frames(&mut app, 3);
        clear(&mut app);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, commit_of(&pos, Color::White, "e2e4"));
        submit(&mut app, commit_of(&pos, Color::Black, "e7e5"));
        frames(&mut app, 60);
        assert_eq!(heard(&app), [SoundCue::Landing]);
        // Muted: the cues are decided but nothing is heard.
        app.world_mut().resource_mut::<SoundSettings>().muted = true;
        clear(&mut app);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        submit(&mut app, commit_of(&pos, Color::White, "g1f3"));
        submit(&mut app, commit_of(&pos, Color::Black, "g8f6"));
        frames(&mut app, 60);
        let log = app.world().resource::<CueLog>().0.clone();
        assert_eq!(log, [(SoundCue::Landing, 0.0)]);
        // The demo is silent unless started with --sound.
        let (_root, f) = folders("sound-demo");
        let mut app = start(
            "esoterica demo --variants standard --pace 0.05 --bot random --scenes off",
            f,
        );
        app.world_mut().resource_mut::<DemoState>().demo.title_secs = 0.0;
        let t0 = std::time::Instant::now();
        while entries(&app) < 3 && t0.elapsed() < Duration::from_secs(30) {
            frames(&mut app, 10);
        }
        let log = app.world().resource::<CueLog>().0.clone();
        assert!(
            !log.is_empty() && log.iter().all(|(_, v)| *v == 0.0),
            "{log:?}"
        );
        let (_root, f) = folders("sound-demo-on");
        let app = start("esoterica demo --sound", f);
        assert!(app.world().resource::<SoundSettings>().in_demo);
    }

    /// A clock runs only while its side can move: behind the position editor, while a file
    /// dialog or the replace question is open, and during a scene, it stands; back in play
    /// it runs again.
    #[test]
    fn clocks_stand_while_nobody_can_move() {
        use esoterica::game::clock::LiveClock;
        use esoterica::game::replace::{AnswerReplacementRequest, ReplaceGameRequest, Replacement};
        use esoterica::game::session::{
            CloseEditorRequest, CloseSceneRequest, HoldReason, HoldRequest, OpenEditorRequest,
        };
        let mut app = play_args(&["--time-control", "1+0"], "clock-holds");
        frames(&mut app, 3);
        play_text(&mut app, "e4");
        frames(&mut app, 5);
        let black = |app: &App| {
            app.world()
                .resource::<LiveClock>()
                .remaining(Color::Black)
                .unwrap()
        };
        // Black's clock runs now.
        let t = black(&app);
        frames(&mut app, 20);
        assert!(black(&app) < t, "Black's clock runs in play");
        let stands_while = |app: &mut App, what: &str, mode: Option<AppMode>| {
            frames(app, 3);
            if let Some(m) = mode {
                assert_eq!(self::mode(app), m, "{what}");
            }
            let t = black(app);
            frames(app, 30);
            assert_eq!(black(app), t, "Black's clock stands while {what}");
        };
        // The position editor.
        app.world_mut().write_message(OpenEditorRequest);
        stands_while(&mut app, "the editor is open", Some(AppMode::Editor));
        app.world_mut().write_message(CloseEditorRequest);
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Play);
        let t = black(&app);
        frames(&mut app, 20);
        assert!(black(&app) < t, "the clock runs again after the editor");
        // A file dialog (the Files panel holds the game while it is open).
        app.world_mut().write_message(HoldRequest {
            reason: HoldReason::FileDialog,
            held: true,
        });
        stands_while(&mut app, "a file dialog is open", None);
        app.world_mut().write_message(HoldRequest {
            reason: HoldReason::FileDialog,
            held: false,
        });
        frames(&mut app, 3);
        let t = black(&app);
        frames(&mut app, 20);
        assert!(black(&app) < t, "the clock runs again after the dialog");
        // The question before a game in progress is replaced.
        app.world_mut()
            .write_message(ReplaceGameRequest(Replacement::NewGame(
                NewGameRequest::new(Variant::Standard),
            )));
        stands_while(&mut app, "the replace question is open", None);
        app.world_mut()
            .write_message(AnswerReplacementRequest(false));
        frames(&mut app, 3);
        assert_eq!(entries(&app), 1, "the game in progress was kept");
        let t = black(&app);
        frames(&mut app, 20);
        assert!(black(&app) < t, "the clock runs again after the question");
        // A scene replaces the game (confirmed): nothing runs while it is shown.
        let scene =
            esoterica::persist::resolve_scene(std::path::Path::new("bully-king-takes-the-queen"))
                .unwrap();
        app.world_mut()
            .write_message(ReplaceGameRequest(Replacement::Scene(Box::new(scene))));
        frames(&mut app, 2);
        app.world_mut()
            .write_message(AnswerReplacementRequest(true));
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Scene);
        let before = app.world().resource::<LiveClock>().clone();
        frames(&mut app, 30);
        let after = app.world().resource::<LiveClock>();
        for side in [Color::White, Color::Black] {
            assert_eq!(
                after.remaining(side),
                before.remaining(side),
                "{side:?} during the scene"
            );
        }
        app.world_mut().write_message(CloseSceneRequest);
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Play);
    }

    #[test]
    fn a_resumed_game_keeps_its_clocks() {
        let (_root, f) = folders("clock-resume");
        let mut record = esoterica::rules::GameRecord::new(Position::new(Variant::Standard));
        record.time_control = esoterica::rules::clock::TimeControl::fischer(3, 2);
        for (san, w, b) in [("e4", 170, 180), ("e5", 170, 150)] {
            let mv = record.current().parse_move(san).unwrap();
            record.play(&mv).unwrap();
            record.set_last_clocks([Duration::from_secs(w), Duration::from_secs(b)]);
        }
        f.autosave().unwrap().write(&record).unwrap();
        let mut app = start("esoterica", f);
        frames(&mut app, 5);
        app.world_mut()
            .write_message(esoterica::ui::files::ResumeAnswerRequest(true));
        frames(&mut app, 5);
        let live = app.world().resource::<esoterica::game::clock::LiveClock>();
        assert_eq!(live.remaining(Color::Black), Some(Duration::from_secs(150)));
        let w = live.remaining(Color::White).unwrap();
        assert!(
            w < Duration::from_secs(170) && w > Duration::from_secs(169),
            "{w:?}"
        );
    }

    /// Presses and releases `keys` together in the window (so egui sees them too, as it
    /// does in the real window), all within one frame when `one_frame`.
    fn window_keys(app: &mut App, keys: &[KeyCode], one_frame: bool) {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
            .single(app.world())
            .unwrap();
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let order: Vec<KeyCode> = match state {
                ButtonState::Pressed => keys.to_vec(),
                ButtonState::Released => keys.iter().rev().copied().collect(),
            };
            for k in order {
                let logical = match k {
                    KeyCode::Tab => Key::Tab,
                    _ => Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                };
                app.world_mut().write_message(KeyboardInput {
                    key_code: k,
                    logical_key: logical,
                    state,
                    text: None,
                    repeat: false,
                    window,
                });
            }
            if !one_frame {
                frames(app, 2);
            }
        }
        frames(app, 2);
    }

    #[test]
    fn tab_folds_and_unfolds_the_panels_every_time() {
        use esoterica::ui::layout::PanelLayout;
        let (_root, f) = folders("tab");
        let mut app = start("esoterica play", f);
        frames(&mut app, 5);
        let open = |app: &App| {
            let l = app.world().resource::<PanelLayout>();
            (l.left_open, l.right_open)
        };
        assert_eq!(open(&app), (true, true));
        for expected in [(false, false), (true, true), (false, false), (true, true)] {
            window_keys(&mut app, &[KeyCode::Tab], false);
            assert_eq!(open(&app), expected);
        }
        // The other hotkeys still work after the Tabs: egui took no focus.
        window_keys(&mut app, &[KeyCode::KeyF], false);
        assert!(
            app.world()
                .resource::<esoterica::render::BoardView>()
                .flipped
        );
    }

    #[test]
    fn a_ctrl_z_pressed_and_released_within_one_frame_is_an_undo() {
        use esoterica::render::zones::ZoneView;
        let (_root, f) = folders("chord");
        let mut app = start("esoterica play --variant big-outer", f);
        frames(&mut app, 5);
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let mv = pos.legal_moves()[0];
        app.world_mut().write_message(SubmitMoveRequest {
            mv,
            source: MoveSource::Script,
        });
        frames(&mut app, 3);
        assert_eq!(entries(&app), 1);
        let zones = app.world().resource::<ZoneView>().visible;
        // Ctrl down, Z down, Z up, Ctrl up: all in one frame, as under load.
        window_keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ], true);
        assert_eq!(entries(&app), 0, "the chord undid the move");
        assert_eq!(
            app.world().resource::<ZoneView>().visible,
            zones,
            "and was not taken for a plain Z"
        );
        // Ctrl+Y the same way redoes it.
        window_keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY], true);
        frames(&mut app, 3);
        assert_eq!(entries(&app), 1);
    }

    #[test]
    fn resigning_asks_first_and_threats_draw_their_arrow_alone() {
        use esoterica::bots::live_analysis::{AnalysisSettings, LiveAnalysis};
        use esoterica::ui::game_flow::ResignQuestion;
        let (_root, f) = folders("resign-asks");
        let mut app = start("esoterica play --black alphabeta:1", f);
        frames(&mut app, 5);
        press_keys(
            &mut app,
            &[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyR],
        );
        let id = app.world().resource::<ActiveGame>().id;
        assert_eq!(
            app.world().resource::<ResignQuestion>().0,
            Some((Color::White, id))
        );
        assert_eq!(app.world().resource::<ActiveGame>().record.outcome(), None);
        // T alone: the threats are analysed and drawn as an arrow without B.
        press_keys(&mut app, &[KeyCode::KeyT]);
        let s = *app.world().resource::<AnalysisSettings>();
        assert!(s.threats && !s.hint && s.arrow() && s.wanted());
        let start = std::time::Instant::now();
        while app.world().resource::<LiveAnalysis>().best().is_none()
            && start.elapsed() < Duration::from_secs(20)
        {
            frames(&mut app, 1);
        }
        let live = app.world().resource::<LiveAnalysis>();
        assert_eq!(live.side, Some(Color::Black), "the threat is Black's move");
        assert!(live.best().is_some());
    }

    #[test]
    fn the_status_line_keeps_its_height_when_a_message_wraps() {
        use esoterica::render::BoardInsets;
        let (_root, f) = folders("status-height");
        let mut app = start("esoterica play", f);
        frames(&mut app, 5);
        let before = *app.world().resource::<BoardInsets>();
        app.world_mut().resource_mut::<StatusLine>().0 = "A long reason that wraps: ".repeat(12);
        frames(&mut app, 3);
        let after = *app.world().resource::<BoardInsets>();
        assert_eq!(before.bottom, after.bottom);
        assert!(before.bottom > 0.0);
    }

    #[test]
    fn the_parity_board_stays_where_it_is_when_the_game_ends() {
        use esoterica::game::ResignRequest;
        use esoterica::render::BoardInsets;
        use esoterica::ui::parity_panel::COMMIT_BAR_PX;
        let (_root, f) = folders("parity-insets");
        let mut app = start("esoterica play --variant parity", f);
        frames(&mut app, 5);
        let live = *app.world().resource::<BoardInsets>();
        // The commit bar's strip above the board.
        assert!(live.top >= COMMIT_BAR_PX, "{live:?}");
        app.world_mut()
            .write_message(ResignRequest { side: Color::Black });
        frames(&mut app, 5);
        assert!(
            app.world()
                .resource::<ActiveGame>()
                .record
                .outcome()
                .is_some()
        );
        assert_eq!(*app.world().resource::<BoardInsets>(), live);
    }

    #[test]
    fn a_rematch_against_a_bot_turns_the_board_and_forgets_the_old_graph() {
        use esoterica::bots::live_analysis::{AnalysisSettings, GameEvals};
        use esoterica::game::RematchRequest;
        use esoterica::game::ResignRequest;
        use esoterica::render::BoardView;
        let (_root, f) = folders("rematch-view");
        let mut app = start("esoterica play --black greedy", f);
        frames(&mut app, 5);
        assert!(!app.world().resource::<BoardView>().flipped);
        app.world_mut().resource_mut::<AnalysisSettings>().open = true;
        let e4 = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .parse_move("e4")
            .unwrap();
        app.world_mut().write_message(SubmitMoveRequest {
            mv: e4,
            source: MoveSource::Mouse,
        });
        let start_time = std::time::Instant::now();
        while entries(&app) < 2 && start_time.elapsed() < Duration::from_secs(10) {
            frames(&mut app, 1);
        }
        app.world_mut()
            .write_message(ResignRequest { side: Color::White });
        frames(&mut app, 30);
        assert!(!app.world().resource::<GameEvals>().evals.is_empty());
        app.world_mut().write_message(RematchRequest);
        frames(&mut app, 5);
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.record.outcome(), None);
        assert!(
            app.world().resource::<BoardView>().flipped,
            "the person now has Black: Black at the bottom"
        );
        let evals = app.world().resource::<GameEvals>();
        assert!(!evals.is_for(game));
        assert!(evals.evals.is_empty(), "the old game's graph is gone");
        // The next rematch gives the person White again.
        app.world_mut()
            .write_message(ResignRequest { side: Color::Black });
        frames(&mut app, 3);
        app.world_mut().write_message(RematchRequest);
        frames(&mut app, 5);
        assert!(!app.world().resource::<BoardView>().flipped);
    }

    #[test]
    fn a_bots_parity_commit_is_not_the_persons_to_take_back() {
        let (_root, f) = folders("parity-bot-commit");
        let mut app = start("esoterica play --variant parity --black alphabeta:1", f);
        let start_time = std::time::Instant::now();
        while !app
            .world()
            .resource::<ParityCommits>()
            .has_committed(Color::Black)
            && start_time.elapsed() < Duration::from_secs(10)
        {
            frames(&mut app, 1);
        }
        assert!(
            app.world()
                .resource::<ParityCommits>()
                .has_committed(Color::Black)
        );
        // The status line offers no take-back for the bot's commit.
        frames(&mut app, 2);
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(status.contains("Black has committed (hidden)"), "{status}");
        assert!(!status.contains("Backspace"), "{status}");
        app.world_mut()
            .write_message(TakeBackCommitRequest { side: Color::Black });
        frames(&mut app, 2);
        assert!(
            app.world()
                .resource::<ParityCommits>()
                .has_committed(Color::Black),
            "the bot's commit stands"
        );
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(
            status.contains("only a person takes a commit back"),
            "{status}"
        );
        // Backspace does not send it either: the person has no commit to take back.
        press_keys(&mut app, &[KeyCode::Backspace]);
        assert!(
            app.world()
                .resource::<ParityCommits>()
                .has_committed(Color::Black)
        );
    }

    #[test]
    fn a_watched_game_shows_its_recorded_clocks_and_result_and_a_header() {
        use esoterica::game::clock::LiveClock;
        use esoterica::game::watch::WatchedFile;
        use esoterica::rules::clock::TimeControl;
        use esoterica::rules::notation::pgn;
        use esoterica::rules::{DrawReason, GameRecord, Outcome, WinReason};
        let (root, f) = folders("watch-clocks");
        let file = root.join("games.pgn");
        // An earlier game A–B that A won, then B–A: 20 plies under 5+0 whose clocks read
        // 4:30 and less, adjudicated a draw at the ply cap. A live clock would have run out
        // for White after five replayed moves.
        let mut earlier = GameRecord::new(Position::new(Variant::Standard));
        earlier.tags = vec![
            ("White".into(), "A".into()),
            ("Black".into(), "B".into()),
            ("Round".into(), "1".into()),
        ];
        earlier.declare(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation,
        });
        let mut game = GameRecord::new(Position::new(Variant::Standard));
        game.tags = vec![
            ("White".into(), "B".into()),
            ("Black".into(), "A".into()),
            ("Round".into(), "2".into()),
        ];
        game.time_control = TimeControl::parse("5+0").unwrap();
        let mut rng = SmallRng::seed_from_u64(9);
        // Each move takes its mover 1 s more than the one before (PGN keeps the mover's
        // reading, `%clk`, per move).
        let mut left = [Duration::from_secs(300); 2];
        for ply in 0..20u64 {
            let moves = game.current().legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(&mv).unwrap();
            left[(ply % 2) as usize] -= Duration::from_secs(ply / 2 + 5);
            game.set_last_clocks(left);
        }
        let draw = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        game.declare(draw);
        let back = pgn::read_games(&pgn::write(&game), None).unwrap();
        assert_eq!(
            (0..20).map(|i| back[0].clocks_after(i)).collect::<Vec<_>>(),
            (0..20).map(|i| game.clocks_after(i)).collect::<Vec<_>>(),
            "the file carries every reading"
        );
        std::fs::write(
            &file,
            format!("{}\n{}\n", pgn::write(&earlier), pgn::write(&game)),
        )
        .unwrap();
        let path = file.to_str().unwrap();
        let mut app = start_launch(launch_args(&["esoterica", "play", "--watch", path]), f);
        frames(&mut app, 30);
        let header = app
            .world()
            .resource::<WatchedFile>()
            .header
            .clone()
            .expect("a header");
        assert_eq!((header.white.as_str(), header.black.as_str()), ("B", "A"));
        assert_eq!(header.round.as_deref(), Some("2"));
        assert_eq!((header.score, header.scored_games), ((0.0, 1.0), 1));
        assert!(
            header.line().contains("score so far 0–1 (1 game)"),
            "{}",
            header.line()
        );
        frames(&mut app, 22 * 63);
        let shown = app.world().resource::<ActiveGame>();
        assert_eq!(shown.record.len(), 20);
        assert_eq!(shown.record.outcome(), Some(draw), "the recorded result");
        let live = app.world().resource::<LiveClock>();
        let last = game.clocks_after(19).unwrap();
        assert_eq!(live.remaining(Color::White), Some(last[0]));
        assert_eq!(live.remaining(Color::Black), Some(last[1]));
        let clock = live.clock.as_ref().unwrap();
        assert!(!clock.is_running(Color::White) && !clock.is_running(Color::Black));
    }

    #[test]
    fn a_second_window_on_the_same_data_folder_says_so_and_autosaves_elsewhere() {
        use esoterica::game::persist_glue::AutosaveSlot;
        let (root, f) = folders("two-windows");
        let mut first = start("esoterica play", f.clone());
        frames(&mut first, 3);
        assert!(first.world().resource::<AutosaveSlot>().primary);
        let mut second = start("esoterica play", f);
        frames(&mut second, 3);
        let slot = second.world().resource::<AutosaveSlot>().clone();
        assert!(!slot.primary);
        let pid = std::process::id();
        assert_eq!(
            slot.autosave.path(),
            root.join("data").join(format!("autosave-{pid}.pgn"))
        );
        let status = second.world().resource::<StatusLine>().0.clone();
        assert!(status.contains(&format!("process {pid}")), "{status}");
        // The second window's game goes to its own file; the first window's is untouched.
        let e4 = Position::new(Variant::Standard).parse_move("e4").unwrap();
        second.world_mut().write_message(SubmitMoveRequest {
            mv: e4,
            source: MoveSource::Mouse,
        });
        frames(&mut second, 3);
        assert!(slot.autosave.path().exists());
        assert!(!root.join("data").join("autosave.pgn").exists());
        drop(second);
        drop(first);
    }

    /// The 3D view: its models follow the game's entities, a click picks the same move as in
    /// 2D, and switching views keeps the game and leaves nothing of the other view.
    mod view3d {
        use super::*;
        use bevy::camera::ClearColorConfig;
        use bevy::camera::visibility::RenderLayers;
        use bevy::ecs::message::Messages;
        use esoterica::persist::ViewMode;
        use esoterica::render::board3d::{Model3d, ModelOf, PieceModel3d, TileModel};
        use esoterica::render::camera::BoardCamera;
        use esoterica::render::camera3d::{BoardCamera3d, EMPTY_LAYER};
        use esoterica::render::view::ViewState;

        fn view(app: &App) -> ViewState {
            *app.world().resource::<State<ViewState>>().get()
        }

        /// Every piece and square has its model, standing where the 2D entity stands (a
        /// captured piece is thrown off on its own path); no model outlives its entity.
        fn assert_models_follow(app: &mut App, when: &str) {
            let w = app.world_mut();
            let mut pieces = w.query_filtered::<(Entity, &Transform, Option<&Model3d>, Has<Captured>), With<PieceEntity>>();
            let mut models = w.query::<(&ModelOf, &Transform, Has<PieceModel3d>, Has<TileModel>)>();
            let mut squares =
                w.query_filtered::<(Entity, &Transform, Option<&Model3d>), With<BoardSquare>>();
            let model_at: std::collections::HashMap<Entity, Vec2> = models
                .iter(w)
                .filter(|(_, _, piece, tile)| *piece || *tile)
                .map(|(of, tf, _, _)| (of.0, tf.translation.truncate()))
                .collect();
            let mut piece_count = 0;
            for (e, tf, model, captured) in pieces.iter(w) {
                piece_count += 1;
                assert!(model.is_some(), "{when}: a piece without a model");
                if captured {
                    continue;
                }
                let at = model_at[&e];
                let want = tf.translation.truncate();
                assert!(
                    at.distance(want) < 1e-3,
                    "{when}: model at {at}, piece at {want}"
                );
            }
            let mut square_count = 0;
            for (e, tf, model) in squares.iter(w) {
                square_count += 1;
                assert!(model.is_some(), "{when}: a square without a tile");
                assert!(
                    model_at[&e].distance(tf.translation.truncate()) < 1e-3,
                    "{when}"
                );
            }
            let piece_models = models.iter(w).filter(|m| m.2).count();
            let tiles = models.iter(w).filter(|m| m.3).count();
            assert_eq!(piece_models, piece_count, "{when}: piece models");
            assert_eq!(tiles, square_count, "{when}: tiles");
        }

        /// Runs frames until the motions of the last move have played, checking the models
        /// on every frame.
        fn settle(app: &mut App, when: &str) {
            for _ in 0..150 {
                frames(app, 1);
                assert_models_follow(app, when);
                if !app
                    .world()
                    .resource::<esoterica::game::session::AnimationsPlaying>()
                    .0
                {
                    return;
                }
            }
            panic!("{when}: the animations never ended");
        }

        #[test]
        fn the_3d_models_follow_the_pieces_through_random_games_in_every_variant() {
            for (i, variant) in Variant::ALL.into_iter().enumerate() {
                let mut app = play_args(
                    &["--variant", variant.name(), "--view", "3d"],
                    &format!("follow-{}", variant.name()),
                );
                frames(&mut app, 3);
                assert_eq!(view(&app), ViewState::ThreeD, "{variant}");
                settle(&mut app, &format!("{variant} at the start"));
                let mut rng = SmallRng::seed_from_u64(0x3D + i as u64);
                for ply in 0..14 {
                    let game = app.world().resource::<ActiveGame>();
                    if game.record.outcome().is_some() {
                        break;
                    }
                    let pos = game.record.current().clone();
                    let mut pick = |moves: Vec<Move>| moves[rng.random_range(0..moves.len())];
                    match pos.variant().turn_model() {
                        esoterica::rules::TurnModel::Alternating => {
                            submit(&mut app, pick(pos.legal_moves()));
                        }
                        esoterica::rules::TurnModel::Simultaneous => {
                            let (w, b) = (
                                pos.legal_commits(Color::White),
                                pos.legal_commits(Color::Black),
                            );
                            if w.is_empty() || b.is_empty() {
                                break;
                            }
                            submit(&mut app, pick(w));
                            submit(&mut app, pick(b));
                        }
                    }
                    settle(&mut app, &format!("{variant} after ply {ply}"));
                }
                assert!(entries(&app) >= 4, "{variant}: {} entries", entries(&app));
                check_world_matches_position(app.world_mut()).unwrap();
            }
        }

        /// The window position of the square `name` as the active camera shows it: its
        /// centre on the board (on a Big Outer platform's top), or `up` world units above it
        /// (a piece's body).
        fn screen_point(app: &mut App, name: &str, up: f32) -> Vec2 {
            screen_point_beside(app, name, Vec2::ZERO, up)
        }

        /// [`screen_point`] of the place `shift` squares (world X and Y) from the square
        /// `name`.
        fn screen_point_beside(app: &mut App, name: &str, shift: Vec2, up: f32) -> Vec2 {
            let w = app.world_mut();
            let game = w.resource::<ActiveGame>();
            let shape = game.shown().shape();
            let sq = shape.parse_square(name).unwrap();
            let flipped = w.resource::<esoterica::render::BoardView>().flipped;
            let at = esoterica::render::square_to_world(shape, sq, flipped)
                + shift * esoterica::render::SQUARE_SIZE_WORLD;
            let three_d = *w.resource::<State<ViewState>>().get() == ViewState::ThreeD;
            let z = if three_d {
                esoterica::render::board3d::floor_height(shape, at) + up
            } else {
                0.0
            };
            let (camera, tf) = if three_d {
                let mut q = w.query_filtered::<(&Camera, &GlobalTransform), With<BoardCamera3d>>();
                q.single(w).map(|(c, t)| (c.clone(), *t)).unwrap()
            } else {
                let mut q = w.query_filtered::<(&Camera, &GlobalTransform), With<BoardCamera>>();
                q.single(w).map(|(c, t)| (c.clone(), *t)).unwrap()
            };
            camera.world_to_viewport(&tf, at.extend(z)).unwrap()
        }

        /// The primary window's entity.
        fn primary_window(app: &mut App) -> Entity {
            app.world_mut()
                .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
                .single(app.world())
                .unwrap()
        }

        /// Puts the cursor at `at` (window coordinates).
        fn put_cursor(app: &mut App, at: Vec2) {
            let window = primary_window(app);
            app.world_mut()
                .get_mut::<Window>(window)
                .unwrap()
                .set_cursor_position(Some(at));
        }

        /// Clicks the left button at `at` (window coordinates): down in one frame, up in the
        /// next.
        fn click(app: &mut App, at: Vec2) {
            let window = primary_window(app);
            put_cursor(app, at);
            for state in [
                bevy::input::ButtonState::Pressed,
                bevy::input::ButtonState::Released,
            ] {
                app.world_mut()
                    .write_message(bevy::input::mouse::MouseButtonInput {
                        button: MouseButton::Left,
                        state,
                        window,
                    });
                frames(app, 1);
            }
        }

        /// The moves asked for by clicking `from` then `to` (a piece stands on `from`).
        fn clicked_moves(
            app: &mut App,
            from: &str,
            to: &str,
            to_occupied: bool,
        ) -> Vec<SubmitMoveRequest> {
            let mut cursor = app
                .world()
                .resource::<Messages<SubmitMoveRequest>>()
                .get_cursor_current();
            let mut out = Vec::new();
            let p = screen_point(app, from, 30.0);
            click(app, p);
            out.extend(
                cursor
                    .read(app.world().resource::<Messages<SubmitMoveRequest>>())
                    .copied(),
            );
            let p = screen_point(app, to, if to_occupied { 30.0 } else { 0.0 });
            click(app, p);
            out.extend(
                cursor
                    .read(app.world().resource::<Messages<SubmitMoveRequest>>())
                    .copied(),
            );
            out
        }

        #[test]
        fn a_click_in_3d_asks_for_the_same_move_as_in_2d() {
            for (args, from, to, to_occupied) in [
                (vec!["--variant", "standard"], "e2", "e4", false),
                (
                    vec!["--variant", "standard", "--moves", "e2e4", "d7d5"],
                    "e4",
                    "d5",
                    true,
                ),
                (vec!["--variant", "intrachange"], "g1", "f3", false),
                // From a raised corner platform of Big Outer.
                (vec!["--variant", "big-outer"], "C1", "a4", false),
                // The learner's move in a lesson.
                (vec!["--lesson", "intrachange"], "e2", "e4", false),
            ] {
                let mut asked = Vec::new();
                for v in ["2d", "3d"] {
                    let mut all = args.clone();
                    all.extend(["--view", v]);
                    let mut app = play_args(&all, &format!("pick-{v}-{from}{to}"));
                    frames(&mut app, 6);
                    let moves = clicked_moves(&mut app, from, to, to_occupied);
                    assert_eq!(moves.len(), 1, "--view {v} {from}-{to}: {moves:?}");
                    asked.push(moves[0]);
                }
                assert_eq!(asked[0], asked[1], "{args:?} {from}-{to}");
            }
        }

        /// Drags with `button` from `from` to `to` (window coordinates): down, `steps`
        /// frames of motion, up.
        fn drag(app: &mut App, button: MouseButton, from: Vec2, to: Vec2, steps: u32) {
            let window = primary_window(app);
            let press = |app: &mut App, state| {
                app.world_mut()
                    .write_message(bevy::input::mouse::MouseButtonInput {
                        button,
                        state,
                        window,
                    });
            };
            put_cursor(app, from);
            frames(app, 1);
            press(app, bevy::input::ButtonState::Pressed);
            frames(app, 1);
            for i in 1..=steps {
                put_cursor(app, from.lerp(to, i as f32 / steps as f32));
                frames(app, 1);
            }
            press(app, bevy::input::ButtonState::Released);
            frames(app, 1);
        }

        fn orbit(app: &App) -> esoterica::render::camera3d::OrbitCamera {
            *app.world()
                .resource::<esoterica::render::camera3d::OrbitCamera>()
        }

        #[test]
        fn a_drag_turns_the_3d_camera_unless_it_starts_on_a_piece() {
            use esoterica::render::camera3d::PITCH_RANGE;
            let mut app = play_args(&["--variant", "standard", "--view", "3d"], "orbit-drag");
            frames(&mut app, 6);
            let start = orbit(&app);
            // Right drag: 200 px right turns the yaw by 200 × 0.008 rad; 50 px down tilts it.
            let centre = screen_point(&mut app, "e4", 0.0);
            drag(
                &mut app,
                MouseButton::Right,
                centre,
                centre + Vec2::new(200.0, 50.0),
                8,
            );
            let turned = orbit(&app);
            assert!(
                (turned.yaw - (start.yaw - 1.6)).abs() < 1e-3,
                "yaw {} → {}",
                start.yaw,
                turned.yaw
            );
            let want_pitch = (start.pitch + 0.3).clamp(*PITCH_RANGE.start(), *PITCH_RANGE.end());
            assert!(
                (turned.pitch - want_pitch).abs() < 1e-3,
                "pitch {}",
                turned.pitch
            );
            // The cursor moving with no button down leaves the camera alone.
            put_cursor(&mut app, centre);
            frames(&mut app, 3);
            assert_eq!(orbit(&app).yaw, turned.yaw);

            // A left drag from a piece moves it and leaves the camera where it is.
            let mut asked = app
                .world()
                .resource::<Messages<SubmitMoveRequest>>()
                .get_cursor_current();
            let (from, to) = (
                screen_point(&mut app, "e2", 30.0),
                screen_point(&mut app, "e4", 0.0),
            );
            drag(&mut app, MouseButton::Left, from, to, 6);
            let moves: Vec<SubmitMoveRequest> = asked
                .read(app.world().resource::<Messages<SubmitMoveRequest>>())
                .copied()
                .collect();
            assert_eq!(moves.len(), 1, "{moves:?}");
            let e2e4 = Position::new(Variant::Standard).parse_move("e2e4").unwrap();
            assert_eq!(moves[0].mv, e2e4);
            assert_eq!(orbit(&app).yaw, turned.yaw);
            assert_eq!(orbit(&app).pitch, turned.pitch);

            // A left drag from off the board (three squares past the a-file, beyond the
            // frame) turns it.
            let off = screen_point_beside(&mut app, "a4", Vec2::new(-3.0, 0.0), 0.0);
            drag(
                &mut app,
                MouseButton::Left,
                off,
                off - Vec2::new(100.0, 0.0),
                5,
            );
            let again = orbit(&app);
            assert!(
                (again.yaw - (turned.yaw + 0.8)).abs() < 1e-3,
                "yaw {} → {}",
                turned.yaw,
                again.yaw
            );
        }

        fn count<F: bevy::ecs::query::QueryFilter>(app: &mut App) -> usize {
            app.world_mut()
                .query_filtered::<(), F>()
                .iter(app.world())
                .count()
        }

        #[test]
        fn switching_views_mid_game_keeps_the_game_and_leaves_nothing_of_the_other_view() {
            let mut app = play_args(&["--variant", "intrachange"], "switch");
            frames(&mut app, 3);
            for mv in ["e2e4", "d7d5", "g1f3"] {
                play_text(&mut app, mv);
            }
            frames(&mut app, 60);
            let before = app.world().resource::<ActiveGame>().record.clone();
            let id = app.world().resource::<ActiveGame>().id;
            for round in 0..2 {
                app.world_mut()
                    .resource_mut::<esoterica::render::Appearance>()
                    .view = ViewMode::ThreeD;
                frames(&mut app, 3);
                assert_eq!(view(&app), ViewState::ThreeD);
                assert_models_follow(&mut app, &format!("3D, round {round}"));
                assert_eq!(count::<With<BoardCamera3d>>(&mut app), 1);
                // The 2D camera draws the interface only: a layer nothing is on, no clearing.
                let (camera, layers) = app
                    .world_mut()
                    .query_filtered::<(&Camera, Option<&RenderLayers>), With<BoardCamera>>()
                    .single(app.world())
                    .map(|(c, l)| (c.clone(), l.cloned()))
                    .unwrap();
                assert_eq!(layers, Some(RenderLayers::layer(EMPTY_LAYER)));
                assert!(matches!(camera.clear_color, ClearColorConfig::None));
                let on_empty = app
                    .world_mut()
                    .query::<&RenderLayers>()
                    .iter(app.world())
                    .filter(|l| l.intersects(&RenderLayers::layer(EMPTY_LAYER)))
                    .count();
                assert_eq!(on_empty, 1, "only the 2D camera looks at the empty layer");
                // The game goes on in 3D.
                if round == 0 {
                    play_text(&mut app, "b8c6");
                    frames(&mut app, 60);
                }
                app.world_mut()
                    .resource_mut::<esoterica::render::Appearance>()
                    .view = ViewMode::TwoD;
                frames(&mut app, 3);
                assert_eq!(view(&app), ViewState::TwoD);
                assert_eq!(count::<With<Mesh3d>>(&mut app), 0, "3D meshes left in 2D");
                assert_eq!(count::<With<Camera3d>>(&mut app), 0);
                assert_eq!(count::<With<DirectionalLight>>(&mut app), 0);
                assert_eq!(count::<With<ModelOf>>(&mut app), 0);
                assert_eq!(count::<With<Model3d>>(&mut app), 0);
                assert_eq!(count::<With<RenderLayers>>(&mut app), 0);
                let camera = app
                    .world_mut()
                    .query_filtered::<&Camera, With<BoardCamera>>()
                    .single(app.world())
                    .unwrap()
                    .clone();
                assert!(matches!(camera.clear_color, ClearColorConfig::Default));
            }
            let game = app.world().resource::<ActiveGame>();
            assert_eq!(game.id, id, "the same game");
            assert_eq!(game.record.len(), before.len() + 1);
            assert_eq!(&game.record.entries()[..before.len()], before.entries());
            check_world_matches_position(app.world_mut()).unwrap();
        }

        /// The model of the piece entity of `side` and `kind` (the first found): its
        /// transform and whether it wears the glowing material of a piece dissolving in light.
        fn piece_model(app: &mut App, side: Color, kind: PieceKind) -> Option<(Transform, bool)> {
            use esoterica::render::board3d::SceneMaterials;
            let w = app.world_mut();
            let glow = w.resource::<SceneMaterials>().glow[side.index()].clone();
            let mut pieces = w.query::<(&PieceEntity, &Model3d)>();
            let model = pieces
                .iter(w)
                .find(|(p, _)| p.side == side && p.kind == kind)
                .map(|(_, m)| m.model())?;
            let tf = *w.get::<Transform>(model)?;
            let material = w.get::<MeshMaterial3d<StandardMaterial>>(model)?;
            Some((tf, material.0 == glow))
        }

        /// Bc1–d2 in Intrachange teleports the Bishop to f2, where it takes the Knight
        /// (`rules/intrachange.md` §2–3): in 3D the Bishop's model rises and glows as it
        /// dissolves, sparks fly along the arc above the board, the Knight is thrown off, and
        /// the Bishop stands on f2 at the end.
        #[test]
        fn a_teleport_rises_dissolves_in_light_and_lands_in_3d() {
            use esoterica::render::effects3d::{SPARK_BASE_WORLD, Spark3d};
            let mut app = play_args(
                &[
                    "--variant",
                    "intrachange",
                    "--position",
                    "4k3/8/8/8/8/8/5n2/2B1K3 w - - 0 1",
                    "--view",
                    "3d",
                ],
                "teleport-3d",
            );
            frames(&mut app, 3);
            let start = piece_model(&mut app, Color::White, PieceKind::Bishop)
                .unwrap()
                .0;
            assert_eq!(start.translation.z, 0.0);
            play_text(&mut app, "c1d2");
            let (mut highest, mut glowed, mut sparks, mut spark_top) = (0.0f32, false, 0, 0.0f32);
            let mut knight_thrown = false;
            for _ in 0..150 {
                frames(&mut app, 1);
                assert_models_follow(&mut app, "teleport");
                if let Some((tf, glow)) = piece_model(&mut app, Color::White, PieceKind::Bishop) {
                    highest = highest.max(tf.translation.z);
                    glowed |= glow;
                }
                if let Some((tf, _)) = piece_model(&mut app, Color::Black, PieceKind::Knight) {
                    knight_thrown |= tf.translation.z > 10.0;
                }
                let w = app.world_mut();
                let mut q = w.query_filtered::<&Transform, With<Spark3d>>();
                for tf in q.iter(w) {
                    sparks += 1;
                    spark_top = spark_top.max(tf.translation.z);
                }
                if !app
                    .world()
                    .resource::<esoterica::game::session::AnimationsPlaying>()
                    .0
                {
                    break;
                }
            }
            assert!(highest > 20.0, "the Bishop rose to {highest}");
            assert!(glowed, "the Bishop glows as it dissolves");
            assert!(sparks > 0, "sparks follow the teleport");
            assert!(
                spark_top > SPARK_BASE_WORLD + 40.0,
                "sparks fly above the board: {spark_top}"
            );
            assert!(knight_thrown, "the Knight is thrown off the board");
            frames(&mut app, 30);
            assert_eq!(piece_model(&mut app, Color::Black, PieceKind::Knight), None);
            let (end, glow) = piece_model(&mut app, Color::White, PieceKind::Bishop).unwrap();
            let game = app.world().resource::<ActiveGame>();
            let shape = game.shown().shape();
            let f2 =
                esoterica::render::square_to_world(shape, shape.parse_square("f2").unwrap(), false);
            assert!(end.translation.truncate().distance(f2) < 1e-3, "{end:?}");
            assert_eq!(
                (end.translation.z, end.scale, glow),
                (0.0, Vec3::ONE, false)
            );
            assert_eq!(count::<With<Spark3d>>(&mut app), 0, "the sparks are gone");
        }

        /// White g2–g4 and Black Qg8–g4 land together in Parity (`rules/parity.md` §3.3): in
        /// 3D both models meet on g4 and end side by side on it, each on its half, smaller.
        #[test]
        fn parity_pieces_landing_together_stand_side_by_side_in_3d() {
            let mut app = play_args(
                &[
                    "--variant",
                    "parity",
                    "--position",
                    "4k1q1/8/8/8/8/8/6P1/4K3 w - - 0 1 -/-",
                    "--view",
                    "3d",
                ],
                "parity-3d",
            );
            frames(&mut app, 3);
            let pos = app
                .world()
                .resource::<ActiveGame>()
                .record
                .current()
                .clone();
            submit(&mut app, commit_of(&pos, Color::White, "g2g4"));
            submit(&mut app, commit_of(&pos, Color::Black, "g8g4"));
            settle(&mut app, "parity landing");
            frames(&mut app, 10);
            assert_models_follow(&mut app, "parity landing");
            let game = app.world().resource::<ActiveGame>();
            assert_eq!(game.record.len(), 1);
            let shape = game.shown().shape();
            let g4 =
                esoterica::render::square_to_world(shape, shape.parse_square("g4").unwrap(), false);
            let pawn = piece_model(&mut app, Color::White, PieceKind::Pawn)
                .unwrap()
                .0;
            let queen = piece_model(&mut app, Color::Black, PieceKind::Queen)
                .unwrap()
                .0;
            for tf in [pawn, queen] {
                let d = (tf.translation.truncate() - g4).abs();
                assert!(d.x < 50.0 && d.y < 50.0, "on g4: {tf:?}");
                assert!(tf.scale.x < 0.9 && tf.translation.z == 0.0, "{tf:?}");
            }
            let apart = pawn
                .translation
                .truncate()
                .distance(queen.translation.truncate());
            assert!(apart > 30.0, "side by side, {apart} apart");
        }

        #[test]
        fn view_3d_starts_play_and_the_demo_and_is_not_saved_as_the_default() {
            let (root, f) = folders("view3d-play");
            let mut app = start("esoterica play --variant big-outer --view 3d", f);
            frames(&mut app, 5);
            assert_eq!(view(&app), ViewState::ThreeD);
            assert_models_follow(&mut app, "play --view 3d");
            // Enough frames for the one-second settings save.
            frames(&mut app, 120);
            let saved = Settings::load_from(&root.join("config").join("settings.ron")).settings;
            assert_eq!(
                saved.appearance.view,
                ViewMode::TwoD,
                "--view applies to this run only"
            );
            // Chosen in the window, the view is saved.
            app.world_mut()
                .resource_mut::<esoterica::render::Appearance>()
                .view = ViewMode::TwoD;
            frames(&mut app, 2);
            app.world_mut()
                .resource_mut::<esoterica::render::Appearance>()
                .view = ViewMode::ThreeD;
            frames(&mut app, 120);
            let saved = Settings::load_from(&root.join("config").join("settings.ron")).settings;
            assert_eq!(saved.appearance.view, ViewMode::ThreeD);

            let (_root, f) = folders("view3d-demo");
            let mut app = start(
                "esoterica demo --variants intrachange --pace 0.1 --bot random --view 3d",
                f,
            );
            let t0 = std::time::Instant::now();
            while entries(&app) < 4 && t0.elapsed() < Duration::from_secs(60) {
                frames(&mut app, 10);
                assert_models_follow(&mut app, "demo --view 3d");
            }
            assert!(
                entries(&app) >= 4,
                "the demo played {} plies",
                entries(&app)
            );
            assert_eq!(view(&app), ViewState::ThreeD);
            // The camera circles the board.
            let yaw = app
                .world()
                .resource::<esoterica::render::camera3d::OrbitCamera>()
                .yaw;
            frames(&mut app, 30);
            let later = app
                .world()
                .resource::<esoterica::render::camera3d::OrbitCamera>()
                .yaw;
            assert!(later != yaw, "the demo's camera turns");
        }
    }
}

/// The game layer spawns and despawns every piece entity: with no board holding it for an
/// animation, a captured piece is gone after the frame of its capture.
#[test]
fn a_captured_piece_is_despawned_by_the_game_when_nothing_holds_it() {
    let start =
        Position::from_text(Variant::Standard, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    let mut app = test_app(start.clone());
    submit(&mut app, start.parse_move("exd5").unwrap());
    app.update();
    let captured = app
        .world_mut()
        .query_filtered::<Entity, With<Captured>>()
        .iter(app.world())
        .count();
    assert_eq!(captured, 0);
    check_world_matches_position(app.world_mut()).unwrap();
}

// ---- Analysis in the window: the searches run off the main thread and their results
// arrive in the resources the panel draws.

mod live_analysis {
    use super::*;
    use esoterica::bots::analysis::Score;
    use esoterica::bots::live_analysis::{
        AnalysisPlugin, AnalysisSettings, EVAL_CLAMP_CP, GameEvals, LiveAnalysis,
    };
    use std::time::Instant;

    fn analysis_app(start: Position) -> App {
        let mut app = test_app(start);
        app.add_plugins(AnalysisPlugin);
        app.update();
        app
    }

    /// Frames until `done` holds (or a minute passes); the number of frames run.
    fn frames_until(app: &mut App, done: impl Fn(&App) -> bool) -> usize {
        let t0 = Instant::now();
        let mut n = 0;
        while !done(app) && t0.elapsed() < Duration::from_secs(60) {
            app.update();
            std::thread::sleep(Duration::from_millis(2));
            n += 1;
        }
        n
    }

    #[test]
    fn the_hint_arrives_while_frames_go_on_and_follows_the_position() {
        let mut app = analysis_app(Position::new(Variant::Standard));
        {
            let mut s = app.world_mut().resource_mut::<AnalysisSettings>();
            s.hint = true;
            s.level = 5;
        }
        app.update();
        // The frame that started the level-5 search of the opening did not wait for it.
        let live = app.world().resource::<LiveAnalysis>();
        assert!(!live.done);
        assert_eq!(live.side, Some(Color::White));
        // A mate in one once the position changes: the old search is dropped, the new one
        // finds Qh4#.
        for mv in ["f2f3", "e7e5", "g2g4"] {
            let pos = app
                .world()
                .resource::<ActiveGame>()
                .record
                .current()
                .clone();
            submit(&mut app, pos.parse_move(mv).unwrap());
        }
        let frames = frames_until(&mut app, |a| a.world().resource::<LiveAnalysis>().done);
        let live = app.world().resource::<LiveAnalysis>();
        assert!(live.done, "no answer after {frames} frames");
        assert!(frames > 0, "the answer came on a later frame");
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        assert_eq!(live.side, Some(Color::Black));
        assert_eq!(live.best(), Some(pos.parse_move("d8h4").unwrap()));
        assert_eq!(live.white_score(), Some(Score::Mate(-1)));
        assert_eq!(live.lines.len(), 3, "three lines by default");
        // Threats: what White would play if it were its move.
        app.world_mut().resource_mut::<AnalysisSettings>().threats = true;
        app.update();
        assert!(
            !app.world().resource::<LiveAnalysis>().done,
            "a new analysis"
        );
        frames_until(&mut app, |a| a.world().resource::<LiveAnalysis>().done);
        let live = app.world().resource::<LiveAnalysis>();
        assert_eq!(live.side, Some(Color::White));
        assert!(!live.lines.is_empty());
        // Off: nothing is kept.
        {
            let mut s = app.world_mut().resource_mut::<AnalysisSettings>();
            s.hint = false;
            s.threats = false;
        }
        app.update();
        assert!(app.world().resource::<LiveAnalysis>().lines.is_empty());
    }

    #[test]
    fn a_finished_game_is_evaluated_after_every_move_and_the_blunder_is_marked() {
        let mut app = analysis_app(Position::new(Variant::Standard));
        for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let pos = app
                .world()
                .resource::<ActiveGame>()
                .record
                .current()
                .clone();
            submit(&mut app, pos.parse_move(mv).unwrap());
        }
        app.world_mut().resource_mut::<AnalysisSettings>().open = true;
        let frames = frames_until(&mut app, |a| {
            let e = &a.world().resource::<GameEvals>().evals;
            !e.is_empty() && e.iter().all(Option::is_some)
        });
        let evals = app.world().resource::<GameEvals>();
        assert_eq!(evals.evals.len(), 5, "after {frames} frames");
        // Mated: the last position is Black's win; after g4, Black mates in one.
        assert_eq!(evals.evals[4], Some(-EVAL_CLAMP_CP));
        assert_eq!(evals.evals[3], Some(-EVAL_CLAMP_CP));
        assert!(evals.evals[0].unwrap().abs() < 100, "{:?}", evals.evals);
        // g2g4 (entry 3) threw the game away.
        assert!(evals.mistakes().contains(&3), "{:?}", evals.evals);
        assert!(!evals.mistakes().contains(&4), "Black's mate is no mistake");
    }
}

// ---- Premoves: queued while the bot is to move, played as soon as it has moved.

mod premoves {
    use super::*;
    use esoterica::game::premove::{Premove, PremoveRequest};

    fn vs_bot(start: Position, bot_plays: Color) -> App {
        let mut app = test_app(start);
        seat_bot(&mut app, bot_plays);
        app
    }

    fn queue(app: &mut App, side: Color, from: &str, to: &str) {
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let mv = Move::new(sq(&pos, from), sq(&pos, to));
        app.world_mut()
            .write_message(PremoveRequest(Some((side, mv))));
        app.update();
    }

    fn status(app: &App) -> String {
        app.world().resource::<StatusLine>().0.clone()
    }

    #[test]
    fn a_premove_is_played_as_soon_as_the_bot_has_moved() {
        // The bot plays White and is to move; Black queues ...e5.
        let mut app = vs_bot(Position::new(Variant::Standard), Color::White);
        queue(&mut app, Color::Black, "e7", "e5");
        assert!(app.world().resource::<Premove>().0.is_some());
        assert_eq!(
            status(&app),
            "Premove e7e5: played as soon as White has moved (click elsewhere to cancel)."
        );
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
        // The bot's move arrives: the premove follows at once.
        let e4 = Position::new(Variant::Standard).parse_move("e2e4").unwrap();
        submit(&mut app, e4);
        app.update();
        let game = app.world().resource::<ActiveGame>();
        assert_eq!(game.record.len(), 2);
        assert_eq!(
            game.record.current().to_text(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(app.world().resource::<Premove>().0, None);
        check_world_matches_position(app.world_mut()).unwrap();
    }

    #[test]
    fn a_premove_the_bots_move_makes_illegal_is_dropped_with_the_reason() {
        // Black queues ...Qd8-h4 through e7, which only works if e7 is empty: it is not.
        let mut app = vs_bot(Position::new(Variant::Standard), Color::White);
        queue(&mut app, Color::Black, "d8", "h4");
        let e4 = Position::new(Variant::Standard).parse_move("e2e4").unwrap();
        submit(&mut app, e4);
        app.update();
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
        assert_eq!(app.world().resource::<Premove>().0, None);
        let s = status(&app);
        assert!(s.starts_with("Premove d8h4 dropped: "), "{s}");
        // Cancelling: queue one, then cancel it.
        let mut app = vs_bot(Position::new(Variant::Standard), Color::White);
        queue(&mut app, Color::Black, "e7", "e5");
        app.world_mut().write_message(PremoveRequest(None));
        app.update();
        assert_eq!(app.world().resource::<Premove>().0, None);
        assert_eq!(status(&app), "Premove cancelled.");
    }

    #[test]
    fn no_premove_in_parity_or_on_the_persons_own_move() {
        let mut app = vs_bot(Position::new(Variant::Parity), Color::Black);
        queue(&mut app, Color::White, "e2", "e4");
        assert_eq!(app.world().resource::<Premove>().0, None);
        assert!(
            status(&app).starts_with("No premoves in Parity"),
            "{}",
            status(&app)
        );
        let mut app = vs_bot(Position::new(Variant::Standard), Color::Black);
        queue(&mut app, Color::White, "e2", "e4");
        assert_eq!(app.world().resource::<Premove>().0, None);
        assert_eq!(status(&app), "A premove is for White's reply to a bot.");
    }
}

/// The window's lessons and puzzles ([`esoterica::coach`]), started as a user starts them:
/// `esoterica play --lesson V[:N]`, `--puzzles V[:N]`, the left panel's buttons, the
/// demo's offer.
mod coach {
    use super::start_modes::{folders, frames, launch_args, mode, start_launch};
    use super::*;
    use esoterica::coach::{
        Coach, CoachRequest, Course, PuzzleRating, PuzzleState, StartLessonRequest, StepState,
        lesson_book, puzzles_of,
    };
    use esoterica::game::session::{AppMode, TakeOver, TakeOverRequest};
    use esoterica::game::{GameOrigin, LearnerSide, Seats, StatusLine};
    use esoterica::learn::puzzle::Solution;
    use esoterica::persist::PlayerSpec;

    fn start(args: &[&str], name: &str) -> App {
        let (_root, f) = folders(name);
        start_launch(launch_args(args), f)
    }

    /// A person's move (a click), not a script's.
    fn click(app: &mut App, mv: Move) {
        app.world_mut().write_message(SubmitMoveRequest {
            mv,
            source: MoveSource::Mouse,
        });
        app.update();
    }

    fn course(app: &App) -> Course {
        app.world()
            .resource::<Coach>()
            .course
            .clone()
            .expect("a lesson or puzzle is on the board")
    }

    fn step_state(app: &App) -> StepState {
        match course(app) {
            Course::Lesson(l) => l.state,
            Course::Puzzle(_) => panic!("a puzzle, not a lesson"),
        }
    }

    fn puzzle_state(app: &App) -> (PuzzleState, usize) {
        match course(app) {
            Course::Puzzle(p) => (p.state, p.ply),
            Course::Lesson(_) => panic!("a lesson, not a puzzle"),
        }
    }

    fn request(app: &mut App, r: CoachRequest) {
        app.world_mut().write_message(r);
        frames(app, 3);
    }

    fn board(app: &App) -> String {
        app.world()
            .resource::<ActiveGame>()
            .record
            .current()
            .to_text()
    }

    /// Every step of every bundled lesson, in every variant, is solved in the window by
    /// its scripted solution clicked as a person would: the step's position is on the
    /// board, the learner's side is the one to move, the coach answers Parity's commits,
    /// the goal is reached, and Next goes on; after the last lesson the variant's puzzles
    /// follow.
    #[test]
    fn every_lesson_is_solved_in_the_window_step_by_step() {
        for variant in Variant::ALL {
            let book = lesson_book(variant).unwrap();
            let mut app = start(
                &["esoterica", "play", "--lesson", variant.name()],
                &format!("lessons-{}", variant.name()),
            );
            frames(&mut app, 3);
            assert_eq!(mode(&app), AppMode::Learn, "{variant}");
            let seats = app.world().resource::<Seats>().players().clone();
            assert_eq!(seats.white, PlayerSpec::Human);
            assert_eq!(seats.black, PlayerSpec::Human);
            for (li, lesson) in book.lessons.iter().enumerate() {
                for (si, step) in lesson.steps.iter().enumerate() {
                    let at = format!("{variant} lesson {} step {}", li + 1, si + 1);
                    assert_eq!(board(&app), step.start.to_text(), "{at}");
                    assert_eq!(
                        app.world().resource::<ActiveGame>().origin,
                        GameOrigin::Learning,
                        "{at}"
                    );
                    assert_eq!(
                        app.world().resource::<LearnerSide>().0,
                        Some(step.learner()),
                        "{at}"
                    );
                    click(&mut app, step.solution);
                    frames(&mut app, 90);
                    assert_eq!(
                        step_state(&app),
                        StepState::Achieved {
                            at: step.solution.to
                        },
                        "{at}: {}",
                        app.world().resource::<StatusLine>().0
                    );
                    if let Some(reply) = step.reply
                        && !matches!(step.goal, esoterica::rules::goal::Goal::Refused { .. })
                    {
                        // Parity: the coach committed the step's reply and the turn resolved.
                        let entries = app
                            .world()
                            .resource::<ActiveGame>()
                            .record
                            .entries()
                            .to_vec();
                        assert_eq!(
                            entries,
                            [esoterica::rules::Entry::Turn {
                                white: step.solution,
                                black: reply
                            }],
                            "{at}"
                        );
                    }
                    request(&mut app, CoachRequest::Next);
                }
            }
            // After the last lesson: the variant's puzzles, or (none bundled) back to play.
            match puzzles_of(variant) {
                Ok(_) => {
                    assert_eq!(mode(&app), AppMode::Learn, "{variant}");
                    assert!(matches!(course(&app), Course::Puzzle(_)), "{variant}");
                }
                Err(_) => assert_eq!(mode(&app), AppMode::Play, "{variant}"),
            }
        }
    }

    /// A legal move that misses the goal is named and the step starts again; a move the
    /// rules refuse is explained in the status line and the step waits.
    #[test]
    fn a_missed_goal_says_why_and_the_step_starts_again() {
        let mut app = start(
            &["esoterica", "play", "--lesson", "intrachange"],
            "lesson-miss",
        );
        frames(&mut app, 3);
        let book = lesson_book(Variant::Intrachange).unwrap();
        let step = &book.lessons[0].steps[0];
        let miss = step
            .legal_moves()
            .into_iter()
            .find(|m| !step.check(m).is_achieved())
            .expect("a move that misses the goal");
        click(&mut app, miss);
        frames(&mut app, 10);
        match step_state(&app) {
            StepState::Missed(why) => assert!(why.len() > 10, "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 1);
        frames(
            &mut app,
            (esoterica::coach::MISS_SECS / 0.016) as usize + 60,
        );
        assert_eq!(step_state(&app), StepState::Trying);
        assert_eq!(board(&app), step.start.to_text(), "the step starts again");
        // A move the rules refuse: the status line says why, the step waits.
        let pos = step.start.clone();
        click(&mut app, Move::new(sq(&pos, "e2"), sq(&pos, "e5")));
        frames(&mut app, 3);
        assert_eq!(step_state(&app), StepState::Trying);
        assert!(
            app.world().resource::<StatusLine>().0.contains("e5"),
            "{}",
            app.world().resource::<StatusLine>().0
        );
        assert_eq!(app.world().resource::<ActiveGame>().record.len(), 0);
    }

    fn line_of(p: &esoterica::learn::puzzle::Puzzle) -> Vec<Move> {
        match &p.solution {
            Solution::Line(l) => l.clone(),
            Solution::Commit { .. } => panic!("not an alternating puzzle"),
        }
    }

    /// The first bundled puzzle of standard chess whose solution is at least three plies
    /// (a reply of the coach's).
    fn long_puzzle() -> (usize, esoterica::learn::puzzle::Puzzle) {
        puzzles_of(Variant::Standard)
            .unwrap()
            .into_iter()
            .enumerate()
            .find(|(_, p)| line_of(p).len() >= 3)
            .expect("a puzzle with a reply")
    }

    /// A puzzle solved move by move: the coach plays the forced replies (a person's move for
    /// the coach's side is refused), the rating rises and is saved in the settings file; a
    /// wrong move is named, lowers the rating and is taken back; the solution is shown
    /// move by move.
    #[test]
    fn a_puzzle_is_solved_rated_retried_and_its_solution_shown() {
        let (index, puzzle) = long_puzzle();
        let line = line_of(&puzzle);
        let (_root, f) = folders("puzzle");
        let arg = format!("standard:{}", index + 1);
        let mut app = start_launch(
            launch_args(&["esoterica", "play", "--puzzles", &arg]),
            f.clone(),
        );
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Learn);
        assert_eq!(board(&app), puzzle.position.to_text());
        let before = app.world().resource::<PuzzleRating>().0;
        // The first move, right: the coach answers after a moment.
        click(&mut app, line[0]);
        frames(&mut app, 2);
        assert_eq!(puzzle_state(&app), (PuzzleState::Right, 2));
        // A person may not move for the coach meanwhile.
        let pos = app
            .world()
            .resource::<ActiveGame>()
            .record
            .current()
            .clone();
        let other = pos.legal_moves()[0];
        click(&mut app, other);
        frames(&mut app, 2);
        assert!(
            app.world()
                .resource::<StatusLine>()
                .0
                .contains("The coach plays"),
            "{}",
            app.world().resource::<StatusLine>().0
        );
        frames(&mut app, 120);
        let entries = app
            .world()
            .resource::<ActiveGame>()
            .record
            .entries()
            .to_vec();
        assert_eq!(
            entries,
            [
                esoterica::rules::Entry::Move(line[0]),
                esoterica::rules::Entry::Move(line[1])
            ]
        );
        for k in (2..line.len()).step_by(2) {
            click(&mut app, line[k]);
            frames(&mut app, 120);
        }
        assert_eq!(puzzle_state(&app).0, PuzzleState::Solved);
        let after = app.world().resource::<PuzzleRating>().0;
        assert!(after.rating > before.rating, "{before:?} → {after:?}");
        assert!(after.deviation < before.deviation);
        // Saved after the one-second delay, and read back at the next start.
        frames(&mut app, 100);
        let saved = f.load_settings().settings;
        assert_eq!(saved.puzzle_rating, after);
        let mut again = start_launch(launch_args(&["esoterica", "play"]), f.clone());
        frames(&mut again, 3);
        assert_eq!(again.world().resource::<PuzzleRating>().0, after);

        // The same puzzle again, a wrong first move: named, rated as a loss once, taken back.
        request(&mut app, CoachRequest::Retry);
        assert_eq!(board(&app), puzzle.position.to_text());
        let wrong = puzzle
            .position
            .legal_moves()
            .into_iter()
            .find(|m| {
                *m != line[0] && puzzle.judge(0, m) == esoterica::learn::puzzle::Answer::Wrong
            })
            .unwrap();
        click(&mut app, wrong);
        frames(&mut app, 3);
        assert!(matches!(puzzle_state(&app).0, PuzzleState::Wrong(_)));
        frames(
            &mut app,
            (esoterica::coach::WRONG_SECS / 0.016) as usize + 90,
        );
        assert_eq!(
            app.world().resource::<ActiveGame>().record.len(),
            0,
            "taken back"
        );
        // Rated once per puzzle: the retry's mistake did not count again.
        assert_eq!(app.world().resource::<PuzzleRating>().0, after);

        // The solution, shown move by move with the motions.
        request(&mut app, CoachRequest::Solution);
        assert_eq!(puzzle_state(&app).0, PuzzleState::ShowingSolution);
        let per_move = (esoterica::coach::SOLUTION_SECS / 0.016) as usize + 60;
        frames(&mut app, per_move * (line.len() + 1));
        assert_eq!(puzzle_state(&app).0, PuzzleState::Solved);
        let shown: Vec<esoterica::rules::Entry> = line
            .iter()
            .map(|m| esoterica::rules::Entry::Move(*m))
            .collect();
        assert_eq!(
            app.world().resource::<ActiveGame>().record.entries(),
            &shown[..]
        );

        // Next: another puzzle, nearest the rating.
        request(&mut app, CoachRequest::Next);
        match course(&app) {
            Course::Puzzle(p) => {
                assert_ne!(p.index, index);
                assert_eq!(board(&app), p.current().position.to_text());
            }
            Course::Lesson(_) => panic!("a lesson"),
        }
    }

    /// A wrong first move lowers the rating.
    #[test]
    fn a_wrong_first_move_lowers_the_puzzle_rating() {
        let (index, puzzle) = long_puzzle();
        let arg = format!("standard:{}", index + 1);
        let mut app = start(&["esoterica", "play", "--puzzles", &arg], "puzzle-wrong");
        frames(&mut app, 3);
        let before = app.world().resource::<PuzzleRating>().0;
        let wrong = puzzle
            .position
            .legal_moves()
            .into_iter()
            .find(|m| puzzle.judge(0, m) == esoterica::learn::puzzle::Answer::Wrong)
            .unwrap();
        click(&mut app, wrong);
        frames(&mut app, 3);
        let after = app.world().resource::<PuzzleRating>().0;
        assert!(after.rating < before.rating, "{before:?} → {after:?}");
    }

    /// Leaving a lesson gives the position to the player as their game, and the seats of
    /// the command line back.
    #[test]
    fn leaving_gives_the_position_and_the_seats_back() {
        let mut app = start(
            &[
                "esoterica",
                "play",
                "--lesson",
                "force-field",
                "--black",
                "random",
            ],
            "lesson-leave",
        );
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Learn);
        assert_eq!(
            app.world().resource::<Seats>().players().black,
            PlayerSpec::Human
        );
        let fen = board(&app);
        request(&mut app, CoachRequest::Leave);
        assert_eq!(mode(&app), AppMode::Play);
        assert_eq!(board(&app), fen);
        assert_eq!(
            app.world().resource::<ActiveGame>().origin,
            GameOrigin::Player
        );
        assert!(matches!(
            app.world().resource::<Seats>().players().black,
            PlayerSpec::Bot { .. }
        ));
        assert_eq!(app.world().resource::<LearnerSide>().0, None);
        assert!(app.world().resource::<Coach>().course.is_none());
    }

    /// The left panel's Lessons button (its request) starts a lesson from a game in play; a
    /// new game from the panel leaves the lesson.
    #[test]
    fn the_panel_starts_a_lesson_and_a_new_game_ends_it() {
        let mut app = start(
            &["esoterica", "play", "--variant", "parity"],
            "lesson-panel",
        );
        frames(&mut app, 3);
        app.world_mut().write_message(StartLessonRequest {
            variant: Variant::Parity,
            lesson: 0,
        });
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Learn);
        app.world_mut()
            .write_message(esoterica::game::NewGameRequest::new(Variant::Standard));
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Play);
        assert!(app.world().resource::<Coach>().course.is_none());
    }

    /// The kiosk demo's offer "Learn V" opens the first lesson of the variant on screen;
    /// after an idle minute (here 0.6 s) the demo comes back with its own seats.
    #[test]
    fn the_demo_offers_a_lesson_and_comes_back_after_idle_time() {
        let mut app = start(
            &[
                "esoterica",
                "demo",
                "--kiosk",
                "--variants",
                "intrachange",
                "--idle-return",
                "0.01",
            ],
            "demo-learn",
        );
        frames(&mut app, 10);
        assert_eq!(mode(&app), AppMode::Demo);
        app.world_mut()
            .write_message(TakeOverRequest(TakeOver::Learn));
        frames(&mut app, 3);
        assert_eq!(mode(&app), AppMode::Learn);
        match course(&app) {
            Course::Lesson(l) => {
                assert_eq!(l.book.variant, Variant::Intrachange);
                assert_eq!((l.lesson, l.step), (0, 0));
                assert_eq!(board(&app), l.current().start.to_text());
            }
            Course::Puzzle(_) => panic!("a puzzle"),
        }
        frames(&mut app, 150);
        assert_eq!(mode(&app), AppMode::Demo, "back to the demo when idle");
        assert!(app.world().resource::<Coach>().course.is_none());
        assert!(!app.world().resource::<Seats>().lent_to_coach());
        assert_eq!(app.world().resource::<LearnerSide>().0, None);
    }

    /// `--lesson` and `--puzzles` refuse what does not exist, with words that say what does.
    #[test]
    fn lesson_and_puzzle_options_refuse_bad_numbers_and_names() {
        use esoterica::app::PlayLaunch;
        use esoterica::cli::{Cli, Command};
        let err = |args: &[&str]| -> String {
            match Cli::parse_args(args) {
                Ok(cli) => {
                    let Some(Command::Play(a)) = cli.command else {
                        panic!("{args:?}")
                    };
                    PlayLaunch::from_args(&a).unwrap_err().to_string()
                }
                Err(e) => e.to_string(),
            }
        };
        let e = err(&["esoterica", "play", "--lesson", "chess960"]);
        assert!(e.contains("--lesson chess960"), "{e}");
        let e = err(&["esoterica", "play", "--lesson", "intrachange:0"]);
        assert!(e.contains("a number from 1"), "{e}");
        let e = err(&["esoterica", "play", "--lesson", "intrachange:x"]);
        assert!(e.contains("a number from 1"), "{e}");
        let n = lesson_book(Variant::Intrachange).unwrap().lessons.len();
        let e = err(&[
            "esoterica",
            "play",
            "--lesson",
            &format!("intrachange:{}", n + 1),
        ]);
        assert!(e.contains(&format!("not {}", n + 1)), "{e}");
        let count = puzzles_of(Variant::Standard).unwrap().len();
        let e = err(&[
            "esoterica",
            "play",
            "--puzzles",
            &format!("standard:{}", count + 1),
        ]);
        assert!(e.contains(&format!("{count} puzzles")), "{e}");
        let e = err(&[
            "esoterica",
            "play",
            "--lesson",
            "parity",
            "--puzzles",
            "parity",
        ]);
        assert!(e.contains("--puzzles"), "{e}");
    }
}

/// The window's minutes and pace refuse negative, zero and non-finite values with the
/// option's name (a negative number reaches the option as its value, as a user types it).
#[test]
fn play_and_demo_refuse_bad_minutes_and_pace() {
    use esoterica::app::{DemoLaunch, PlayLaunch};
    use esoterica::cli::{Cli, Command};
    for (args, want) in [
        (
            &["esoterica", "play", "--idle-demo", "-1"][..],
            "--idle-demo takes minutes above 0, not -1",
        ),
        (&["esoterica", "play", "--idle-demo", "0"], "not 0"),
        (&["esoterica", "play", "--idle-demo", "NaN"], "not NaN"),
        (
            &["esoterica", "demo", "--pace", "-2"],
            "--pace takes seconds above 0, not -2",
        ),
        (
            &["esoterica", "demo", "--idle-return", "-1"],
            "--idle-return takes minutes, 0 or more, not -1",
        ),
    ] {
        let e = match Cli::parse_args(args).unwrap().command {
            Some(Command::Play(a)) => PlayLaunch::from_args(&a).unwrap_err().to_string(),
            Some(Command::Demo(a)) => DemoLaunch::from_args(&a).unwrap_err().to_string(),
            _ => panic!("{args:?}"),
        };
        assert!(e.contains(want), "{args:?}: {e}");
    }
    for (n, want) in [
        ("0", "must be at least 1"),
        ("65", "must be at most 64"),
        ("x", "invalid digit"),
    ] {
        let e = Cli::parse_args(["esoterica", "play", "--threads", n])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("--threads") && e.contains(want),
            "--threads {n}: {e}"
        );
    }
}

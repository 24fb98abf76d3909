"""Bad input gives a Python exception naming what is wrong, never a Rust panic
(``pyo3_runtime.PanicException`` derives from ``BaseException``, so an ``except Exception``
in the helpers below lets one fail the test); and every value type pickles."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import esoterica
from esoterica import (
    Bot,
    EsotericaError,
    Game,
    IllegalMoveError,
    Move,
    Outcome,
    Piece,
    PgnError,
    Position,
    PositionError,
    action_size,
)

#: Characters the position texts are made of, for mutations.
TEXT_CHARS = "pnbrqkPNBRQKgmjoGMJO12345678/[] -wbKQkqNn0123456789abcdefghijklC,"


def mutate(text: str, rng: random.Random) -> str:
    """`text` with one to three random edits: replace, delete, insert or duplicate."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(4)
        if op == 0 and i < len(chars):
            chars[i] = rng.choice(TEXT_CHARS)
        elif op == 1 and i < len(chars):
            del chars[i]
        elif op == 2:
            chars.insert(i, rng.choice(TEXT_CHARS))
        else:
            chars[i:i] = chars[i : i + rng.randint(1, 6)]
    return "".join(chars)


def exercise(p: Position, rng: random.Random) -> None:
    """Every query an agent makes, and a few random moves (commits in Parity)."""
    p.planes("white")
    p.planes("black")
    p.action_mask()
    p.text()
    p.outcome()
    p.in_check()
    str(p)
    for _ in range(4):
        if p.outcome() is not None:
            return
        if p.simultaneous:
            white, black = p.legal_commits("white"), p.legal_commits("black")
            if not white or not black:
                return
            p.resolve(rng.choice(white), rng.choice(black))
        else:
            moves = p.legal_moves()
            if not moves:
                return
            move = rng.choice(moves)
            assert move.san and p.move_to_action(move) == p.move_to_action(move.uci)
            p.play(move)


@pytest.mark.parametrize("variant", esoterica.variants())
def test_mutated_position_texts_are_read_or_refused(variant: str) -> None:
    rng = random.Random(variant)
    start = Position(variant).text()
    read = refused = 0
    for _ in range(300):
        text = mutate(start, rng)
        try:
            p = Position(variant, text)
        except PositionError as err:
            assert str(err)
            refused += 1
            continue
        read += 1
        exercise(p, rng)
    # Both kinds of text occur, so both paths ran.
    assert read > 0 and refused > 0


@pytest.mark.parametrize("variant", esoterica.variants())
def test_mutated_pgn_is_read_or_refused(variant: str) -> None:
    rng = random.Random(variant)
    game = Game(variant)
    for _ in range(12):
        if game.position.simultaneous:
            game.play_turn(
                rng.choice(game.legal_commits("white")), rng.choice(game.legal_commits("black"))
            )
        else:
            game.play(rng.choice(game.legal_moves()))
        if game.outcome() is not None:
            break
    text = game.pgn()
    assert Game.from_pgn(text).position == game.position
    refused = 0
    for _ in range(200):
        try:
            Game.from_pgn(mutate(text, rng))
        except PgnError as err:
            assert str(err)
            refused += 1
    assert refused > 0


@pytest.mark.parametrize("variant", esoterica.variants())
def test_every_action_index_is_a_legal_move_or_an_illegal_move_error(variant: str) -> None:
    p = Position(variant)
    side = p.turn
    n = action_size(variant)
    legal = set(int(a) for a in p.legal_actions(side))
    for action in [-(2**62), -1, *range(n), n, n + 1, 2**62]:
        if action in legal:
            assert p.move_to_action(p.action_to_move(action, side)) == action
            continue
        with pytest.raises(IllegalMoveError) as err:
            p.action_to_move(action, side)
        assert str(action) in str(err.value)
    for bad in [1.5, "e4", None, [0]]:
        with pytest.raises(TypeError):
            p.action_to_move(bad)  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        p.action_to_move(2**64)


def test_bad_arguments_raise_named_errors() -> None:
    p = Position()
    cases = [
        (lambda: p.planes("green"), PositionError, "unknown side 'green' (expected white or black)"),
        (lambda: p.legal_commits("red"), PositionError, "unknown side 'red'"),
        (lambda: p.piece_at(-1), PositionError, "square -1 is off the board (0–63)"),
        (lambda: p.piece_at(64), PositionError, "square 64 is off the board (0–63)"),
        (lambda: p.square("z9"), PositionError, "'z9' is not a square (a1–h8)"),
        (lambda: p.play(42), PositionError, "a move is a Move or a string (e2e4, Nf3)"),
        (lambda: p.play(""), esoterica.MoveTextError, "cannot read move '': empty move"),
        (lambda: p.resolve("e4", "e5"), IllegalMoveError, "Standard is not played with simultaneous moves"),
        (lambda: p.perft(-1), OverflowError, "out of range"),
        (lambda: p.hexagram("e4"), PositionError, "Standard has no teleports"),
        (lambda: p.zone("e4"), PositionError, "Standard has no zones"),
        (lambda: Position("parity").play("e4"), IllegalMoveError, "Parity is played with simultaneous moves"),
        (lambda: Position("parity").resolve("e4", "e4"), IllegalMoveError, "no legal pawn move to e4 here"),
        (lambda: Piece("white", "dragon"), PositionError, "unknown piece kind 'dragon'"),
        (lambda: Piece("purple", "pawn"), PositionError, "unknown side 'purple'"),
        (lambda: Outcome("white", "repetition"), PositionError, "unknown win reason 'repetition'"),
        (lambda: Outcome(None, "checkmate"), PositionError, "unknown draw reason 'checkmate'"),
        (lambda: Game("standard").play_turn("e4", "e5"), IllegalMoveError, "Standard is not played with simultaneous moves"),
        (lambda: Game("standard").declare_draw("boredom"), PositionError, "declare_draw takes agreement or ply-cap, not 'boredom'"),
        (lambda: Bot("alphabeta:10"), esoterica.BotError, "alphabeta level must be 1 to 9, not '10'"),
    ]
    assert Game("standard").undo() is None
    for call, error, words in cases:
        with pytest.raises(error) as err:
            call()
        assert words in str(err.value)


def test_a_finished_game_refuses_moves_and_positions_after_mate_have_no_moves() -> None:
    g = Game("standard")
    for m in ["f3", "e5", "g4", "Qh4"]:
        g.play(m)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        g.play("a3")
    p = g.position
    assert len(p.legal_moves()) == 0 and p.action_mask().sum() == 0
    with pytest.raises(IllegalMoveError):
        p.action_to_move(0)


def test_value_types_pickle() -> None:
    p = Position("parity")
    p.resolve("e4", "d5")
    values: list[object] = [
        p,
        Position("big-outer"),
        p.legal_commits("black")[5],
        Position("big-outer").legal_moves()[-1],
        Piece("black", "outer-knight"),
        Outcome("white", "checkmate"),
        Outcome(None, "timeout-vs-insufficient-material"),
        Outcome(None, "both-timed-out"),
    ]
    for value in values:
        again = pickle.loads(pickle.dumps(value))
        assert again == value and type(again) is type(value), value
    move = pickle.loads(pickle.dumps(p.legal_commits("black")[5]))
    assert isinstance(move, Move) and move.san == p.legal_commits("black")[5].san
    bot = pickle.loads(pickle.dumps(Bot("alphabeta:3", seed=9)))
    assert (bot.spec, bot.seed) == ("alphabeta:3", 9)
    fresh = Bot("alphabeta:3", seed=9).choose(Position(), depth=2)
    assert bot.choose(Position(), depth=2) == fresh


def test_games_pickle_with_their_moves_tags_and_outcome() -> None:
    g = Game("standard")
    for m in ["f3", "e5", "g4", "Qh4"]:
        g.play(m)
    g.set_tag("Event", "pickle")
    again = pickle.loads(pickle.dumps(g))
    assert again.position == g.position and again.pgn() == g.pgn()
    assert again.outcome() == Outcome("black", "checkmate")
    assert [m.uci for m in again.moves] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    parity = Game("parity")
    parity.play_turn("e4", "d5")
    again = pickle.loads(pickle.dumps(parity))
    assert [(w.uci, b.uci) for w, b in again.moves] == [("e2e4", "d7d5")]


def effects_of_random_games(seed: int = 5, games: int = 4) -> list[esoterica.Effect]:
    """Every effect of a few seeded random games in every variant."""
    rng = random.Random(seed)
    out: list[esoterica.Effect] = []
    for variant in esoterica.variants():
        for _ in range(games):
            g = Game(variant)
            for _ in range(200):
                if g.outcome() is not None:
                    break
                if g.position.simultaneous:
                    w, b = g.legal_commits("white"), g.legal_commits("black")
                    out += g.play_turn(rng.choice(w), rng.choice(b))
                else:
                    out += g.play(rng.choice(g.legal_moves()))
    return out


def test_effects_pickle_as_equal_effects_of_the_same_class() -> None:
    effects = effects_of_random_games()
    kinds = {e.kind for e in effects}
    assert kinds >= {"Step", "Teleport", "PassThrough", "Capture", "FailedCapture", "Shared",
                     "Promote", "Check", "ChargesChanged", "GameOver"}, kinds
    for e in effects:
        again = pickle.loads(pickle.dumps(e))
        assert again == e and type(again) is type(e), e
        assert (again.kind, again.stage, again.text) == (e.kind, e.stage, e.text)
        assert [getattr(again, f) for f in e.__match_args__] == \
            [getattr(e, f) for f in e.__match_args__]
    # Big Outer squares keep their names (b11, C1): the board travels with the effect.
    g = Game("big-outer")
    fx = g.play(g.legal_moves()[-1])
    assert [pickle.loads(pickle.dumps(e)).text for e in fx] == [e.text for e in fx]
    assert [e.text for e in fx] == ["step White Knight C2 k3"]


def test_parity_effects_pickle_and_bad_effect_state_is_a_value_error() -> None:
    p = Position("parity")
    for w, b in [("e2e4", "d7d5"), ("b1c3", "g8f6")]:
        p.resolve(w, b)
    fx = p.resolve("e4d5", "d5d4")
    assert "FailedCapture" in [e.kind for e in fx]
    again = pickle.loads(pickle.dumps(fx))
    assert again == fx and [type(e) for e in again] == [type(e) for e in fx]
    rebuild = esoterica._esoterica._effect
    with pytest.raises(ValueError, match="no effect is called 'Jump'"):
        rebuild("Jump", 64, ())
    with pytest.raises(ValueError, match="Step has 3 fields, not 1"):
        rebuild("Step", 64, (3,))
    with pytest.raises(ValueError, match="no square 64 on a board of 64 squares"):
        rebuild("Shared", 64, (64,))
    with pytest.raises(ValueError, match="no board has 81 squares"):
        rebuild("Shared", 81, (3,))
    assert rebuild("Shared", 148, (147,)).text == pickle.loads(pickle.dumps(rebuild("Shared", 148, (147,)))).text


def test_move_lists_games_and_errors_pickle() -> None:
    p = Position("parity")
    p.resolve("e4", "d5")
    for moves in [Position().legal_moves(), p.legal_commits("black"),
                  Position("big-outer").legal_moves()]:
        again = pickle.loads(pickle.dumps(moves))
        assert type(again) is type(moves) and again == moves
        assert [m.san for m in again] == [m.san for m in moves]
    g = Game("standard")
    for m in ["f3", "e5", "g4", "Qh4"]:
        g.play(m)
    over = pickle.loads(pickle.dumps(g.legal_moves()))
    assert len(over) == 0 and over == g.legal_moves()
    assert pickle.loads(pickle.dumps(g)) == g
    capped = Game("standard", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    capped.play("e2e4")
    capped.set_tag("White", "random")
    capped.declare_draw("ply-cap")
    again = pickle.loads(pickle.dumps(capped))
    assert again == capped and again.outcome() == Outcome(None, "ply-cap")
    assert Game() != g and Game() == Game() and Game() != "Game"
    with pytest.raises(IllegalMoveError) as err:
        Position().play("e2e5")
    again = pickle.loads(pickle.dumps(err.value))
    assert type(again) is IllegalMoveError
    assert (again.move, again.reason, str(again)) == (err.value.move, err.value.reason,
                                                       str(err.value))


def test_planes_and_masks_are_fresh_arrays() -> None:
    p = Position()
    x = p.planes()
    x[:] = 7.0
    assert p.planes().max() == 1.0
    mask = p.action_mask()
    mask[:] = 1
    assert int(p.action_mask().sum()) == 20 and np.flatnonzero(p.action_mask()).size == 20


def test_every_outcome_reason_round_trips() -> None:
    wins = ["checkmate", "king-captured", "stalemate", "cannot-leave-shared-square",
            "forfeit", "timeout", "resignation"]
    draws = ["stalemate", "fifty-moves", "repetition", "insufficient-material",
             "simultaneous", "agreement", "timeout-vs-insufficient-material",
             "both-timed-out", "ply-cap"]
    for reason in wins:
        o = Outcome("black", reason)
        assert (o.winner, o.reason, o.result) == ("black", reason, "0-1")
        assert pickle.loads(pickle.dumps(o)) == o
    for reason in draws:
        o = Outcome(None, reason)
        assert (o.winner, o.reason, o.is_draw, o.score("white")) == (None, reason, True, 0.5)

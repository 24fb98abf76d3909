"""The Python API: positions, moves, effects, outcomes, games, bots and errors."""

from __future__ import annotations

import copy
import pickle
import threading
import warnings

import pytest

import esoterica
from esoterica import (
    Bot,
    Capture,
    ChargesChanged,
    Check,
    FailedCapture,
    Game,
    GameOver,
    IllegalMoveError,
    Move,
    MoveTextError,
    PassThrough,
    PgnError,
    Piece,
    Position,
    PositionError,
    Shared,
    Step,
    Teleport,
)

WHITE_PAWN = Piece("white", "pawn")


def sq(p: Position, name: str) -> int:
    return p.square(name)


def test_perft_matches_the_readme_table() -> None:
    expected = {
        "standard": [20, 400, 8902],
        "intrachange": [20, 390, 8178],
        "force-field": [20, 384, 8156],
        "bully": [20, 400, 8902],
        "nonviolent": [20, 400, 8868],
        "big-outer": [60, 3600],
        "parity": [400],
        "parity-single": [400],
    }
    for variant, counts in expected.items():
        p = Position(variant)
        assert [p.perft(d + 1) for d in range(len(counts))] == counts, variant


def test_legal_moves_have_coordinates_notation_and_squares() -> None:
    p = Position()
    moves = p.legal_moves()
    assert len(moves) == 20
    assert isinstance(moves, esoterica.MoveList)
    e4 = p.parse_move("e4")
    assert e4 in moves and "e2e4" in moves and "e2e5" not in moves
    assert (e4.uci, e4.san, e4.from_square, e4.to_square) == ("e2e4", "e4", 12, 28)
    assert e4.promotion is None and e4.side == "white" and e4.piece == WHITE_PAWN
    assert e4 == p.parse_move("e2e4") and hash(e4) == hash(p.parse_move("e2e4"))
    assert sorted(m.san for m in moves)[:4] == ["Na3", "Nc3", "Nf3", "Nh3"]
    assert [m.uci for m in moves[:2]] == moves.uci()[:2] == ["b1c3", "b1a3"]


def test_promotion_castling_and_en_passant_are_marked_on_the_move() -> None:
    p = Position("standard", "r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 1")
    promos = [m for m in p.legal_moves() if m.promotion]
    assert sorted(m.uci for m in promos) == [
        "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r",
    ]
    assert p.parse_move("bxa8=N").promotion == "knight"
    castle = p.parse_move("O-O")
    assert castle.is_castling and castle.uci == "e1g1"
    ep = p.parse_move("exd6")
    assert ep.is_en_passant
    assert [e.text for e in p.copy().play(ep)] == [
        "step White Pawn e5 d6",
        "capture Black Pawn d5",
    ]


def test_play_returns_effect_objects_in_rules_order() -> None:
    p = Position()
    (step,) = p.play("e4")
    assert isinstance(step, Step) and isinstance(step, esoterica.Effect)
    assert (step.piece, step.from_square, step.to_square) == (WHITE_PAWN, 12, 28)
    assert (step.kind, step.stage, step.text) == ("Step", "exoteric", "step White Pawn e2 e4")
    match step:
        case Step(piece, frm, to):
            assert (piece.kind, frm, to) == ("pawn", 12, 28)
    for m in ["e5", "Qh5", "Nc6", "Bc4", "Nf6"]:
        p.play(m)
    fx = p.play("Qxf7#")
    assert [type(e) for e in fx] == [Step, Capture, Check, GameOver]
    assert fx[1].piece == Piece("black", "pawn") and fx[1].square == p.square("f7")
    assert (fx[2].side, fx[2].check_kind) == ("black", "classic")
    assert fx[3].outcome.winner == "white" and fx[3].outcome.reason == "checkmate"
    assert p.outcome() == fx[3].outcome
    assert p.outcome().score("white") == 1.0 and p.outcome().result == "1-0"


def test_intrachange_teleports_and_passes_through() -> None:
    p = Position("intrachange")
    fx = p.play("e2e4")
    assert [type(e) for e in fx] == [Step, Teleport]
    assert (fx[1].from_square, fx[1].to_square) == (sq(p, "e4"), sq(p, "e6"))
    assert p.teleport_destination("e4", WHITE_PAWN) == sq(p, "e6")
    assert p.hexagram("e5") == 0 and p.hexagram("d4") == 63
    q = Position("intrachange", "7k/b7/8/8/n7/8/8/R6K w - - 0 1")
    assert [e.text for e in q.play("a1a4")] == [
        "step White Rook a1 a4",
        "teleport White Rook a4 a7",
        "pass-through Black Knight a4",
        "capture Black Bishop a7",
    ]
    assert q.text() == "7k/R7/8/8/n7/8/8/7K b - - 0 1"


def test_intrachange_notation_names_the_exoteric_and_esoteric_squares() -> None:
    p = Position("intrachange")
    assert p.parse_move("e2e4").san == "e2-e4~e6"


def test_force_field_charges_and_effects() -> None:
    p = Position("force-field")
    assert p.charges()[sq(p, "e3")] == 3
    fx = p.play("e4")
    assert any(isinstance(e, ChargesChanged) for e in fx)
    with pytest.raises(PositionError, match="has no fields"):
        Position().charges()


def test_parity_resolves_both_commits_with_shared_squares_and_failed_captures() -> None:
    p = Position("parity")
    assert p.simultaneous and p.turn == "white"
    with pytest.raises(IllegalMoveError, match="simultaneous") as err:
        p.play("e4")
    assert err.value.move == "e2e4"
    for w, b in [("e2e4", "d7d5"), ("b1c3", "g8f6")]:
        p.resolve(w, b)
    assert p.resting("white") == [sq(p, "c3")]
    fx = p.resolve("e4d5", p.parse_move("d5d4", "black"))
    assert any(isinstance(e, FailedCapture) and e.square == sq(p, "d5") for e in fx)
    assert p.text() == "rnbqkb1r/ppp1pppp/5n2/3P4/3p4/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4 d5/d4"
    s = Position("parity")
    for w, b in [("g1f3", "a7a6"), ("d2d3", "h7h6")]:
        s.resolve(w, b)
    fx = s.resolve("f3e5", "e7e5")
    assert any(isinstance(e, Shared) and e.square == sq(s, "e5") for e in fx)
    assert s.shared_squares() == [sq(s, "e5")]
    assert "[Np]" in s.text()
    with pytest.raises(IllegalMoveError) as err:
        s.resolve("e5f7", "a6a5")
    assert "rest" in err.value.reason


def test_parity_commits_per_side() -> None:
    p = Position("parity")
    white, black = p.legal_commits("white"), p.legal_commits("black")
    assert len(white) == len(black) == 20
    assert all(m.side == "black" for m in black)
    assert black[0] not in white
    assert p.parse_move("e5", "black").uci == "e7e5"


def test_big_outer_squares_corners_and_zones() -> None:
    p = Position("big-outer")
    assert p.num_squares == 148
    assert [p.square(c) for c in ["C1", "C2", "C3", "C4"]] == [144, 145, 146, 147]
    assert p.square_name(145) == "C2"
    assert p.piece_at("C1") == Piece("white", "outer-knight")
    assert p.zone("f6") == "central" and p.zone("c3") == "mid" and p.zone("C1") == "outer"
    assert len(p.legal_moves()) == 60
    assert str(p).splitlines()[-1] == "C1=N C2=N C3=n C4=n"


def test_illegal_moves_raise_with_the_rule_and_leave_the_position() -> None:
    p = Position()
    before = p.text()
    with pytest.raises(IllegalMoveError) as err:
        p.play("e2e5")
    assert err.value.move == "e2e5"
    assert err.value.reason == "a Pawn cannot move from e2 to e5"
    assert err.value.code == "movement"
    assert err.value.rule is not None and err.value.rule["doc"] == "standard"
    assert str(err.value) == "illegal move e2e5: a Pawn cannot move from e2 to e5"
    assert isinstance(err.value, ValueError)
    assert p.text() == before
    with pytest.raises(MoveTextError) as text_err:
        p.play("zz")
    assert text_err.value.move == "zz"
    assert not p.is_legal("e2e5") and p.is_legal("e4")
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        p.action_to_move(0)


def test_bad_positions_and_names_raise_position_error() -> None:
    with pytest.raises(PositionError):
        Position("standard", "not a fen")
    with pytest.raises(PositionError, match="unknown variant"):
        Position("chess960")
    with pytest.raises(PositionError, match="off the board"):
        Position().piece_at(64)
    with pytest.raises(PositionError):
        Position().square("i9")
    with pytest.raises(PositionError, match="castling"):
        Position("standard", "4k2r/8/8/8/8/8/8/4K3 w KQk - 0 1")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        p = Position("standard", "4k2r/8/8/8/8/8/8/4K3 w KQk - 0 1", strict=False)
    assert [str(w.message) for w in caught] == [
        "castling right K dropped: no White Rook on h1",
        "castling right Q dropped: no White Rook on a1",
    ]
    assert p.can_castle("black", "short") and not p.can_castle("white", "short")


def test_positions_copy_compare_and_pickle() -> None:
    p = Position("parity")
    q = p.copy()
    q.resolve("e4", "e5")
    assert p != q and p == Position("parity")
    assert copy.deepcopy(q) == q and copy.copy(q) == q
    assert pickle.loads(pickle.dumps(q)) == q
    assert repr(Position()) == (
        "Position('standard', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
    )


def test_game_history_repetition_undo_and_pgn() -> None:
    g = Game("standard")
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        fx = g.play(m)
    assert isinstance(fx[-1], GameOver) and fx[-1].outcome.reason == "repetition"
    assert g.repetitions() == 3 and len(g) == 8
    assert len(g.legal_moves()) == 0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        g.play("e4")
    assert g.undo() == g.position.parse_move("f6g8")
    assert g.outcome() is None and g.repetitions() == 2
    assert [m.san for m in g.moves][:3] == ["Nf3", "Nf6", "Ng1"]
    g.set_tag("White", "Ada")
    text = g.pgn()
    assert '[Variant "Standard"]' in text and '[White "Ada"]' in text
    again = Game.from_pgn(text)
    assert again.position == g.position and again.tags["White"] == "Ada"
    assert pickle.loads(pickle.dumps(g)).position == g.position
    assert g.position_after(0) == Position()


def test_game_plays_parity_turns_and_reads_parity_pgn() -> None:
    g = Game("parity")
    g.play_turn("e4", "e5")
    g.play_turn("Nf3", "Nc6")
    (first, second) = g.moves[0]
    assert (first.uci, second.uci) == ("e2e4", "e7e5")
    assert g.pgn().splitlines()[-1] == "1. e4/e5 2. Nf3/Nc6 *"
    assert Game.from_pgn(g.pgn(), "parity").position == g.position
    assert g.undo()[1].uci == "b8c6"
    with pytest.raises(PgnError, match="expected Standard"):
        Game.from_pgn(g.pgn(), "standard")
    with pytest.raises(PgnError):
        Game.from_pgn('[Variant "Standard"]\n\n1. e5 *')


def test_game_from_a_position_and_declared_draws() -> None:
    g = Game.from_position(Position("standard", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
    g.play("e4")
    assert '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]' in g.pgn()
    g.declare_draw("ply-cap")
    assert g.outcome().reason == "ply-cap" and g.outcome().is_draw


def test_bots_choose_commit_and_are_seeded() -> None:
    mate_in_one = Position("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert Bot("alphabeta:2").choose(mate_in_one).uci == "a1a8"
    assert Bot("greedy").spec == "greedy"
    a = [Bot("random", seed=7).choose(Position()).uci for _ in range(3)]
    assert len(set(a)) == 1
    commit = Bot("alphabeta:1", seed=1).commit(Position("parity"), "black", depth=1)
    assert commit is not None and commit.side == "black"
    assert commit in Position("parity").legal_commits("black")
    with pytest.raises(esoterica.BotError, match="unknown bot"):
        Bot("stockfish")
    over = Position("standard", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert Bot("random").choose(over) is None


def test_bot_search_gives_the_score_the_line_and_the_nodes() -> None:
    mate_in_one = Position("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    r = Bot("alphabeta:5").search(mate_in_one)
    assert (r.move.uci, r.mate, r.score) == ("a1a8", 1, None)
    assert [m.uci for m in r.pv] == ["a1a8"] and r.nodes > 0
    r = Bot("alphabeta:6", seed=3).search(Position(), depth=4)
    assert r.depth == 4 and r.nodes > 0 and isinstance(r.score, int) and r.mate is None
    assert len(r.pv) >= 3 and r.pv[0] == r.move
    line = Position()
    for m in r.pv:  # each move of the line is a legal move of the position it is played in
        assert m.uci in [x.uci for x in line.legal_moves()] and m.side == line.turn
        line.play(m)
    assert "depth=4" in repr(r) and r.pv[0].uci in repr(r)
    # A bot without a search: its move, no score.
    r = Bot("random", seed=1).search(Position())
    assert (r.score, r.mate, r.depth) == (None, None, 0) and r.pv == [r.move]
    # Parity: the commit of the side asked.
    r = Bot("alphabeta:2").search(Position("parity"), "black", depth=1)
    assert r.move.side == "black" and r.move in Position("parity").legal_commits("black")
    assert r.depth == 1 and isinstance(r.score, int) and r.pv == [r.move]
    # The commit matrix's value for the side asked: a Queen more is far ahead for White
    # and far behind for Black, looked at a second turn deep.
    queen_up = Position("parity", "r3k3/pp3ppp/8/8/8/8/PP3PPP/R2QK3 w - - 0 1 -/-")
    white, black = (Bot("alphabeta:8", seed=3).search(queen_up, s) for s in ("white", "black"))
    assert white.depth == black.depth == 2 and white.nodes > 0
    assert white.score > 600 and black.score < -600, (white.score, black.score)
    over = Position("standard", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    r = Bot("alphabeta:2").search(over)
    assert (r.move, r.pv, r.score) == (None, [], None)


def test_tags_with_quotes_and_backslashes_round_trip_and_line_breaks_are_refused() -> None:
    g = Game("standard")
    g.play("e4")
    name = 'Ada "the first" \\ Lovelace'
    g.set_tag("White", name)
    with pytest.raises(ValueError, match="control character"):
        g.set_tag("White", 'x"]\n[Result "0-1')
    with pytest.raises(ValueError, match="control character"):
        g.set_tag("Annotator", "a\tb")
    for computed in ["Result", "Variant", "FEN", "SetUp", "Termination", "TimeControl"]:
        with pytest.raises(ValueError, match="written from the game"):
            g.set_tag(computed, "1-0")
    for bad in ["Bad Name", "", "x]", "Wh\nite"]:
        with pytest.raises(ValueError, match="tag name"):
            g.set_tag(bad, "v")
    assert g.tags == {"White": name}
    text = g.pgn()
    assert '[White "Ada \\"the first\\" \\\\ Lovelace"]' in text
    again = Game.from_pgn(text)
    assert again.tags["White"] == name and again.outcome() is None and len(again) == 1
    assert again.pgn() == text


def test_bots_release_the_interpreter_lock_while_thinking() -> None:
    # The search sets `thinking` when it starts and clears it before it takes the lock
    # back. This thread can only see it set (and then stop the search) if it runs Python
    # while the other thread is inside the search: with the lock held it would only ever
    # see `thinking` false, and the level-5 search (up to 500 000 nodes) would run to its
    # own end.
    bot = Bot("alphabeta:5", seed=1)
    position = Position("standard")
    result: list[Move | None] = []
    thread = threading.Thread(target=lambda: result.append(bot.choose(position, depth=60)))
    thread.start()
    seen_thinking = False
    while thread.is_alive() and not seen_thinking:
        seen_thinking = bot.thinking
    bot.stop()
    thread.join(timeout=120)
    assert seen_thinking
    assert not thread.is_alive() and not bot.thinking
    (move,) = result
    assert move is not None and move in position.legal_moves()
    # A stop between searches does not cut the next one short.
    bot.stop()
    mate_in_one = Position("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert bot.choose(mate_in_one, depth=2).uci == "a1a8"


def test_refusals_carry_the_rules_reason_code_and_rule() -> None:
    ff = Position("force-field")
    ff.play("e4")
    with pytest.raises(IllegalMoveError) as err:
        ff.play("b7b5")
    assert (err.value.rule["doc"], err.value.rule["section"]) == ("force-field", "§3")
    assert err.value.rule["title"] == "fields block enemy moves"
    g = Game()
    for m in ["f3", "e5", "g4", "Qh4"]:
        g.play(m)
    with pytest.raises(IllegalMoveError) as over:
        g.play("a2a3")
    assert (over.value.code, over.value.rule) == ("game-over", None)
    with pytest.raises(IllegalMoveError) as pinned:
        Position("standard", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").play("e2d3")
    assert pinned.value.code == "pinned"
    with pytest.raises(IllegalMoveError) as turn:
        Game("parity").play("e4")
    assert turn.value.code == "simultaneous-turn"
    with pytest.raises(MoveTextError) as text:
        Position().play("zz")
    assert (text.value.code, text.value.rule) == ("syntax", None)
    with pytest.raises(IllegalMoveError) as action:
        Position().action_to_move(-1)
    assert action.value.code == "outside-action-space"

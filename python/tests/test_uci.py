"""python-chess drives ``esoterica uci`` as it drives any UCI engine: ``SimpleEngine.play``
and ``analyse`` with ``multipv``, the options it reads and the variations it checks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import chess
import chess.engine
import pytest


@pytest.fixture
def engine(cli: Path) -> Iterator[chess.engine.SimpleEngine]:
    e = chess.engine.SimpleEngine.popen_uci([str(cli), "uci", "--bot", "alphabeta:4"], timeout=30)
    try:
        yield e
    finally:
        e.quit()


def test_the_engine_lists_chess_as_its_standard_variant_and_multipv(
    engine: chess.engine.SimpleEngine,
) -> None:
    variant = engine.options["UCI_Variant"]
    assert variant.default == "chess" and "chess" in variant.var and "parity" in variant.var
    multipv = engine.options["MultiPV"]
    assert (multipv.type, multipv.default, multipv.min, multipv.max) == ("spin", 1, 1, 32)


def test_simple_engine_plays_a_game_of_legal_moves(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    first = engine.play(board, chess.engine.Limit(time=0.1))
    assert first.move in board.legal_moves
    for _ in range(12):
        if board.is_game_over():
            break
        played = engine.play(board, chess.engine.Limit(depth=2))
        assert played.move in board.legal_moves, (played.move, board.fen())
        board.push(played.move)
    assert len(board.move_stack) == 12
    mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert engine.play(mate, chess.engine.Limit(depth=3)).move == chess.Move.from_uci("a1a8")


def test_analyse_with_multipv_gives_three_distinct_legal_lines_best_first(
    engine: chess.engine.SimpleEngine,
) -> None:
    board = chess.Board()
    board.push_san("e4")
    infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
    assert [i["multipv"] for i in infos] == [1, 2, 3]
    firsts = [i["pv"][0] for i in infos]
    assert len(set(firsts)) == 3
    scores = [i["score"].pov(chess.BLACK).score(mate_score=100_000) for i in infos]
    assert scores == sorted(scores, reverse=True), scores
    for info in infos:
        assert info["depth"] == 3 and info["nodes"] > 0
        # python-chess keeps only the moves it could play: every one of them is legal.
        line = board.copy()
        for move in info["pv"]:
            assert move in line.legal_moves
            line.push(move)
        assert len(info["pv"]) >= 2, info
    # One line: the whole principal variation, and a mate found as a mate score.
    mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    info = engine.analyse(mate, chess.engine.Limit(depth=3))
    assert info["score"].white() == chess.engine.Mate(1)
    assert info["pv"][0] == chess.Move.from_uci("a1a8")
    deep = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
    assert len(deep["pv"]) >= 3, deep

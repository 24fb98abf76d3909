#!/usr/bin/env python3
"""Labels the quiet positions of standard-chess games with Stockfish's judgement, for
`esoterica tune --labels`.

    scripts/sf-labels.py [--engine PATH] [--depth N] [--skip N] [--limit N] [--jobs N] PGN... > labels.txt

Every position of the games' main lines after the first `--skip` plies (default 8) where the
side to move is not in check and the move played from it is neither a capture nor a
promotion is searched by Stockfish to `--depth` plies (default 8), and its score is turned
into White's expected score by python-chess's model of Stockfish 15's win/draw/loss rates
(`Score.wdl(model="sf15")`). A position met twice is written once. Each output line is
`FEN;SCORE`, SCORE from 0 to 1 with four decimals. Games of other variants (a `Variant`
header other than standard chess) are skipped. `--limit` stops after that many positions.
`--jobs` runs that many Stockfish processes side by side (one search thread each); the
lines come out in the games' order whatever the number of jobs.

The engine is `--engine`, else `$STOCKFISH`, else `/usr/games/stockfish` (the Debian
package). Needs python-chess (`pip install chess`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

import chess
import chess.engine
import chess.pgn

STANDARD = {"", "standard", "chess", "normal"}


def quiet_positions(paths: list[str], skip: int):
    """Yields (board, ply) for the quiet positions of the standard games in `paths`."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if game.headers.get("Variant", "").strip().lower() not in STANDARD:
                    continue
                if game.errors:
                    print(f"{path}: skipping a game: {game.errors[0]}", file=sys.stderr)
                    continue
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    quiet = not (
                        board.is_check() or board.is_capture(move) or move.promotion
                    )
                    if ply >= skip and quiet:
                        yield board.copy(stack=False), board.ply()
                    board.push(move)


_engine = None
_depth = 8


def _init_worker(path: str, depth: int) -> None:
    """Starts this process's Stockfish. A pool's workers are ended with the pool, and their
    engines with them (they read the end of their input)."""
    global _engine, _depth
    _engine = chess.engine.SimpleEngine.popen_uci(path)
    _depth = depth


def _label(item: tuple[str, int]) -> str:
    """`FEN;SCORE` for one position: White's expected score from Stockfish's search."""
    fen, ply = item
    board = chess.Board(fen)
    info = _engine.analyse(board, chess.engine.Limit(depth=_depth))
    score = info["score"].white().wdl(model="sf15", ply=ply).expectation()
    return f"{fen};{score:.4f}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pgn", nargs="+", help="PGN files of standard-chess games")
    p.add_argument("--engine", default=os.environ.get("STOCKFISH", "/usr/games/stockfish"))
    p.add_argument("--depth", type=int, default=8, help="Stockfish's search depth (plies)")
    p.add_argument("--skip", type=int, default=8, help="plies left out at each game's start")
    p.add_argument("--limit", type=int, default=0, help="stop after this many positions")
    p.add_argument("--jobs", type=int, default=1, help="Stockfish processes side by side")
    a = p.parse_args()
    if a.depth < 1 or a.skip < 0 or a.limit < 0 or a.jobs < 1:
        p.error("--depth and --jobs must be at least 1; --skip and --limit at least 0")
    if not os.access(a.engine, os.X_OK):
        print(f"error: no Stockfish at {a.engine} (apt-get install stockfish, or --engine)",
              file=sys.stderr)
        return 1
    positions = []
    seen: set[str] = set()
    for board, ply in quiet_positions(a.pgn, a.skip):
        key = board.epd()
        if key in seen:
            continue
        seen.add(key)
        positions.append((board.fen(), ply))
        if a.limit and len(positions) >= a.limit:
            break
    written = 0
    if a.jobs == 1:
        _init_worker(a.engine, a.depth)
        try:
            for line in map(_label, positions):
                print(line)
                written += 1
        finally:
            _engine.quit()
    else:
        with multiprocessing.Pool(a.jobs, _init_worker, (a.engine, a.depth)) as pool:
            for line in pool.imap(_label, positions, chunksize=64):
                print(line)
                written += 1
    print(f"{written} positions labelled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

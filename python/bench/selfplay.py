"""Random self-play through the Python API: games per second per variant, and python-chess
on standard chess for comparison.

Each game starts from the initial position; every ply lists the legal moves (Parity: the
legal commits of both sides), picks one uniformly with a seeded ``random.Random`` and plays
it on a ``Game`` (so threefold repetition is checked) until the game ends or reaches
``--max-plies`` plies (turns in Parity). python-chess plays the same loop on
``chess.Board``: ``list(board.legal_moves)``, ``board.push``, ``board.is_game_over()``
(checkmate, stalemate, insufficient material, the 75-move rule, fivefold repetition).

Run with a release build of the extension (``pip install ./python`` or ``maturin develop
--release``)::

    python python/bench/selfplay.py --seconds 10
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

import esoterica


def esoterica_games(variant: str, seconds: float, max_plies: int, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = esoterica.Game(variant)
        n = 0
        if game.position.simultaneous:
            while n < max_plies and game.outcome() is None:
                white = game.legal_commits("white")
                black = game.legal_commits("black")
                game.play_turn(rng.choice(white), rng.choice(black))
                n += 1
        else:
            while n < max_plies and game.outcome() is None:
                game.play(rng.choice(game.legal_moves()))
                n += 1
        games += 1
        plies += n
    return games, plies, time.perf_counter() - start


def python_chess_games(seconds: float, max_plies: int, seed: int) -> tuple[int, int, float]:
    import chess

    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        n = 0
        while n < max_plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            n += 1
        games += 1
        plies += n
    return games, plies, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="per variant")
    ap.add_argument("--max-plies", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=",".join(esoterica.variants()))
    a = ap.parse_args()
    load = os.getloadavg()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'engine / variant':<28} {'games':>6} {'games/s':>9} {'plies/game':>10} {'plies/s':>9}")
    results = {}
    for v in a.variants.split(","):
        g, p, s = esoterica_games(v, a.seconds, a.max_plies, a.seed)
        results[v] = g / s
        print(f"{'esoterica ' + v:<28} {g:>6} {g / s:>9.1f} {p / g:>10.0f} {p / s:>9.0f}")
    try:
        g, p, s = python_chess_games(a.seconds, a.max_plies, a.seed)
    except ImportError:
        print("python-chess is not installed: pip install chess")
        return
    pc = g / s
    print(f"{'python-chess standard':<28} {g:>6} {pc:>9.1f} {p / g:>10.0f} {p / s:>9.0f}")
    if "standard" in results:
        print(f"ratio esoterica/python-chess on standard chess: {results['standard'] / pc:.1f}x")
    load = os.getloadavg()
    print(f"# load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()

"""Random self-play through the Python API: games per second per variant, and python-chess
on standard chess for comparison.

Each game starts from the initial position; every ply lists the legal moves (Parity: the
legal commits of both sides), picks one uniformly with a seeded ``random.Random`` and plays
it on a ``Game`` (so threefold repetition is checked) until the game ends or reaches
``--max-plies`` plies (turns in Parity). python-chess plays the same loop on
``chess.Board``: ``list(board.legal_moves)``, ``board.push``, ``board.is_game_over()``
(checkmate, stalemate, insufficient material, the 75-move rule, fivefold repetition).

``--paired N`` measures standard chess against python-chess in N rounds of back-to-back
runs (``--seconds`` each, esoterica first), so that both sides of every round ran under the
same load, and prints each round's ratios of games per second and of plies per second and
the medians of both over the rounds: on a shared machine the rounds' spread shows how far a
single figure can be trusted. The two loops end their games by different rules (esoterica:
checkmate, stalemate, threefold repetition, the 50-move rule, insufficient material or the
ply cap; python-chess's ``is_game_over()``: fivefold repetition and the 75-move rule), so
their games differ in length and the plies-per-second ratio is the like-for-like one.

``--envs`` adds environment steps per second with uniformly random legal actions (from the
action mask): PettingZoo AEC (one ply a step) and parallel (one Parity turn a step),
Gymnasium against the random bot (the agent's ply and the bot's), OpenSpiel
``apply_action`` / ``apply_actions``, and the cost of one observation (``planes`` plus
``action_mask``).

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


def _timed(seconds: float, run_episode) -> tuple[int, float]:
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run_episode()
    return steps, time.perf_counter() - start


def env_steps(seconds: float, max_plies: int, seed: int) -> list[tuple[str, int, float]]:
    """(name, steps, seconds) for each environment."""
    import numpy as np

    rng = np.random.default_rng(seed)
    pick = lambda mask: int(rng.choice(np.flatnonzero(mask)))  # noqa: E731
    out = []

    from esoterica.envs.pettingzoo_env import aec_env, parallel_env

    def aec(variant: str):
        def episode() -> int:
            env = aec_env(variant, max_plies=max_plies)
            env.reset(seed=seed)
            n = 0
            for _ in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else pick(obs["action_mask"]))
                n += 1
            return n
        return episode

    def par(variant: str):
        def episode() -> int:
            env = parallel_env(variant, max_plies=max_plies)
            obs, _ = env.reset(seed=seed)
            n = 0
            while env.agents:
                obs, *_ = env.step({a: pick(obs[a]["action_mask"]) for a in env.agents})
                n += 1
            return n
        return episode

    for v in ["standard", "intrachange", "big-outer"]:
        out.append((f"pettingzoo aec {v}", *_timed(seconds, aec(v))))
    for v in ["parity", "parity-single"]:
        out.append((f"pettingzoo parallel {v}", *_timed(seconds, par(v))))

    import gymnasium
    import esoterica.envs.gymnasium_env  # noqa: F401

    def gym(variant: str):
        env = gymnasium.make("esoterica/Esoterica-v0", variant=variant, max_plies=max_plies)

        def episode() -> int:
            obs, _ = env.reset(seed=seed)
            n, done = 0, False
            while not done:
                obs, _, term, trunc, _ = env.step(pick(obs["action_mask"]))
                done = term or trunc
                n += 1
            return n
        return episode

    for v in ["standard", "parity"]:
        out.append((f"gymnasium vs random {v}", *_timed(seconds, gym(v))))

    import pyspiel
    from esoterica.envs import openspiel_game

    def spiel(variant: str):
        game = openspiel_game.load_game(variant, {"max_plies": max_plies})

        def episode() -> int:
            state = game.new_initial_state()
            n = 0
            while not state.is_terminal():
                if state.is_simultaneous_node():
                    state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in (0, 1)])
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
                n += 1
            return n
        return episode

    for v in ["standard", "parity"]:
        out.append((f"openspiel {v}", *_timed(seconds, spiel(v))))

    for v in ["standard", "intrachange", "big-outer"]:
        p = esoterica.Position(v)

        def observe() -> int:
            for _ in range(100):
                p.planes()
                p.action_mask()
            return 100
        out.append((f"planes+action_mask {v}", *_timed(seconds, observe)))
    return out


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def paired(rounds: int, seconds: float, max_plies: int, seed: int) -> None:
    """Standard chess, esoterica then python-chess, `rounds` times: each round's games per
    second and plies per second of both, their ratios, and the ratios' medians."""
    print(f"{'round':>5} {'esoterica games/s':>18} {'plies/s':>9} {'python-chess games/s':>21} "
          f"{'plies/s':>9} {'games ratio':>12} {'plies ratio':>12} {'load':>5}")
    games_ratios, plies_ratios = [], []
    for r in range(1, rounds + 1):
        g, p, s = esoterica_games("standard", seconds, max_plies, seed + r)
        ours_g, ours_p = g / s, p / s
        g, p, s = python_chess_games(seconds, max_plies, seed + r)
        theirs_g, theirs_p = g / s, p / s
        games_ratios.append(ours_g / theirs_g)
        plies_ratios.append(ours_p / theirs_p)
        print(f"{r:>5} {ours_g:>18.1f} {ours_p:>9.0f} {theirs_g:>21.1f} {theirs_p:>9.0f} "
              f"{ours_g / theirs_g:>11.1f}x {ours_p / theirs_p:>11.1f}x {os.getloadavg()[0]:>5.2f}")
    print(f"games per second, esoterica/python-chess on standard chess: median "
          f"{_median(games_ratios):.1f}x, range {min(games_ratios):.1f}x-{max(games_ratios):.1f}x "
          f"over {rounds} rounds")
    print(f"plies per second, esoterica/python-chess on standard chess: median "
          f"{_median(plies_ratios):.1f}x, range {min(plies_ratios):.1f}x-{max(plies_ratios):.1f}x "
          f"over {rounds} rounds")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="per variant")
    ap.add_argument("--max-plies", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=",".join(esoterica.variants()))
    ap.add_argument("--envs", action="store_true", help="also environment steps per second")
    ap.add_argument("--paired", type=int, default=0, metavar="N",
                    help="only standard chess against python-chess, N back-to-back rounds")
    a = ap.parse_args()
    load = os.getloadavg()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if a.paired > 0:
        paired(a.paired, a.seconds, a.max_plies, a.seed)
        return
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
    else:
        pc = g / s
        print(f"{'python-chess standard':<28} {g:>6} {pc:>9.1f} {p / g:>10.0f} {p / s:>9.0f}")
        if "standard" in results:
            print(f"ratio esoterica/python-chess on standard chess: {results['standard'] / pc:.1f}x")
    if a.envs:
        print(f"{'environment':<34} {'steps':>8} {'steps/s':>9}")
        for name, steps, secs in env_steps(a.seconds, a.max_plies, a.seed):
            print(f"{name:<34} {steps:>8} {steps / secs:>9.0f}")
    load = os.getloadavg()
    print(f"# load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()

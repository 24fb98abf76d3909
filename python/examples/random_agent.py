"""A random agent: uniformly random legal actions (from the action mask) in the PettingZoo
AEC environment of an alternating variant, or the parallel one of Parity, for a few games;
prints each game's length and result.

    python examples/random_agent.py --variant intrachange --games 5
"""

from __future__ import annotations

import argparse

import numpy as np

import esoterica
from esoterica.envs.pettingzoo_env import aec_env, parallel_env


def play(variant: str, rng: np.random.Generator, max_plies: int) -> tuple[int, str]:
    """One game: (plies or Parity turns, result text)."""
    if esoterica.Position(variant).simultaneous:
        env = parallel_env(variant, max_plies=max_plies)
        obs, _ = env.reset()
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
            obs, *_ = env.step(actions)
    else:
        env = aec_env(variant, max_plies=max_plies)
        env.reset()
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            mask = obs["action_mask"]
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    outcome = env.game.outcome()
    return len(env.game), outcome.text if outcome else f"cut at {max_plies}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="standard", choices=esoterica.variants())
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--max-plies", type=int, default=512)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    for i in range(a.games):
        length, result = play(a.variant, rng, a.max_plies)
        print(f"game {i + 1}: {length} plies, {result}")


if __name__ == "__main__":
    main()

"""Training a tiny policy with pure NumPy: REINFORCE on a linear softmax over a few
features of each legal move, playing one side in the Gymnasium environment against the
random bot, rewarded by the game's result only (so a few hundred episodes pass before the
mean reward moves off chance): a demonstration that the pieces fit, not a strong player.

    python examples/train_policy.py --variant nonviolent --episodes 300

Features of a move (all from the Python API): the kind moved, the kind captured (if any),
promotion, giving check, and how far it advances.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import esoterica
import esoterica.envs.gymnasium_env  # noqa: F401  (registers "esoterica/Esoterica-v0")
from esoterica import Position

KINDS = ["pawn", "knight", "bishop", "rook", "queen", "king"]
#: Feature count: moved kind, captured kind or none, promotion, check, advance.
N_FEATURES = len(KINDS) + len(KINDS) + 1 + 1 + 1 + 1


def features(pos: Position, actions: np.ndarray) -> np.ndarray:
    """One row of features per legal action, in the order of `actions`."""
    out = np.zeros((len(actions), N_FEATURES), np.float64)
    files = 8
    for i, a in enumerate(actions):
        move = pos.action_to_move(int(a))
        moved = move.piece.kind if move.piece else "pawn"
        out[i, KINDS.index(moved) if moved in KINDS else 0] = 1.0
        target = pos.piece_at(move.to_square)
        if target is not None and target.color != move.side and target.kind in KINDS:
            out[i, len(KINDS) + KINDS.index(target.kind)] = 1.0
        else:
            out[i, 2 * len(KINDS)] = 1.0
        out[i, 2 * len(KINDS) + 1] = move.promotion is not None
        out[i, 2 * len(KINDS) + 2] = move.san.endswith(("+", "#"))
        rank_step = move.to_square // files - move.from_square // files
        out[i, 2 * len(KINDS) + 3] = rank_step / 7.0 if move.side == "white" else -rank_step / 7.0
    return out


def run(variant: str, episodes: int, lr: float, seed: int, max_plies: int) -> list[float]:
    """Trains and returns each episode's reward (+1 win, 0 draw or cut, -1 loss)."""
    env = gymnasium.make("esoterica/Esoterica-v0", variant=variant, max_plies=max_plies)
    rng = np.random.default_rng(seed)
    theta = np.zeros(N_FEATURES)
    baseline = 0.0
    rewards = []
    for ep in range(episodes):
        obs, _ = env.reset(seed=seed + ep)
        grads = []
        done = False
        reward = 0.0
        while not done:
            pos = env.unwrapped.game.position
            actions = np.flatnonzero(obs["action_mask"])
            phi = features(pos, actions)
            logits = phi @ theta
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = rng.choice(len(actions), p=p)
            grads.append(phi[k] - p @ phi)
            obs, reward, terminated, truncated, _ = env.step(int(actions[k]))
            done = terminated or truncated
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        theta += lr * advantage * np.sum(grads, axis=0) / max(len(grads), 1)
        rewards.append(float(reward))
    return rewards


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="standard", choices=[v for v in esoterica.variants() if v != "big-outer"])
    ap.add_argument("--episodes", type=int, default=300)
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rewards = run(a.variant, a.episodes, a.lr, a.seed, a.max_plies)
    block = max(1, a.episodes // 10)
    for i in range(0, a.episodes, block):
        chunk = rewards[i : i + block]
        print(f"episodes {i + 1:>4}-{i + len(chunk):<4} mean reward {np.mean(chunk):+.2f}")


if __name__ == "__main__":
    main()

"""Self-play data collection: a bot plays both sides (Parity: both commit) and every
position is stored as (planes, action mask, action played, final score for the side to
act) in one compressed NumPy file, the usual input of a policy/value network.

    python examples/selfplay_data.py --variant force-field --games 20 --out /tmp/ff.npz
"""

from __future__ import annotations

import argparse

import numpy as np

import esoterica
from esoterica import Bot, Game


def collect(variant: str, games: int, bot_spec: str, max_plies: int, seed: int) -> dict[str, np.ndarray]:
    """Arrays `planes` (n × C × H × W float32), `mask` (n × A int8), `action` (n int64),
    `side` (n, 0 = White), `score` (n float32: 1 win, 0.5 draw or cut, 0 loss)."""
    planes, masks, actions, sides, game_of = [], [], [], [], []
    scores_per_game = []
    for g in range(games):
        bot = Bot(bot_spec, seed=seed + g)
        game = Game(variant)
        while game.outcome() is None and len(game) < max_plies:
            pos = game.position
            chosen = []
            for side in (["white", "black"] if pos.simultaneous else [pos.turn]):
                move = bot.commit(pos, side) if pos.simultaneous else bot.choose(pos)
                planes.append(pos.planes(side))
                masks.append(pos.action_mask(side))
                actions.append(pos.move_to_action(move))
                sides.append(0 if side == "white" else 1)
                game_of.append(g)
                chosen.append(move)
            if pos.simultaneous:
                game.play_turn(*chosen)
            else:
                game.play(chosen[0])
        outcome = game.outcome()
        scores_per_game.append(
            (outcome.score("white"), outcome.score("black")) if outcome else (0.5, 0.5)
        )
    side_arr = np.array(sides, np.int64)
    score = np.array([scores_per_game[g][s] for g, s in zip(game_of, sides)], np.float32)
    return {
        "planes": np.stack(planes),
        "mask": np.stack(masks),
        "action": np.array(actions, np.int64),
        "side": side_arr,
        "score": score,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="standard", choices=esoterica.variants())
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--bot", default="alphabeta:1")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="selfplay.npz")
    a = ap.parse_args()
    data = collect(a.variant, a.games, a.bot, a.max_plies, a.seed)
    np.savez_compressed(a.out, **data)
    print(f"{len(data['action'])} positions from {a.games} games -> {a.out}")
    print("planes", data["planes"].shape, "mask", data["mask"].shape)


if __name__ == "__main__":
    main()

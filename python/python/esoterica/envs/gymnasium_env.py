"""A Gymnasium single-agent environment: one side of any variant against a built-in bot.

The agent plays ``agent_side``; the opponent is an :class:`esoterica.Bot` (``"random"``,
``"greedy"``, ``"alphabeta:N"``), seeded from the environment's RNG at each reset. In
Parity the agent's commit and the bot's (from the same start-of-turn position) resolve
together. Observations are ``{"observation": planes, "action_mask": mask}``, with
``relative=True`` from the agent's side of the board and with ``history=N`` the planes of
the last N positions (:meth:`esoterica.Game.planes`). An action that is not a legal move
ends the episode with reward -1, ``info["illegal_action"] = True`` and the rules' refusal
in ``info["reason"]``.

>>> import gymnasium
>>> import esoterica.envs.gymnasium_env  # registers "esoterica/Esoterica-v0"
>>> env = gymnasium.make("esoterica/Esoterica-v0", variant="force-field")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((22, 8, 8), 20)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
>>> reward, terminated
(0.0, False)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from esoterica import Bot, Game, action_size, planes_shape
from esoterica.envs import DEFAULT_MAX_PLIES, PLANE_BOUND


class EsotericaEnv(gymnasium.Env):
    """One side of a variant against a built-in bot."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: str = "standard",
        opponent: str = "random",
        agent_side: str = "white",
        max_plies: int = DEFAULT_MAX_PLIES,
        opponent_movetime_ms: int | None = None,
        render_mode: str | None = None,
        relative: bool = False,
        history: int = 1,
    ) -> None:
        if agent_side not in ("white", "black"):
            raise ValueError(f"agent_side is white or black, not {agent_side!r}")
        self.variant = variant
        self.opponent = opponent
        self.agent_side = agent_side
        self.other_side = "black" if agent_side == "white" else "white"
        self.max_plies = max_plies
        self.opponent_movetime_ms = opponent_movetime_ms
        self.render_mode = render_mode
        self.relative = relative
        self.history = history
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-PLANE_BOUND,
                    high=PLANE_BOUND,
                    shape=planes_shape(variant, history=history),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(action_size(variant),), dtype=np.int8
                ),
            }
        )
        self.action_space = spaces.Discrete(action_size(variant))
        self.game = Game(variant)
        self.bot = Bot(opponent)

    def _obs(self) -> dict[str, np.ndarray]:
        pos = self.game.position
        over = self.game.outcome() is not None
        mask = (
            np.zeros(self.action_space.n, dtype=np.int8)
            if over
            else pos.action_mask(self.agent_side)
        )
        planes = self.game.planes(self.agent_side, relative=self.relative, history=self.history)
        return {"observation": planes, "action_mask": mask}

    def _reward(self) -> float:
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == self.agent_side else -1.0

    def _opponent_move(self) -> None:
        pos = self.game.position
        move = self.bot.choose(pos, movetime_ms=self.opponent_movetime_ms)
        if move is not None:
            self.game.play(move)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.game = Game(self.variant)
        self.bot = Bot(self.opponent, seed=int(self.np_random.integers(2**63)))
        if not self.game.position.simultaneous and self.agent_side == "black":
            self._opponent_move()
        return self._obs(), {}

    def step(
        self, action: int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        pos = self.game.position
        try:
            move = pos.action_to_move(int(action), self.agent_side)
        except ValueError as e:
            obs = self._obs()
            obs["action_mask"] = np.zeros(self.action_space.n, dtype=np.int8)
            return obs, -1.0, True, False, {"illegal_action": True, "reason": str(e)}
        if pos.simultaneous:
            reply = self.bot.commit(
                pos, self.other_side, movetime_ms=self.opponent_movetime_ms
            )
            if self.agent_side == "white":
                self.game.play_turn(move, reply)
            else:
                self.game.play_turn(reply, move)
        else:
            self.game.play(move)
            if self.game.outcome() is None:
                self._opponent_move()
        terminated = self.game.outcome() is not None
        truncated = not terminated and len(self.game) >= self.max_plies
        info: dict[str, Any] = {}
        if terminated:
            info["outcome"] = self.game.outcome()
        return self._obs(), self._reward(), terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game.position)
        return None


gymnasium.register(
    id="esoterica/Esoterica-v0",
    entry_point="esoterica.envs.gymnasium_env:EsotericaEnv",
)

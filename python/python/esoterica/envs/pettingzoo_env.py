"""PettingZoo environments: AEC for the alternating variants, parallel for Parity.

Agents are ``"white"`` and ``"black"``. Each observes
``{"observation": planes, "action_mask": mask}`` (see :mod:`esoterica.envs`); in the AEC
environment the mask is all zeros for the agent not to move. A game that reaches
``max_plies`` plies (Parity: turns) is truncated for both agents.

Options: ``relative=True`` observes the board from the observing agent's side
(:meth:`esoterica.Position.planes`), ``history=N`` stacks the planes of the last N positions
(:meth:`esoterica.Game.planes`). An action outside the mask follows PettingZoo's chess
(``TerminateIllegalWrapper``): the game ends at once, terminated for both agents, with
reward -1 for the agent that played it and 0 for the other (in Parity -1 for each agent
whose commit was illegal); every agent's ``info`` then holds ``"illegal_action"`` (whether
that agent played it) and ``"reason"`` (the rules' refusal). With
``illegal_action="raise"`` the step raises :class:`esoterica.IllegalMoveError` instead and
changes nothing.

>>> from esoterica.envs.pettingzoo_env import aec_env
>>> env = aec_env("intrachange")
>>> env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('white', (37, 8, 8), 20)
>>> env.step(env.unwrapped.position.move_to_action("e2e4"))
>>> env.agent_selection
'black'
>>> env.step(0)                      # a1a1 is no move of Black's: Black loses
>>> env.rewards, env.infos["black"]["illegal_action"]
({'white': 0.0, 'black': -1.0}, True)

>>> from esoterica.envs.pettingzoo_env import parallel_env
>>> penv = parallel_env("parity", relative=True, history=2)
>>> obs, infos = penv.reset(seed=0)
>>> sorted(obs), int(obs["black"]["action_mask"].sum()), obs["black"]["observation"].shape
(['black', 'white'], 20, (44, 8, 8))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import AgentSelector

from esoterica import Game, IllegalMoveError, Position, action_size, planes_shape
from esoterica.envs import DEFAULT_MAX_PLIES, PLANE_BOUND

AGENTS = ["white", "black"]

#: What an action outside the mask does: end the game as a loss for its agent, or raise.
ILLEGAL_ACTIONS = ("lose", "raise")


def _check_illegal_action(illegal_action: str) -> str:
    if illegal_action not in ILLEGAL_ACTIONS:
        raise ValueError(f"illegal_action is 'lose' or 'raise', not {illegal_action!r}")
    return illegal_action


def _observation_space(variant: str, history: int = 1) -> spaces.Dict:
    return spaces.Dict(
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


def _rewards(game: Game) -> dict[str, float]:
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return {a: 0.0 for a in AGENTS}
    return {a: 1.0 if a == outcome.winner else -1.0 for a in AGENTS}


class EsotericaAECEnv(AECEnv):
    """An alternating variant (all but Parity) as a PettingZoo AEC environment."""

    metadata = {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "esoterica_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "standard",
        render_mode: str | None = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        relative: bool = False,
        history: int = 1,
        illegal_action: str = "lose",
    ) -> None:
        super().__init__()
        if Position(variant).simultaneous:
            raise ValueError(
                f"{variant} is played with simultaneous moves: use parallel_env"
            )
        self.variant = variant
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.relative = relative
        self.history = history
        self.illegal_action = _check_illegal_action(illegal_action)
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        self._obs_space = _observation_space(variant, history)
        self._act_space = spaces.Discrete(action_size(variant))
        self.game = Game(variant)
        self.position = self.game.position
        self.agent_selection = "white"
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if (
            agent == self.agent_selection
            and not self.terminations[agent]
            and self.game.outcome() is None
        ):
            mask = self.position.action_mask()
        else:
            mask = np.zeros(self._act_space.n, dtype=np.int8)
        planes = self.game.planes(agent, relative=self.relative, history=self.history)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.agents = AGENTS[:]
        self.game = Game(self.variant)
        self.position = self.game.position
        self._selector = AgentSelector(self.agents)
        self.agent_selection = self._selector.reset()
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            move = self.position.action_to_move(int(action), agent)
        except IllegalMoveError as e:
            if self.illegal_action == "raise":
                raise
            self.rewards = {a: -1.0 if a == agent else 0.0 for a in AGENTS}
            self.terminations = {a: True for a in AGENTS}
            self.infos = {a: {"illegal_action": a == agent, "reason": str(e)} for a in AGENTS}
            self._accumulate_rewards()
            return
        self.game.play(move)
        self.position = self.game.position
        if self.game.outcome() is not None:
            self.rewards = _rewards(self.game)
            self.terminations = {a: True for a in AGENTS}
            self.infos = {a: {"outcome": self.game.outcome()} for a in AGENTS}
        elif len(self.game) >= self.max_plies:
            self.truncations = {a: True for a in AGENTS}
        self.agent_selection = self.position.turn
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.position)
        return None

    def close(self) -> None:
        pass


class EsotericaParallelEnv(ParallelEnv):
    """Parity or Parity Single Occupation as a PettingZoo parallel environment: both
    agents commit at once, then the turn resolves."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1, "name": "esoterica_parity_v0"}

    def __init__(
        self,
        variant: str = "parity",
        render_mode: str | None = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        relative: bool = False,
        history: int = 1,
        illegal_action: str = "lose",
    ) -> None:
        if not Position(variant).simultaneous:
            raise ValueError(f"{variant} alternates moves: use aec_env")
        self.variant = variant
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.relative = relative
        self.history = history
        self.illegal_action = _check_illegal_action(illegal_action)
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        self._obs_space = _observation_space(variant, history)
        self._act_space = spaces.Discrete(action_size(variant))
        self.game = Game(variant)
        self.position = self.game.position

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        return {
            "observation": self.game.planes(agent, relative=self.relative, history=self.history),
            "action_mask": self.position.action_mask(agent),
        }

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.agents = AGENTS[:]
        self.game = Game(self.variant)
        self.position = self.game.position
        return {a: self._observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        commits = {}
        refusals = {}
        for a in AGENTS:
            try:
                commits[a] = self.position.action_to_move(int(actions[a]), a)
            except IllegalMoveError as e:
                if self.illegal_action == "raise":
                    raise
                refusals[a] = str(e)
        if refusals:
            reason = "; ".join(refusals.values())
            rewards = {a: -1.0 if a in refusals else 0.0 for a in self.agents}
            obs = {a: self._observe(a) for a in self.agents}
            infos = {a: {"illegal_action": a in refusals, "reason": reason} for a in self.agents}
            terminations = {a: True for a in self.agents}
            truncations = {a: False for a in self.agents}
            self.agents = []
            return obs, rewards, terminations, truncations, infos
        self.game.play_turn(commits["white"], commits["black"])
        self.position = self.game.position
        over = self.game.outcome() is not None
        cut = not over and len(self.game) >= self.max_plies
        rewards = _rewards(self.game)
        obs = {a: self._observe(a) for a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: cut for a in self.agents}
        infos: dict[str, dict[str, Any]] = {
            a: ({"outcome": self.game.outcome()} if over else {}) for a in self.agents
        }
        if over or cut:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.position)
        return None

    def close(self) -> None:
        pass


def aec_env(variant: str = "standard", **kwargs: Any) -> EsotericaAECEnv:
    """The AEC environment of an alternating variant (options: ``max_plies``,
    ``relative``, ``history``, ``illegal_action``, ``render_mode``)."""
    return EsotericaAECEnv(variant, **kwargs)


def parallel_env(variant: str = "parity", **kwargs: Any) -> EsotericaParallelEnv:
    """The parallel environment of Parity or Parity Single Occupation (options as for
    :func:`aec_env`)."""
    return EsotericaParallelEnv(variant, **kwargs)

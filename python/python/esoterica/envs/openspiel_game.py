"""Every variant as an OpenSpiel Python game, registered with ``pyspiel.register_game``.

Importing this module registers ``python_esoterica_<variant>`` for each variant (dashes
become underscores: ``python_esoterica_big_outer``). The alternating variants are
sequential games; Parity and Parity Single Occupation are simultaneous-move games (both
players act in every state). Actions are the board shape's fixed action space
(:func:`esoterica.action_size`); the observation tensor is the planes of
:meth:`esoterica.Position.planes` flattened, seen by the observing player (0 = White,
1 = Black). Returns are +1/-1/0 at the end; a game reaching ``max_game_length`` plies
(parameter ``max_plies``; Parity: turns) ends as a draw.

>>> import pyspiel
>>> import esoterica.envs.openspiel_game
>>> game = pyspiel.load_game("python_esoterica_standard")
>>> state = game.new_initial_state()
>>> len(state.legal_actions()), state.current_player()
(20, 0)
>>> state.apply_action(state.legal_actions()[0])
>>> str(state).splitlines()[-1]
'R.BQKBNR'
>>> parity = pyspiel.load_game("python_esoterica_parity")
>>> s = parity.new_initial_state()
>>> s.is_simultaneous_node()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from esoterica import Game, action_size, planes_shape, variants
from esoterica.envs import DEFAULT_MAX_PLIES

_SIDES = ("white", "black")


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a variant's game."""
    return "python_esoterica_" + variant.replace("-", "_")


def _make_game_class(variant: str) -> type[pyspiel.Game]:
    simultaneous = Game(variant).position.simultaneous
    game_type = pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"Esoterica {variant}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"max_plies": DEFAULT_MAX_PLIES},
    )

    class EsotericaGame(pyspiel.Game):
        """An Esoterica variant as an OpenSpiel game."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
            info = pyspiel.GameInfo(
                num_distinct_actions=action_size(variant),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=max_plies,
            )
            super().__init__(game_type, info, params)
            self.variant = variant
            self.max_plies = max_plies

        def new_initial_state(self) -> EsotericaState:
            return EsotericaState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: Any = None
        ) -> PlanesObserver:
            perfect_recall = bool(
                iig_obs_type is not None and iig_obs_type.perfect_recall
            )
            return PlanesObserver(variant, perfect_recall)

        def __reduce__(self) -> tuple[Any, tuple[str, dict[str, int]]]:
            return (load_game, (variant, {"max_plies": self.max_plies}))

    EsotericaGame.__name__ = "EsotericaGame_" + variant.replace("-", "_")
    return EsotericaGame


class EsotericaState(pyspiel.State):
    """A game in progress: an :class:`esoterica.Game` and the ply cap."""

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self.record = Game(game.variant)
        self.max_plies = game.max_plies
        self.simultaneous = self.record.position.simultaneous

    def _done(self) -> bool:
        return self.record.outcome() is not None or len(self.record) >= self.max_plies

    def current_player(self) -> int:
        if self._done():
            return pyspiel.PlayerId.TERMINAL
        if self.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return _SIDES.index(self.record.turn)

    def _legal_actions(self, player: int) -> list[int]:
        if self._done():
            return []
        pos = self.record.position
        side = _SIDES[player]
        if not self.simultaneous and side != pos.turn:
            return []
        return [int(a) for a in pos.legal_actions(side)]

    def _apply_action(self, action: int) -> None:
        self.record.play(self.record.position.action_to_move(int(action)))

    def _apply_actions(self, actions: list[int]) -> None:
        pos = self.record.position
        white = pos.action_to_move(int(actions[0]), "white")
        black = pos.action_to_move(int(actions[1]), "black")
        self.record.play_turn(white, black)

    def _action_to_string(self, player: int, action: int) -> str:
        pos = self.record.position
        try:
            return pos.action_to_move(int(action), _SIDES[player]).uci
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._done()

    def returns(self) -> list[float]:
        outcome = self.record.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == "white" else [-1.0, 1.0]

    def __str__(self) -> str:
        return str(self.record.position)

    def __reduce__(self) -> tuple[Any, tuple[pyspiel.Game, str]]:
        return (_deserialize_state, (self.get_game(), self.serialize()))


def load_game(variant: str, params: dict[str, int] | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of a variant's game (``params``: ``{"max_plies": n}``); games
    and states pickle through it, by name and parameters, and by their actions so far."""
    return pyspiel.load_game(game_name(variant), dict(params or {}))


def _deserialize_state(game: pyspiel.Game, text: str) -> pyspiel.State:
    return game.deserialize_state(text)


class PlanesObserver:
    """The observer of an Esoterica game: the planes, flattened, seen by a player; as a
    string the position text, or with perfect recall (the information state) the moves
    so far in coordinate form followed by the position text."""

    def __init__(self, variant: str, perfect_recall: bool = False) -> None:
        self.perfect_recall = perfect_recall
        shape = planes_shape(variant)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"planes": self.tensor.reshape(shape)}

    def set_from(self, state: EsotericaState, player: int) -> None:
        self.tensor[:] = state.record.position.planes(_SIDES[player]).ravel()

    def string_from(self, state: EsotericaState, player: int) -> str:
        text = state.record.position.text()
        if not self.perfect_recall:
            return text
        moves = [
            "/".join(m.uci for m in entry) if isinstance(entry, tuple) else entry.uci
            for entry in state.record.moves
        ]
        return " ".join([*moves, "|", text])


GAME_CLASSES: dict[str, type[pyspiel.Game]] = {}
for _variant in variants():
    GAME_CLASSES[_variant] = _make_game_class(_variant)
    if game_name(_variant) not in pyspiel.registered_names():
        pyspiel.register_game(
            GAME_CLASSES[_variant]({}).get_type(), GAME_CLASSES[_variant]
        )

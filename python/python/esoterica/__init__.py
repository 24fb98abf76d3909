"""Esoterica: chess variants for Python.

The rules core of Esoterica (Standard, Intrachange, Force Field, Parity, Parity Single
Occupation, Big Outer, Bully, Nonviolent), its bots and notation, compiled from Rust, with
views for learning (observation planes, a fixed action space per board shape) and
environments for Gymnasium (:mod:`esoterica.envs.gymnasium_env`), PettingZoo
(:mod:`esoterica.envs.pettingzoo_env`) and OpenSpiel (:mod:`esoterica.envs.openspiel_game`).

>>> import esoterica
>>> p = esoterica.Position("intrachange")
>>> [e.text for e in p.play("e2e4")]
['step White Pawn e2 e4', 'teleport White Pawn e4 e6']
>>> esoterica.variants()
['standard', 'intrachange', 'force-field', 'parity', 'parity-single', 'big-outer', 'bully', 'nonviolent']
"""

from esoterica._esoterica import (
    Bot,
    BotError,
    Capture,
    ChargesChanged,
    Check,
    Effect,
    EsotericaError,
    FailedCapture,
    FailedCheck,
    Game,
    GameOver,
    IllegalMoveError,
    Move,
    MoveList,
    MoveTextError,
    Outcome,
    PassThrough,
    PawnPasses,
    PgnError,
    Piece,
    Position,
    PositionError,
    Promote,
    SearchResult,
    Shared,
    Step,
    Teleport,
    action_size,
    nnue_bucket,
    nnue_evaluate,
    nnue_info,
    nnue_inputs,
    nnue_layout,
    nnue_read,
    nnue_write,
    planes_layout,
    planes_shape,
    promotion_kinds,
    variants,
)

import collections.abc as _abc

_abc.Sequence.register(MoveList)

__version__ = "0.1.0"

__all__ = [
    "Bot",
    "BotError",
    "Capture",
    "ChargesChanged",
    "Check",
    "Effect",
    "EsotericaError",
    "FailedCapture",
    "FailedCheck",
    "Game",
    "GameOver",
    "IllegalMoveError",
    "Move",
    "MoveList",
    "MoveTextError",
    "Outcome",
    "PassThrough",
    "PawnPasses",
    "PgnError",
    "Piece",
    "Position",
    "PositionError",
    "Promote",
    "SearchResult",
    "Shared",
    "Step",
    "Teleport",
    "action_size",
    "nnue_bucket",
    "nnue_evaluate",
    "nnue_info",
    "nnue_inputs",
    "nnue_layout",
    "nnue_read",
    "nnue_write",
    "planes_layout",
    "planes_shape",
    "promotion_kinds",
    "variants",
]

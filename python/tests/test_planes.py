"""Observation planes and the action space."""

from __future__ import annotations

import random

import numpy as np
import pytest

import esoterica
from esoterica import Game, Position, action_size, planes_layout


def channel(variant: str, name: str) -> int:
    return planes_layout(variant).index(name)


def test_standard_planes_hold_pieces_side_castling_en_passant_and_clock() -> None:
    p = Position("standard", "4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 7 20")
    x = p.planes()
    assert x.dtype == np.float32 and x.shape == (19, 8, 8)
    assert x[channel("standard", "white-pawn"), 4, 4] == 1.0  # e5: rank 5, file e
    assert x[channel("standard", "black-pawn"), 4, 3] == 1.0
    assert x[channel("standard", "white-rook"), 0, 0] == 1.0
    assert x[channel("standard", "side-white")].min() == 1.0
    assert p.planes("black")[channel("standard", "side-white")].max() == 0.0
    assert x[channel("standard", "castle-white-long")].min() == 1.0
    assert x[channel("standard", "castle-white-short")].max() == 0.0
    assert np.argwhere(x[channel("standard", "en-passant")]).tolist() == [[5, 3]]
    assert x[channel("standard", "halfmove-clock"), 0, 0] == pytest.approx(0.07)
    assert x[:12].sum() == 5


def test_force_field_planes_carry_the_charges() -> None:
    p = Position("force-field")
    x = p.planes()
    e3 = (2, 4)
    assert x[channel("force-field", "charge-net"), e3[0], e3[1]] == 3.0
    assert x[channel("force-field", "charge-white"), e3[0], e3[1]] == 3.0
    assert x[channel("force-field", "charge-black"), e3[0], e3[1]] == 0.0
    nets = np.array(p.charges(), dtype=np.float32).reshape(8, 8)
    assert (x[channel("force-field", "charge-net")] == nets).all()


def test_intrachange_planes_carry_hexagrams_and_teleport_triggers() -> None:
    p = Position("intrachange")
    x = p.planes()
    lines = x[channel("intrachange", "hexagram-line-1") : channel("intrachange", "hexagram-line-6") + 1]
    numbers = (lines * (2 ** np.arange(6)).reshape(6, 1, 1)).sum(axis=0)
    assert numbers[0, 0] == 9 and numbers[4, 4] == 0 and numbers[3, 3] == 63
    trig = x[channel("intrachange", "teleport-white-pawn")]
    assert trig[3, 4] == 1.0  # e4 sends a White Pawn to e6
    for square in range(64):
        dest = p.teleport_destination(square, esoterica.Piece("white", "pawn"))
        assert trig[square // 8, square % 8] == (dest is not None)


def test_parity_planes_show_resting_and_shared_squares() -> None:
    text = "rnbqkbnr/1ppp1pp1/p6p/4[Np]3/8/3P4/PPP1PPPP/RNBQKB1R w KQkq - 0 4 e5/e5"
    x = Position("parity", text).planes()
    e5 = (4, 4)
    for name in ["white-knight", "black-pawn", "resting-white", "resting-black", "shared"]:
        assert x[channel("parity", name), e5[0], e5[1]] == 1.0, name
    assert x[channel("parity", "shared")].sum() == 1.0


def test_big_outer_planes_place_corners_and_zones() -> None:
    p = Position("big-outer")
    x = p.planes()
    assert x.shape == (28, 14, 14)
    on = x[channel("big-outer", "on-board")]
    assert on.sum() == 148 and on[0, 1] == 0.0 and on[0, 0] == 1.0 and on[13, 0] == 1.0
    assert x[channel("big-outer", "zone-central")].sum() == 16
    assert x[channel("big-outer", "zone-mid")].sum() == 48
    assert x[channel("big-outer", "white-outer-knight"), 0, 13] == 1.0  # C2
    assert x[channel("big-outer", "black-outer-knight"), 13, 0] == 1.0  # C4
    assert x[channel("big-outer", "white-jumper"), 1, 1] == 1.0  # a1
    assert (x * (1 - on)).sum() == 0


def test_documented_shapes_and_action_sizes() -> None:
    assert action_size("standard") == 5 * 64 * 64
    assert action_size("big-outer") == 8 * 148 * 148
    assert esoterica.promotion_kinds("standard") == ["queen", "rook", "bishop", "knight"]
    for v in esoterica.variants():
        assert Position(v).planes().shape == esoterica.planes_shape(v)
        assert len(planes_layout(v)) == esoterica.planes_shape(v)[0]


@pytest.mark.parametrize("variant", esoterica.variants())
def test_every_legal_move_has_its_own_action_both_ways(variant: str) -> None:
    rng = random.Random(variant)
    game = Game(variant)
    for _ in range(60):
        if game.outcome() is not None:
            break
        pos = game.position
        sides = ["white", "black"] if pos.simultaneous else [pos.turn]
        chosen = []
        for side in sides:
            moves = list(pos.legal_commits(side))
            actions = [pos.move_to_action(m) for m in moves]
            assert len(set(actions)) == len(actions)
            assert sorted(actions) == pos.legal_actions(side).tolist()
            mask = pos.action_mask(side)
            assert mask.dtype == np.int8 and mask.sum() == len(moves)
            assert all(mask[a] == 1 for a in actions)
            assert [pos.action_to_move(a, side) for a in actions] == moves
            chosen.append(rng.choice(moves))
        if pos.simultaneous:
            game.play_turn(*chosen)
        else:
            game.play(chosen[0])

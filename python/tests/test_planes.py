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


def _mirror_fen(fen: str) -> str:
    """The colour-mirrored position (python-chess's ``Board.mirror``)."""
    import chess

    return chess.Board(fen).mirror().fen()


def test_relative_planes_from_black_are_the_mirrored_position_from_white() -> None:
    rng = random.Random(4)
    game = Game("standard")
    side_white = planes_layout("standard", relative=True).index("side-white")
    checked = 0
    while checked < 40 and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
        pos = game.position
        if pos.turn != "black":
            continue
        ours = pos.planes("black", relative=True)
        theirs = Position("standard", _mirror_fen(pos.text())).planes("white", relative=True)
        mask = np.ones(ours.shape[0], dtype=bool)
        mask[side_white] = False
        assert (ours[mask] == theirs[mask]).all(), pos.text()
        assert ours[side_white].max() == 0.0 and theirs[side_white].min() == 1.0
        checked += 1
    assert checked == 40
    # From White's side the relative planes are the absolute ones.
    assert (game.position.planes("white", relative=True) == game.position.planes("white")).all()


def test_relative_layouts_name_the_own_and_the_opponents_planes() -> None:
    assert planes_layout("standard", relative=True)[:2] == ["own-pawn", "own-knight"]
    assert planes_layout("standard", relative=True)[12:17] == [
        "side-white", "castle-own-short", "castle-own-long", "castle-opponent-short",
        "castle-opponent-long"]
    assert planes_layout("force-field", relative=True)[19:] == [
        "charge-own", "charge-opponent", "charge-net"]
    assert planes_layout("parity", relative=True)[19:] == [
        "resting-own", "resting-opponent", "shared"]
    assert planes_layout("intrachange", relative=True)[25] == "teleport-own-pawn"
    for v in esoterica.variants():
        assert len(planes_layout(v, relative=True)) == esoterica.planes_shape(v)[0]


def test_relative_planes_flip_force_field_charges_and_the_big_outer_grid() -> None:
    p = Position("force-field")
    x = p.planes("black", relative=True)
    absolute = p.planes("black")
    net = planes_layout("force-field").index("charge-net")
    own = planes_layout("force-field", relative=True).index("charge-own")
    black = planes_layout("force-field").index("charge-black")
    assert (x[net] == -absolute[net][::-1]).all()
    assert (x[own] == absolute[black][::-1]).all()
    b = Position("big-outer")
    y = b.planes("black", relative=True)
    lay = planes_layout("big-outer", relative=True)
    # Black's outer knights on C3 and C4 (grid corners (13, 13) and (13, 0)) are seen in the
    # corners of Black's side of the grid, row 0, where White's own stand for White.
    white_view = b.planes("white", relative=True)
    assert (y[lay.index("own-outer-knight")] == white_view[lay.index("own-outer-knight")]).all()
    assert y[lay.index("own-outer-knight"), 0, 0] == 1.0 == y[lay.index("own-outer-knight"), 0, 13]
    assert y[lay.index("own-king")].sum() == 1 and y[lay.index("on-board")].sum() == 148
    king_row = int(np.argwhere(y[lay.index("own-king")])[0][0])
    black_king = b.planes()[planes_layout("big-outer").index("black-king")]
    assert king_row == 13 - int(np.argwhere(black_king)[0][0])


def test_game_planes_stack_the_last_positions_newest_first() -> None:
    g = Game("standard")
    for m in ["e4", "e5", "Nf3"]:
        g.play(m)
    x = g.planes(history=5)
    c = esoterica.planes_shape("standard")[0]
    assert x.shape == (5 * c, 8, 8) == esoterica.planes_shape("standard", history=5)
    for t in range(4):
        seen = g.position_after(len(g) - t).planes(g.turn)
        assert (x[t * c:(t + 1) * c] == seen).all(), t
    assert x[4 * c:].max() == 0.0  # before the start: zeros
    layout = planes_layout("standard", history=5)
    assert layout[:c] == planes_layout("standard") and layout[c] == "white-pawn@1"
    assert layout[-1] == "halfmove-clock@4"
    assert (g.planes() == g.position.planes()).all()
    rel = g.planes("white", relative=True, history=2)
    assert (rel[c:] == g.position_after(2).planes("white", relative=True)).all()
    p = Game("parity")
    p.play_turn("e4", "d5")
    assert (p.planes("black", history=2)[22:] == Position("parity").planes("black")).all()
    for bad in [0, -1, 65]:
        with pytest.raises(ValueError, match="history"):
            g.planes(history=bad)

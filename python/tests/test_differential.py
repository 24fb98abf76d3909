"""Python's legal moves and perft equal the command line's (`esoterica moves` / `perft`,
the binary built without Bevy) on the same positions in every variant: the initial
position, positions reached by seeded random play, and hand-picked ones; for Parity the
commits of each side."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

import esoterica
from esoterica import Game, Position

#: Hand-picked positions: castling, en passant, promotion, shared squares, resting
#: pieces, fields, corners.
EXTRA = {
    "standard": [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    ],
    "intrachange": ["7k/b7/8/8/n7/8/8/R6K w - - 0 1"],
    "force-field": ["r3k2r/8/8/3q4/8/8/8/R3K2R w KQkq - 0 1"],
    "parity": [
        "rnbqkbnr/1ppp1pp1/p6p/4[Np]3/8/3P4/PPP1PPPP/RNBQKB1R w KQkq - 0 4 e5/e5",
        "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5",
    ],
    "parity-single": [
        "rnbqkbnr/1ppp1pp1/p6p/4[Np]3/8/3P4/PPP1PPPP/RNBQKB1R w KQkq - 0 4 e5/e5",
    ],
    "big-outer": [
        "jrmgbqkbgmrj/pppppppppppp/10n1/n11/12/12/12/12/11N/12/PPPPPPPPPPPP/JRMGBKQBGMRJ N--- b KQkq - 5 3",
        "jrmgbqkbgmrj/1ppppp1ppppp/p11/6P5/12/12/12/12/12/12/PPPPP1PPPPPP/JRMGBKQBGMRJ NNnn b KQkq - 0 3",
    ],
    "bully": ["4k3/8/8/3q4/4N3/8/8/4K3 w - - 0 1"],
    "nonviolent": ["4k3/8/8/3q4/4N3/8/8/4K3 w - - 0 1"],
}


def positions(variant: str) -> list[str]:
    """The initial position, three positions of seeded random games, and the extras."""
    texts = [Position(variant).text()]
    for seed, plies in [(1, 6), (2, 17), (3, 40)]:
        rng = random.Random(seed)
        game = Game(variant)
        for _ in range(plies):
            if game.outcome() is not None:
                break
            before = game.position.text()
            if game.position.simultaneous:
                game.play_turn(
                    rng.choice(game.legal_commits("white")),
                    rng.choice(game.legal_commits("black")),
                )
            else:
                game.play(rng.choice(game.legal_moves()))
            if game.outcome() is not None:
                game.undo()
                assert game.position.text() == before
                break
        texts.append(game.position.text())
    return texts + EXTRA[variant]


def run(cli: Path, *args: str) -> list[str]:
    out = subprocess.run([str(cli), *args], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


@pytest.mark.parametrize("variant", esoterica.variants())
def test_legal_moves_equal_the_command_line(cli: Path, variant: str) -> None:
    checked = 0
    for text in positions(variant):
        pos = Position(variant, text)
        sides = ["white", "black"] if pos.simultaneous else [pos.turn]
        for side in sides:
            ours = sorted(m.uci for m in pos.legal_commits(side))
            if pos.outcome() is not None:
                ours = []
            theirs = run(cli, "moves", "--variant", variant, "--position", text, "--side", side)
            assert ours == theirs, (variant, text, side)
            assert ours, (variant, text, side)
            checked += 1
    assert checked >= (10 if variant.startswith("parity") else 5)


@pytest.mark.parametrize("variant", esoterica.variants())
def test_perft_equals_the_command_line(cli: Path, variant: str) -> None:
    depth = 1 if variant.startswith("parity") else 2
    for text in positions(variant):
        pos = Position(variant, text)
        theirs = run(cli, "perft", "--variant", variant, "--depth", str(depth), "--position", text)
        assert theirs[-1] == f"nodes {pos.perft(depth)}", (variant, text)


def test_parity_depth_two_and_big_outer_depth_three_equal_the_command_line(cli: Path) -> None:
    for variant, depth in [("parity", 2), ("big-outer", 3)]:
        pos = Position(variant)
        theirs = run(cli, "perft", "--variant", variant, "--depth", str(depth))
        assert theirs[-1] == f"nodes {pos.perft(depth)}"

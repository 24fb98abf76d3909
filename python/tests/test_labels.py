"""`scripts/sf-labels.py` labels the quiet positions of real games with Stockfish, and
`esoterica tune --labels` fits the weights to what it writes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import chess

REPO = Path(__file__).resolve().parents[2]
STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")


def test_labels_of_two_games_are_quiet_positions_with_scores_tune_reads(cli, tmp_path):
    assert os.access(STOCKFISH, os.X_OK), f"no Stockfish at {STOCKFISH}: apt-get install stockfish"
    pgn = tmp_path / "games.pgn"
    subprocess.run(
        [
            str(cli), "match", "--variant", "standard", "--white", "alphabeta:2",
            "--black", "alphabeta:1", "--games", "2", "--nodes", "300", "--jobs", "1",
            "--pgn", str(pgn),
        ],
        check=True,
        capture_output=True,
    )
    out = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "sf-labels.py"), "--engine", STOCKFISH,
         "--depth", "4", str(pgn)],
        check=True,
        capture_output=True,
        text=True,
    )
    lines = out.stdout.splitlines()
    assert lines, out.stderr
    assert out.stderr.strip().endswith(f"{len(lines)} positions labelled")
    fens = set()
    for line in lines:
        fen, score = line.rsplit(";", 1)
        board = chess.Board(fen)
        assert not board.is_check(), line
        assert 0.0 <= float(score) <= 1.0, line
        fens.add(board.epd())
    # Each position once; the first eight plies of each game are left out.
    assert len(fens) == len(lines)
    assert chess.Board().epd() not in fens
    labels = tmp_path / "labels.txt"
    labels.write_text(out.stdout)
    tuned = subprocess.run(
        [str(cli), "tune", "--variant", "standard", "--labels", str(labels)],
        capture_output=True,
        text=True,
    )
    assert tuned.returncode == 0, tuned.stderr
    assert tuned.stdout.startswith(f"standard: {len(lines)} labelled positions\n"), tuned.stdout
    assert "\nk = " in tuned.stdout
    # A score out of range names its file and line and exits 1.
    labels.write_text(lines[0].rsplit(";", 1)[0] + ";2\n")
    bad = subprocess.run(
        [str(cli), "tune", "--variant", "standard", "--labels", str(labels)],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1
    assert "labels.txt: line 1: score `2`" in bad.stderr, bad.stderr

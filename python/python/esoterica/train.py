"""Trains a variant's network for the engine's learned evaluation (level 9).

    python -m esoterica.train --variant V --data V.npz --out V.nnue [options]

Three steps, each skippable:

1. **Positions** (``--games N``, 0 to skip): self-play games of ``alphabeta:8`` at a fixed
   node budget (``--play-nodes``) after ``--random-plies`` random first moves and
   ``--varied-plies`` moves of a level with noise (``--varied-bot``, default
   ``alphabeta:3``: a move its search scores at most 90 centipawns below its best), so
   the games are many and their positions plausible. Each position after the random
   moves, with probability ``--sample``, is labelled by a deeper search of the same
   bot (``--label-nodes``; the move it finds is then the one played), or for standard
   chess by Stockfish (``--stockfish PATH --sf-depth D``; with ``--play-label-move`` the
   game then plays Stockfish's best move, with no search of our own). Positions in check, positions
   whose best move takes a piece, and mate scores are not kept. A game ends by the rules,
   at ``--max-plies``, or when the labels say one side is winning by ``--adjudicate``
   centipawns four positions in a row. The positions are added to ``--data`` every
   ``--save-every`` games (a ``.npz`` file: the network inputs of both perspectives, the
   piece count, the label in centipawns and the game's result, both from the side to
   move (Parity: from the side labelled), the position's text and that side, and the
   layout's feature count). A data file whose feature count is not the layout's (the
   layout changed since it was made), or that has none, has its inputs computed again
   from the positions' texts when it is read (``refeature``).
2. **Training** (``--epochs N``, 0 to skip): numpy and scipy on the CPU. The network is
   the engine's (``src/bots/nnue/network.rs``): the features into ``--hidden`` units per
   perspective, a squared clipped ReLU, one output per ``--buckets`` bucket of the piece
   count, times ``--scale`` centipawns, plus a linear term per feature. The loss is the
   mean squared error between ``sigmoid(cp / K)`` of the prediction and of the target,
   the target ``lambda × label + (1 − lambda) × result`` in that space (``--lambda``,
   ``K`` = ``--sigmoid-cp``). Adam, the learning rate halved every ``--lr-halve`` epochs.
   Weights are kept inside the ranges the engine's integers hold; the last
   ``--qat-epochs`` epochs compute the forward pass on the weights rounded as the file
   holds them (quantisation-aware training); ``--decay`` is AdamW's weight decay on the
   hidden layer. Validation holds out the positions of one game in 20; the epoch with the
   lowest validation loss is kept (of the quantisation-aware ones, when there are any).
   ``--mirror`` (standard chess) also trains on each training position without castling
   rights reflected across the middle file, where the rules are the same.
   ``--init FILE`` starts from that network file's weights rather than random ones (to
   go on training a shipped network on new positions); its validation loss is epoch 0,
   kept if no epoch does better. ``--score NET …`` prints each network file's loss on
   the held-out games the same ``--seed`` and ``--lambda`` validate on (a fit's epoch 0
   when it is the ``--init`` network), to compare networks on one file's unseen games
   before or instead of training.
3. **Export** (``--out``): the network quantised and written by the engine's own code
   (``esoterica.nnue_write``), then read back and checked: the engine's integer score of
   validation positions against the float network's. The loss curve goes to ``--plot``
   (PNG, matplotlib).

The inputs come from the engine's ``Layout`` (``esoterica.nnue_inputs``), so the features
used in training are the features the search reads. In Parity and Single Occupation a
turn is both sides' commits: each side's position is labelled by the value of its commit
matrix (``play_simultaneous_game``), from its own perspective.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import esoterica
from esoterica import Bot, Game, Position

MATE_CP = 20_000


@dataclass
class GenSettings:
    """How positions are made and labelled."""

    variant: str
    play_nodes: int
    label_nodes: int
    sample: float
    random_plies: int
    varied_plies: int
    varied_bot: str
    max_plies: int
    adjudicate: int
    stockfish: str | None
    sf_depth: int
    play_label_move: bool = False


def _is_capture(pos: Position, uci: str, side: str | None = None) -> bool:
    """Whether the move `uci` of `side` (default: the side to move) lands on a piece of
    the other side (the common case of a capture; a teleport's capture elsewhere is not
    seen)."""
    side = side or pos.turn
    mv = pos.parse_move(uci, side)
    target = pos.piece_at(mv.to_square)
    return target is not None and target.color != side


class _Stockfish:
    """Stockfish labels for standard chess, over UCI through a pipe. The output is read
    by hand (the last ``info ... score`` line before ``bestmove``): python-chess's engine
    wrapper parses and checks every line's principal variation, which costs this process
    as much time as Stockfish's search at depth 7."""

    def __init__(self, path: str, depth: int) -> None:
        import subprocess

        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.depth = depth
        self._send("uci")
        self._until("uciok")
        self._send("setoption name Threads value 1")
        self._send("setoption name Hash value 16")
        self._send("isready")
        self._until("readyok")

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _until(self, word: str) -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"Stockfish ended before '{word}'")
            lines.append(line)
            if line.startswith(word):
                return lines

    def label(self, fen: str) -> tuple[int | None, str | None]:
        """Stockfish's score of `fen` in centipawns from the side to move (None for a mate
        score) and its best move (UCI), searched to the depth."""
        self._send(f"position fen {fen}")
        self._send(f"go depth {self.depth}")
        lines = self._until("bestmove")
        words = lines[-1].split()
        best = words[1] if len(words) > 1 and words[1] != "(none)" else None
        for line in reversed(lines[:-1]):
            w = line.split()
            if "score" not in w or "lowerbound" in w or "upperbound" in w:
                continue
            i = w.index("score")
            if w[i + 1] == "mate":
                return None, best
            return int(w[i + 2]), best
        return None, best

    def close(self) -> None:
        try:
            self._send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


_ENGINE: _Stockfish | None = None


def _stockfish(settings: GenSettings) -> _Stockfish:
    """This process's Stockfish, started on first use (one per worker, ended with it)."""
    global _ENGINE
    if _ENGINE is None:
        import atexit

        _ENGINE = _Stockfish(settings.stockfish or "", settings.sf_depth)
        atexit.register(_ENGINE.close)
    return _ENGINE


def _with_results(game: Game, adjudicated: str | None, kept: list[tuple], seed: int) -> list[tuple]:
    """The kept positions (us, them, pieces, label, side, text) of a game seeded with
    `seed` as rows (us, them, pieces, label, result, text, seed, side): the result for
    the row's side from the game's outcome, else the side `adjudicated` the win, else a
    draw."""
    outcome = game.outcome()
    final = outcome.winner if outcome is not None else adjudicated
    rows = []
    for us, them, pieces, label, side, text in kept:
        result = 0.5 if final is None else (1.0 if final == side else 0.0)
        rows.append((us, them, pieces, label, result, text, seed, side))
    return rows


def play_game(settings: GenSettings, seed: int) -> list[tuple]:
    """One self-play game seeded with `seed`; the kept positions as (us, them, pieces,
    label, result, text, seed, side), the label and result from the side to move."""
    rng = random.Random(seed)
    game = Game(settings.variant)
    bot = Bot("alphabeta:8", seed=seed)
    varied_bot = Bot(settings.varied_bot, seed=seed)
    sf = _stockfish(settings) if settings.stockfish else None
    kept: list[tuple] = []  # (us, them, pieces, label, side, text)
    winning = 0
    winner: str | None = None
    for ply in range(settings.max_plies):
        if game.outcome() is not None:
            break
        pos = game.position
        legal = pos.legal_moves()
        if len(legal) == 0:
            break
        if ply < settings.random_plies:
            game.play(legal[rng.randrange(len(legal))])
            continue
        varied = ply < settings.random_plies + settings.varied_plies
        labelled = rng.random() < settings.sample
        label: int | None = None
        best: str | None = None
        move: str | None = None
        if labelled and sf is not None:
            label, best = sf.label(pos.text())
            if not varied and settings.play_label_move and best is not None:
                move = best
            elif not varied:
                r = bot.search(pos, nodes=settings.play_nodes)
                move = r.move.uci if r.move is not None else None
        elif labelled:
            r = bot.search(pos, nodes=settings.label_nodes)
            move = r.move.uci if r.move is not None else None
            label = r.score
            best = move
            if r.mate is not None:
                label = MATE_CP if r.mate > 0 else -MATE_CP
        elif not varied:
            r = bot.search(pos, nodes=settings.play_nodes)
            move = r.move.uci if r.move is not None else None
        if varied:
            chosen = varied_bot.choose(pos)
            move = chosen.uci if chosen is not None else move
        if move is None:
            break
        if label is not None:
            quiet = (
                not pos.in_check()
                and abs(label) < MATE_CP
                and (best is None or not _is_capture(pos, best))
            )
            if quiet:
                us, them, pieces = esoterica.nnue_inputs(pos)
                kept.append((us, them, pieces, label, pos.turn, pos.text()))
            # Adjudication: one side winning by the margin four labels in a row.
            if abs(label) >= settings.adjudicate:
                side = pos.turn if label > 0 else ("black" if pos.turn == "white" else "white")
                winning = winning + 1 if side == winner else 1
                winner = side
                if winning >= 4:
                    break
            else:
                winning, winner = 0, None
        game.play(move)
    return _with_results(game, winner if winning >= 4 else None, kept, seed)


def play_simultaneous_game(settings: GenSettings, seed: int) -> list[tuple]:
    """One self-play game of Parity or Single Occupation seeded with `seed`, as
    `play_game`, a turn being both sides' commits (two plies): random commits for the
    first ``--random-plies``, the varied bot's for the next ``--varied-plies``, then
    ``alphabeta:8``'s. Each side's position is labelled with probability ``--sample`` by
    its commit search at ``--label-nodes`` (the value of its commit matrix for that side,
    ``rules/parity.md`` and ``docs/BOTS.md``), whose commit is then played; the inputs
    are read from that side's perspective and the label and result are that side's. A
    side whose King is in check, whose commit lands on an enemy piece, or whose value is a
    mate is not kept."""
    rng = random.Random(seed)
    game = Game(settings.variant)
    bot = Bot("alphabeta:8", seed=seed)
    varied_bot = Bot(settings.varied_bot, seed=seed)
    kept: list[tuple] = []  # (us, them, pieces, label, side, text)
    winning = 0
    winner: str | None = None
    for turn in range(settings.max_plies // 2):
        if game.outcome() is not None or winning >= 4:
            break
        pos = game.position
        commits: dict[str, str] = {}
        for side in ("white", "black"):
            legal = pos.legal_commits(side)
            if len(legal) == 0:
                break
            ply = 2 * turn
            if ply < settings.random_plies:
                commits[side] = legal[rng.randrange(len(legal))].uci
                continue
            if ply < settings.random_plies + settings.varied_plies:
                chosen = varied_bot.commit(pos, side, nodes=settings.play_nodes)
                commits[side] = (chosen or legal[0]).uci
                continue
            labelled = rng.random() < settings.sample
            nodes = settings.label_nodes if labelled else settings.play_nodes
            r = bot.search(pos, side, nodes=nodes)
            if r.move is None:
                break
            commits[side] = r.move.uci
            if not labelled or (r.score is None and r.mate is None):
                continue
            label = r.score if r.mate is None else (MATE_CP if r.mate > 0 else -MATE_CP)
            quiet = (
                not pos.in_check(side)
                and abs(label) < MATE_CP
                and not _is_capture(pos, r.move.uci, side)
            )
            if quiet:
                us, them, pieces = esoterica.nnue_inputs(pos, side)
                kept.append((us, them, pieces, label, side, pos.text()))
            if abs(label) >= settings.adjudicate:
                ahead = side if label > 0 else ("black" if side == "white" else "white")
                winning = winning + 1 if ahead == winner else 1
                winner = ahead
            else:
                winning, winner = 0, None
        if len(commits) < 2:
            break
        game.play_turn(commits["white"], commits["black"])
    return _with_results(game, winner if winning >= 4 else None, kept, seed)


def _play_game_star(args: tuple[GenSettings, int]) -> list[tuple]:
    settings, seed = args
    if Position(settings.variant).simultaneous:
        return play_simultaneous_game(settings, seed)
    return play_game(settings, seed)


def generate(
    settings: GenSettings,
    games: int,
    seed: int,
    jobs: int,
    save: Callable[[dict[str, np.ndarray]], None],
    every: int = 200,
) -> None:
    """Plays `games` self-play games (game `g` seeded from `seed` and `g`) and hands their
    positions to `save` as arrays every `every` games and at the end."""
    rows: list[tuple] = []
    count = 0
    start = time.time()
    tasks = [(settings, seed * 1_000_003 + g) for g in range(games)]

    def done(g: int, r: list[tuple]) -> None:
        nonlocal count
        rows.extend(r)
        count += len(r)
        _progress(g + 1, games, count, start)
        if rows and ((g + 1) % every == 0 or g + 1 == games):
            save(_arrays(rows))
            rows.clear()

    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for g, r in enumerate(pool.imap_unordered(_play_game_star, tasks)):
                done(g, r)
    else:
        for g, t in enumerate(tasks):
            done(g, _play_game_star(t))


def _padded(inputs: list[tuple[list[int], list[int]]]) -> tuple[np.ndarray, np.ndarray]:
    """Each position's (us, them) feature lists as two int16 arrays of one row a position,
    padded with -1 to the longest list."""
    n = len(inputs)
    width = max([len(u) for u, _ in inputs] + [len(t) for _, t in inputs] + [1])
    us = np.full((n, width), -1, dtype=np.int16)
    them = np.full((n, width), -1, dtype=np.int16)
    for i, (u, t) in enumerate(inputs):
        us[i, : len(u)] = u
        them[i, : len(t)] = t
    return us, them


def _arrays(rows: list[tuple]) -> dict[str, np.ndarray]:
    """Positions as arrays (the inputs padded with -1); the side of each row where every
    row names one."""
    us, them = _padded([(r[0], r[1]) for r in rows])
    out = {
        "us": us,
        "them": them,
        "pieces": np.array([r[2] for r in rows], dtype=np.int16),
        "label": np.array([r[3] for r in rows], dtype=np.float32),
        "result": np.array([r[4] for r in rows], dtype=np.float32),
        "text": np.array([r[5] for r in rows], dtype=np.str_),
        "game": np.array([r[6] for r in rows], dtype=np.int64),
    }
    if all(len(r) > 7 for r in rows):
        out["side"] = np.array([r[7] for r in rows], dtype=np.str_)
    return out


def _progress(done: int, total: int, positions: int, start: float) -> None:
    if done == total or done % max(1, total // 20) == 0:
        elapsed = time.time() - start
        print(
            f"games {done}/{total}, positions {positions}, {elapsed:.0f} s",
            file=sys.stderr,
            flush=True,
        )


def refeature(data: dict[str, np.ndarray], variant: str) -> dict[str, np.ndarray]:
    """The positions of `data` with their inputs computed again from their texts (and,
    in Parity, the side each row was labelled for) by the engine's current layout, and
    stamped with its feature count.

    >>> d = {"us": np.array([[0]]), "them": np.array([[0]]), "pieces": np.array([3]),
    ...      "text": np.array(["4k3/8/8/8/8/8/8/R3K3 w - - 0 1"])}
    >>> r = refeature(d, "standard")
    >>> # Own Rook a1 = 3 x 64 + 0, own King e1 = 5 x 64 + 4, the other King e8 = 11 x 64 + 60
    >>> sorted(r["us"][0].tolist()), int(r["features"]), r["pieces"].tolist()
    ([192, 324, 764], 768, [3])
    """
    sides = data.get("side")
    rows = []
    for i, t in enumerate(data["text"]):
        pos = Position(variant, str(t))
        us, them, _ = esoterica.nnue_inputs(pos, None if sides is None else str(sides[i]))
        rows.append((us, them))
    us, them = _padded(rows)
    return {**data, "us": us, "them": them, "features": layout_stamp(variant)}


def layout_stamp(variant: str) -> np.ndarray:
    """The feature count of `variant`'s layout, as the data files keep it."""
    return np.array(esoterica.nnue_layout(variant)["features"], dtype=np.int64)


def merge(old: dict[str, np.ndarray] | None, new: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The positions of both data sets."""
    if old is None:
        return new
    width = max(old["us"].shape[1], new["us"].shape[1])

    def pad(a: np.ndarray) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, width - a.shape[1])), constant_values=-1)

    common = [k for k in new if k in old and k not in ("us", "them", "labeller", "features")]
    out = {k: np.concatenate([old[k], new[k]]) for k in common}
    for k in ("us", "them"):
        out[k] = np.concatenate([pad(old[k]), pad(new[k])])
    return out


# --- the network -------------------------------------------------------------------------

QA, QB = 255, 64
OUT_LIMIT = 255 / QB - 0.01  # the engine's output weights are within ±255 at scale QB
FT_LIMIT = 1.98  # keeps an accumulator of ~70 active features inside i16 at scale QA
PSQT_UNIT = 100.0  # the linear weights are trained in units of 100 centipawns
# Units of each weight per step of the file's integers.
GRID = {"ft_w": QA, "ft_b": QA, "psqt": PSQT_UNIT * 16, "out_w": QB, "out_b": QA * QB}


def _sparse(idx: np.ndarray, features: int):
    """A CSR matrix (rows × features) with a 1 for every non-negative entry of `idx`."""
    from scipy.sparse import csr_matrix

    mask = idx >= 0
    counts = mask.sum(axis=1)
    indptr = np.concatenate([[0], np.cumsum(counts)])
    cols = idx[mask].astype(np.int32)
    data = np.ones(len(cols), dtype=np.float32)
    return csr_matrix((data, cols, indptr), shape=(idx.shape[0], features))


def mirrored_files(data: dict[str, np.ndarray], rows: np.ndarray) -> dict[str, np.ndarray]:
    """Standard chess positions `rows` of `data` reflected across the board's middle
    file (a-file to h-file), for the rows whose position has no castling right left
    (there the rules, so the label and the result, are unchanged by the reflection).
    Square `s` of the engine's 8×8 layout is ``rank × 8 + file``, so a feature
    ``(rel × 6 + kind) × 64 + s`` reflects to itself with the file bits flipped
    (``^ 7``); the padding (``-1``) stays.

    >>> d = {"us": np.array([[4, 64 + 11, -1]], dtype=np.int16),
    ...      "them": np.array([[60, -1, -1]], dtype=np.int16),
    ...      "pieces": np.array([3]), "label": np.array([12.0]), "result": np.array([0.5]),
    ...      "text": np.array(["4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"]), "game": np.array([7])}
    >>> m = mirrored_files(d, np.array([0]))
    >>> m["us"].tolist(), m["them"].tolist(), m["label"].tolist()
    ([[3, 76, -1]], [[59, -1, -1]], [12.0])
    >>> len(mirrored_files({**d, "text": np.array(["r3k3/8/8/8/8/8/8/4K3 b q - 0 1"])}, np.array([0]))["us"])
    0
    """
    keep = np.array([str(data["text"][i]).split(" ")[2] == "-" for i in rows], dtype=bool)
    rows = rows[keep] if len(rows) else rows
    out = {k: data[k][rows] for k in ("us", "them", "pieces", "label", "result", "game")}
    for k in ("us", "them"):
        out[k] = np.where(out[k] >= 0, out[k] ^ 7, out[k]).astype(data[k].dtype)
    return out


class Net:
    """The float network (the engine's architecture) with Adam state."""

    def __init__(self, features: int, hidden: int, buckets: int, scale: float, seed: int):
        rng = np.random.default_rng(seed)
        self.features, self.hidden, self.buckets, self.scale = features, hidden, buckets, scale
        self.p = {
            "ft_w": (rng.standard_normal((features, hidden)) * 0.08).astype(np.float32),
            "ft_b": np.full(hidden, 0.3, dtype=np.float32),
            "psqt": np.zeros(features, dtype=np.float32),
            "out_w": (rng.standard_normal((buckets, 2 * hidden)) * 0.5 / math.sqrt(hidden)).astype(
                np.float32
            ),
            "out_b": np.zeros(buckets, dtype=np.float32),
        }
        self._fresh_moments()
        self.quantised = False

    def _fresh_moments(self) -> None:
        """Adam's state for the current weights, from its start."""
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def load(self, w: dict) -> None:
        """Takes the weights of a network file read by ``esoterica.nnue_read``, to
        continue training from them; its hidden units, buckets, scale and feature count
        must be this network's (``ValueError`` naming the first that differs)."""
        for key, want in (("hidden", self.hidden), ("buckets", self.buckets), ("scale", int(self.scale))):
            if int(w[key]) != want:
                raise ValueError(f"the starting network has {key} {w[key]}, this training {want}")
        ft = np.asarray(w["ft_weights"], dtype=np.float32)
        if ft.size != self.features * self.hidden:
            raise ValueError(
                f"the starting network has {ft.size // self.hidden} features, this variant {self.features}"
            )
        self.p = {
            "ft_w": ft.reshape(self.features, self.hidden).copy(),
            "ft_b": np.asarray(w["ft_biases"], dtype=np.float32).copy(),
            "psqt": (np.asarray(w["psqt"], dtype=np.float32) / PSQT_UNIT).astype(np.float32),
            "out_w": np.asarray(w["out_weights"], dtype=np.float32).reshape(self.buckets, 2 * self.hidden).copy(),
            "out_b": np.asarray(w["out_biases"], dtype=np.float32).copy(),
        }
        self._fresh_moments()

    def rounded(self) -> dict[str, np.ndarray]:
        """The weights rounded to the grid the engine's integers hold."""
        return {k: (np.round(v * GRID[k]) / GRID[k]).astype(np.float32) for k, v in self.p.items()}

    def forward(self, xu, xt, bucket):
        # Quantisation-aware epochs: the forward pass on the rounded weights, the gradient
        # applied to the float ones (a straight-through estimate).
        p = self.rounded() if self.quantised else self.p
        au = xu @ p["ft_w"] + p["ft_b"]
        at = xt @ p["ft_w"] + p["ft_b"]
        cu, ct = np.clip(au, 0, 1), np.clip(at, 0, 1)
        su, st = cu * cu, ct * ct
        w = p["out_w"][bucket]  # batch × 2h
        h = self.hidden
        y = (su * w[:, :h]).sum(1) + (st * w[:, h:]).sum(1) + p["out_b"][bucket]
        lin = (xu @ p["psqt"] - xt @ p["psqt"]) * (PSQT_UNIT / 2)
        cp = y * self.scale + lin
        return cp, (au, at, cu, ct, su, st, w)

    def backward(self, xu, xt, bucket, cache, dcp):
        au, at, cu, ct, su, st, w = cache
        h = self.hidden
        g = {}
        dy = dcp * self.scale
        dw = np.concatenate([su * dy[:, None], st * dy[:, None]], axis=1)
        g["out_w"] = np.zeros_like(self.p["out_w"])
        np.add.at(g["out_w"], bucket, dw)
        g["out_b"] = np.bincount(bucket, weights=dy, minlength=self.buckets).astype(np.float32)
        dau = dy[:, None] * w[:, :h] * 2 * cu * ((au > 0) & (au < 1))
        dat = dy[:, None] * w[:, h:] * 2 * ct * ((at > 0) & (at < 1))
        g["ft_w"] = np.asarray(xu.T @ dau + xt.T @ dat, dtype=np.float32)
        g["ft_b"] = (dau.sum(0) + dat.sum(0)).astype(np.float32)
        dl = dcp * (PSQT_UNIT / 2)
        g["psqt"] = np.asarray(xu.T @ dl - xt.T @ dl, dtype=np.float32).ravel()
        return g

    def step(self, g, lr: float, decay: float = 0.0, b1=0.9, b2=0.999, eps=1e-8) -> None:
        """One Adam step, with decoupled weight decay `decay` on the hidden layer's
        weights (AdamW)."""
        self.t += 1
        if decay > 0:
            for k in ("ft_w", "out_w"):
                self.p[k] *= np.float32(1 - lr * decay)
        for k, gk in g.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * gk
            self.v[k] = b2 * self.v[k] + (1 - b2) * gk * gk
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            self.p[k] -= (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        np.clip(self.p["out_w"], -OUT_LIMIT, OUT_LIMIT, out=self.p["out_w"])
        np.clip(self.p["ft_w"], -FT_LIMIT, FT_LIMIT, out=self.p["ft_w"])


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def held_out(data: dict[str, np.ndarray], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The validation rows and the training rows (shuffled) of `data`: the positions of
    one game in 20, chosen by `rng` (positions of one game are alike, so a split by
    position would flatter the fit), or one position in 20 without game ids."""
    if "game" in data:
        games = np.unique(data["game"])
        held = rng.choice(games, size=max(1, len(games) // 20), replace=False)
        is_val = np.isin(data["game"], held)
        return np.flatnonzero(is_val), rng.permutation(np.flatnonzero(~is_val))
    order = rng.permutation(len(data["label"]))
    n_val = max(1, len(order) // 20)
    return order[:n_val], order[n_val:]


def _buckets(variant: str, buckets: int) -> np.ndarray:
    """The output bucket of each piece count 0–399."""
    return np.array(
        [esoterica.nnue_bucket(variant, int(p), buckets) for p in range(0, 400)], dtype=np.int64
    )


def _target(data: dict[str, np.ndarray], lam: float, k_cp: float) -> np.ndarray:
    """Each position's target in the sigmoid space: `lam` of its label, the rest of its
    game's result."""
    return lam * _sigmoid(data["label"] / k_cp) + (1 - lam) * data["result"]


def _batch(data, rows: np.ndarray, features: int, bucket_of: np.ndarray, target: np.ndarray):
    """The sparse inputs of both perspectives, the buckets and the targets of `rows`."""
    xu = _sparse(data["us"][rows], features)
    xt = _sparse(data["them"][rows], features)
    return xu, xt, bucket_of[data["pieces"][rows]], target[rows]


def _loss(net: "Net", data, rows: np.ndarray, target: np.ndarray, bucket_of: np.ndarray, k_cp: float) -> float:
    """The mean squared error of `net` on `rows` in the sigmoid space (the training loss)."""
    total = 0.0
    for s in range(0, len(rows), 8192):
        xu, xt, b, t = _batch(data, rows[s : s + 8192], net.features, bucket_of, target)
        cp, _ = net.forward(xu, xt, b)
        total += float(((_sigmoid(cp / k_cp) - t) ** 2).sum())
    return total / len(rows)


def score(
    data: dict[str, np.ndarray], variant: str, networks: list[dict], seed: int, lam: float, k_cp: float
) -> tuple[list[float], int]:
    """The loss of each network file read by ``esoterica.nnue_read`` on the held-out
    positions of `data` that a fit with `seed` would validate on (its epoch 0 when it is
    the ``--init`` network), and how many positions that is."""
    features = esoterica.nnue_layout(variant)["features"]
    val, _ = held_out(data, np.random.default_rng(seed))
    target = _target(data, lam, k_cp)
    bucket_tables: dict[int, np.ndarray] = {}
    losses = []
    for w in networks:
        buckets = int(w["buckets"])
        if buckets not in bucket_tables:
            bucket_tables[buckets] = _buckets(variant, buckets)
        net = Net(features, int(w["hidden"]), buckets, float(w["scale"]), seed)
        net.load(w)
        losses.append(_loss(net, data, val, target, bucket_tables[buckets], k_cp))
    return losses, len(val)


def train(
    data: dict[str, np.ndarray],
    variant: str,
    hidden: int,
    buckets: int,
    scale: float,
    epochs: int,
    batch: int,
    lr: float,
    lr_halve: int,
    lam: float,
    k_cp: float,
    seed: int,
    log=print,
    qat_epochs: int = 0,
    decay: float = 0.0,
    mirror: bool = False,
    init: dict | None = None,
):
    """Fits a network; returns it, the loss history (epoch, training loss, validation
    loss), the validation indices and the epoch kept. With `mirror` (standard chess),
    each training position without castling rights is also trained on reflected across
    the middle file (`mirrored_files`); validation is not. With `init` (a network read
    by ``esoterica.nnue_read``) the fit starts from its weights rather than random ones;
    its validation loss is epoch 0, which is kept (as the rounded network it is) when no
    epoch does better."""
    features = esoterica.nnue_layout(variant)["features"]
    n = len(data["label"])
    rng = np.random.default_rng(seed)
    val, tr = held_out(data, rng)
    bucket_of = _buckets(variant, buckets)
    if mirror:
        extra = mirrored_files(data, tr)
        # The reflected rows after the others (`merge` pads the inputs); the position
        # texts stay those of the first n rows, which validation alone reads.
        data = {**data, **merge(data, extra)}
        tr = rng.permutation(np.concatenate([tr, n + np.arange(len(extra["label"]))]))
        log(f"mirrored: {len(extra['label'])} training positions added")
    target = _target(data, lam, k_cp)
    net = Net(features, hidden, buckets, scale, seed)

    def loss_on(ix) -> float:
        return _loss(net, data, ix, target, bucket_of, k_cp)

    history = []
    best: tuple | None = None
    log(f"positions: {len(tr)} training, {len(val)} validation; {features} features")
    if init is not None:
        net.load(init)
        val_loss = loss_on(val)
        history.append((0, float("nan"), val_loss))
        log(f"epoch 0 (the starting network): validation {val_loss:.5f}")
        best = (val_loss, {k: v.copy() for k, v in net.p.items()}, True, 0)
    for epoch in range(1, epochs + 1):
        rate = lr * 0.5 ** ((epoch - 1) // lr_halve)
        net.quantised = epoch > epochs - qat_epochs
        perm = rng.permutation(tr)
        total, start = 0.0, time.time()
        for s in range(0, len(perm), batch):
            ix = perm[s : s + batch]
            xu, xt, b, t = _batch(data, ix, features, bucket_of, target)
            cp, cache = net.forward(xu, xt, b)
            q = _sigmoid(cp / k_cp)
            total += float(((q - t) ** 2).sum())
            dcp = (2 * (q - t) * q * (1 - q) / k_cp / len(ix)).astype(np.float32)
            net.step(net.backward(xu, xt, b, cache, dcp), rate, decay)
        train_loss = total / len(perm)
        val_loss = loss_on(val)
        history.append((epoch, train_loss, val_loss))
        log(
            f"epoch {epoch}: train {train_loss:.5f}, validation {val_loss:.5f}, "
            f"lr {rate:.2e}, {time.time() - start:.1f} s"
        )
        # The best epoch on validation is kept (of the quantisation-aware ones, if any).
        if net.quantised and (best is None or not best[2]):
            best = None
        if best is None or val_loss < best[0]:
            best = (val_loss, {k: v.copy() for k, v in net.p.items()}, net.quantised, epoch)
    if best is not None:
        net.p = best[1]
        log(f"kept epoch {best[3]} (validation {best[0]:.5f})")
    net.quantised = False
    return net, history, val, (best[3] if best is not None else epochs)


def export(net: Net, variant: str, path: str, note: str) -> int:
    """Writes `net` in the engine's format; returns the size in bytes."""
    p = net.p
    return esoterica.nnue_write(
        path,
        variant,
        net.hidden,
        net.buckets,
        int(net.scale),
        note,
        p["ft_w"].ravel().astype(np.float32),
        p["ft_b"].astype(np.float32),
        (p["psqt"] * PSQT_UNIT).astype(np.float32),
        p["out_w"].ravel().astype(np.float32),
        p["out_b"].astype(np.float32),
    )


def plot(history, path: str, title: str) -> None:
    """The training and validation loss per epoch, to a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    epochs = [h[0] for h in history]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(epochs, [h[1] for h in history], label="training")
    ax.plot(epochs, [h[2] for h in history], label="validation")
    ax.set_xlabel("epoch")
    ax.set_ylabel("loss (MSE of the expected score)")
    ax.set_title(title)
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def check_export(net: Net, data, val, variant: str, path: str, buckets: int) -> tuple[float, float]:
    """The engine's integer score of up to 200 validation positions (read from their text,
    scored from the file) against the float network's on the stored features: the largest
    absolute difference from the network with rounded weights, and the mean difference from
    the float network, in centipawns."""
    ix = val[:200]
    xu = _sparse(data["us"][ix], net.features)
    xt = _sparse(data["them"][ix], net.features)
    b = np.array([esoterica.nnue_bucket(variant, int(p), buckets) for p in data["pieces"][ix]])
    sides = data["side"][ix] if "side" in data else [None] * len(ix)
    got = np.array(
        [
            esoterica.nnue_evaluate(path, Position(variant, str(t)), None if s is None else str(s))
            for t, s in zip(data["text"][ix], sides)
        ]
    )
    # The float network with its weights rounded as the file holds them: what remains is
    # the engine's integer arithmetic (a centipawn or two), so a larger difference is a bug.
    out = []
    for quantised in (True, False):
        net.quantised = quantised
        want, _ = net.forward(xu, xt, b)
        out.append(np.abs(got - np.clip(want, -20_000, 20_000)))
    net.quantised = False
    return float(out[0].max()), float(out[1].mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m esoterica.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, choices=esoterica.variants())
    ap.add_argument("--data", required=True, help="positions (.npz): read if present, new ones added")
    ap.add_argument("--out", help="the network file to write (engine format)")
    ap.add_argument("--plot", help="the loss curve (PNG)")
    ap.add_argument("--games", type=int, default=0, help="self-play games to add (0: none)")
    ap.add_argument("--play-nodes", type=int, default=2000)
    ap.add_argument("--label-nodes", type=int, default=20000)
    ap.add_argument("--sample", type=float, default=0.5, help="share of positions labelled")
    ap.add_argument("--random-plies", type=int, default=2)
    ap.add_argument("--varied-plies", type=int, default=12)
    ap.add_argument("--varied-bot", default="alphabeta:3")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--adjudicate", type=int, default=1500, help="centipawns")
    ap.add_argument("--stockfish", help="label standard chess with this UCI engine")
    ap.add_argument("--sf-depth", type=int, default=9)
    ap.add_argument(
        "--play-label-move",
        action="store_true",
        help="after the varied plies, play the labeller's best move where it labels (no search of our own)",
    )
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save-every", type=int, default=200, help="games between saves")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=0)
    ap.add_argument(
        "--init",
        help="continue training from this network file (its hidden units, buckets and scale replace those options)",
    )
    ap.add_argument(
        "--score",
        nargs="+",
        metavar="NET",
        help="print each network file's loss on the held-out games of --data (the split of --seed, --lambda)",
    )
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--buckets", type=int, default=1)
    ap.add_argument("--scale", type=float, default=400.0, help="centipawns per output unit")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lr-halve", type=int, default=8, help="epochs between halvings")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.9)
    ap.add_argument("--sigmoid-cp", type=float, default=400.0)
    ap.add_argument("--decay", type=float, default=0.0, help="AdamW weight decay")
    ap.add_argument(
        "--qat-epochs", type=int, default=4, help="last epochs on the rounded weights"
    )
    ap.add_argument(
        "--mirror",
        action="store_true",
        help="standard chess: also train on the positions without castling rights reflected a-file to h-file",
    )
    args = ap.parse_args(argv)

    if args.stockfish and args.variant != "standard":
        ap.error("--stockfish labels standard chess only")
    if args.mirror and args.variant != "standard":
        ap.error("--mirror reflects standard chess only")

    def network_file(option: str, path: str) -> dict:
        """The network file `path` read for `option`; a usage error when it does not read
        or holds another variant's network."""
        try:
            w = esoterica.nnue_read(path)
        except (ValueError, OSError) as e:
            ap.error(f"{option} {path}: {e}")
        if w["variant"] != args.variant:
            ap.error(f"{option} {path} is a {w['variant']} network, not {args.variant}")
        return w

    init = None
    if args.init:
        init = network_file("--init", args.init)
        args.hidden, args.buckets, args.scale = int(init["hidden"]), int(init["buckets"]), float(init["scale"])
    scored = [(path, network_file("--score", path)) for path in args.score or []]

    data = None
    if os.path.exists(args.data):
        with np.load(args.data) as f:
            data = {k: f[k] for k in f.files}
        print(f"{args.data}: {len(data['label'])} positions", file=sys.stderr)
        stamp = int(layout_stamp(args.variant))
        if "features" not in data or int(data["features"]) != stamp:
            data = refeature(data, args.variant)
            print(f"{args.data}: inputs computed again for {stamp} features", file=sys.stderr)
    if args.games > 0:
        settings = GenSettings(
            args.variant,
            args.play_nodes,
            args.label_nodes,
            args.sample,
            args.random_plies,
            args.varied_plies,
            args.varied_bot,
            args.max_plies,
            args.adjudicate,
            args.stockfish,
            args.sf_depth,
            args.play_label_move,
        )

        if args.stockfish:
            source = f"Stockfish depth {args.sf_depth}"
        else:
            source = f"alphabeta:8 searches of {args.label_nodes} nodes"
        before = str(data["labeller"]) if data is not None and "labeller" in data else None

        def save(new: dict[str, np.ndarray]) -> None:
            nonlocal data
            data = merge(data, new)
            both = source if before in (None, source) else f"{before}; {source}"
            data["labeller"] = np.array(both)
            data["features"] = layout_stamp(args.variant)
            tmp = args.data + ".tmp.npz"
            np.savez_compressed(tmp, **data)
            os.replace(tmp, args.data)
            print(f"{args.data}: {len(data['label'])} positions", file=sys.stderr)

        generate(settings, args.games, args.seed, args.jobs, save, args.save_every)
    def need_positions(purpose: str) -> None:
        """A usage error when `--data` holds too few positions for a held-out split."""
        if data is None or len(data["label"]) < 20:
            ap.error(f"too few positions to {purpose} on")

    if scored:
        need_positions("score")
        losses, n = score(data, args.variant, [w for _, w in scored], args.seed, args.lam, args.sigmoid_cp)
        scores = []
        for (path, _), loss in zip(scored, losses):
            print(f"{path}: {loss:.6f} on {n} held-out positions", file=sys.stderr)
            scores.append({"file": path, "loss": loss, "positions": n})
        print(json.dumps({"scores": scores}))
    if args.epochs <= 0:
        return 0
    need_positions("train")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    net, history, val, kept = train(
        data,
        args.variant,
        args.hidden,
        args.buckets,
        args.scale,
        args.epochs,
        args.batch,
        args.lr,
        args.lr_halve,
        args.lam,
        args.sigmoid_cp,
        args.seed,
        log,
        args.qat_epochs,
        args.decay,
        args.mirror,
        init,
    )
    labels = str(data["labeller"]) if "labeller" in data else "unknown"
    kept_loss = next(v for e, _, v in history if e == kept)
    start = f"; continued from {init['note']!r}" if init is not None else ""
    note = (
        f"{args.variant}: {len(data['label'])} positions labelled by {labels}; "
        f"{args.hidden} hidden, {args.buckets} buckets, {args.epochs} epochs, "
        f"lambda {args.lam}, decay {args.decay}{', mirrored' if args.mirror else ''}; epoch {kept} kept, validation loss "
        f"{kept_loss:.5f}{start}"
    )
    if args.out:
        size = export(net, args.variant, args.out, note)
        info = esoterica.nnue_info(args.out)
        log(f"{args.out}: {size} bytes, {info['hidden']} hidden, {info['buckets']} buckets")
        exact, mean = check_export(net, data, val, args.variant, args.out, args.buckets)
        log(
            f"the engine's scores against the float network's: {mean:.2f} cp apart on "
            f"average, at most {exact:.2f} cp from the network with rounded weights"
        )
    if args.plot:
        plot(history, args.plot, f"{args.variant}: {len(data['label'])} positions")
        log(f"{args.plot}: the loss curve")
    print(json.dumps({"note": note, "history": history}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The learned evaluation's training side: network inputs read through the engine's layout,
networks written and scored by the engine, and `python -m esoterica.train` end to end on a
few small games."""

from __future__ import annotations

import json

import numpy as np
import pytest

import esoterica
from esoterica import Position

ALTERNATING = [v for v in esoterica.variants() if not Position(v).simultaneous]


@pytest.mark.parametrize("variant", esoterica.variants())
def test_inputs_are_one_feature_per_piece_and_resting_mark(variant: str) -> None:
    layout = esoterica.nnue_layout(variant)
    p = Position(variant)
    for _ in range(6):
        if p.outcome() is not None:
            break
        if p.simultaneous:
            p.resolve(p.legal_commits("white")[0], p.legal_commits("black")[-1])
        else:
            p.play(p.legal_moves()[len(p.legal_moves()) // 2])
    us, them, pieces = esoterica.nnue_inputs(p)
    resting = len(p.resting("white")) + len(p.resting("black")) if layout["resting"] else 0
    assert pieces == len(p.pieces())
    assert len(us) == len(them) == pieces + resting
    assert all(0 <= f < layout["features"] for f in us + them)
    assert us == sorted(us) and len(set(us)) == len(us)
    # The other side's perspective of the same position is this one's `them`.
    other = "black" if p.turn == "white" else "white"
    assert esoterica.nnue_inputs(p, other)[0] == them


def _random_net(variant: str, hidden: int = 16, buckets: int = 2, seed: int = 0):
    f = esoterica.nnue_layout(variant)["features"]
    rng = np.random.default_rng(seed)
    return {
        "ft_weights": (rng.integers(-20, 21, f * hidden) / 255).astype(np.float32),
        "ft_biases": (rng.integers(0, 80, hidden) / 255).astype(np.float32),
        "psqt": (rng.integers(-200, 200, f)).astype(np.float32),
        "out_weights": (rng.integers(-100, 100, buckets * 2 * hidden) / 64).astype(np.float32),
        "out_biases": np.zeros(buckets, dtype=np.float32),
    }


def test_a_written_network_reads_back_and_scores_as_the_linear_term_says(tmp_path) -> None:
    path = tmp_path / "standard.nnue"
    w = _random_net("standard")
    # No hidden contribution: the score is the linear term alone, half ours less half theirs.
    w["out_weights"][:] = 0
    size = esoterica.nnue_write(path, "standard", 16, 2, 400, "a test", **w)
    assert size == path.stat().st_size
    info = esoterica.nnue_info(path)
    assert (info["variant"], info["hidden"], info["buckets"], info["note"]) == (
        "standard",
        16,
        2,
        "a test",
    )
    p = Position("standard", "4k3/8/8/3q4/8/8/3P4/4K3 w - - 0 1")
    us, them, _ = esoterica.nnue_inputs(p)
    want = int((w["psqt"][us].sum() - w["psqt"][them].sum()) / 2)
    assert abs(esoterica.nnue_evaluate(path, p) - want) <= 1
    with pytest.raises(ValueError, match="holds a standard network"):
        esoterica.nnue_evaluate(path, Position("bully"))


def test_a_network_reads_back_as_its_weights_and_writes_the_same_file(tmp_path) -> None:
    w = _random_net("standard")
    w["out_biases"][:] = [0.4, -1.25]
    first, second = tmp_path / "a.nnue", tmp_path / "b.nnue"
    esoterica.nnue_write(first, "standard", 16, 2, 400, "first", **w)
    r = esoterica.nnue_read(first)
    assert (r["variant"], r["hidden"], r["buckets"], r["scale"], r["note"]) == (
        "standard",
        16,
        2,
        400,
        "first",
    )
    # The weights were written on the file's grid, so they read back as they were.
    for k, v in w.items():
        assert r[k].dtype == np.float32 and r[k].shape == v.shape, k
        assert np.allclose(r[k], v, atol=1e-6), k
    esoterica.nnue_write(second, "standard", 16, 2, 400, "first", **{k: r[k] for k in w})
    assert second.read_bytes() == first.read_bytes()
    first.write_bytes(first.read_bytes()[:-3])
    with pytest.raises(ValueError):
        esoterica.nnue_read(first)


def test_bad_weights_and_bad_files_are_refused(tmp_path) -> None:
    w = _random_net("standard")
    w["out_weights"][0] = 10.0
    with pytest.raises(ValueError, match="output weight"):
        esoterica.nnue_write(tmp_path / "x.nnue", "standard", 16, 2, 400, "", **w)
    w = _random_net("standard")
    with pytest.raises(ValueError, match="expected"):
        esoterica.nnue_write(tmp_path / "x.nnue", "standard", 32, 2, 400, "", **w)
    bad = tmp_path / "bad.nnue"
    bad.write_bytes(b"ESONNUE1 but nothing after it")
    with pytest.raises(ValueError):
        esoterica.nnue_info(bad)


def test_train_generates_labels_trains_and_exports_a_network(tmp_path, monkeypatch, capsys) -> None:
    pytest.importorskip("scipy")
    pytest.importorskip("matplotlib")
    from esoterica import train

    data, out, png = tmp_path / "d.npz", tmp_path / "bully.nnue", tmp_path / "loss.png"
    args = ["--variant", "bully", "--data", str(data), "--games", "3", "--play-nodes", "200"]
    args += ["--label-nodes", "600", "--sample", "1", "--max-plies", "60", "--seed", "3"]
    assert train.main(args) == 0
    with np.load(data) as f:
        n = len(f["label"])
        assert n > 20
        assert set(f.files) >= {"us", "them", "pieces", "label", "result", "text", "game"}
        assert str(f["labeller"]) == "alphabeta:8 searches of 600 nodes"
        assert set(np.unique(f["result"])) <= {0.0, 0.5, 1.0}
    # More games are added to the same file.
    assert train.main(args[:5] + ["1"] + args[6:] + ["--seed", "4"]) == 0
    with np.load(data) as f:
        assert len(f["label"]) > n
    args = ["--variant", "bully", "--data", str(data), "--epochs", "2", "--hidden", "16"]
    args += ["--buckets", "2", "--out", str(out), "--plot", str(png)]
    assert train.main(args) == 0
    assert esoterica.nnue_info(out)["hidden"] == 16
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    kept = int(first["note"].split("; epoch ")[1].split()[0])
    kept_loss = next(v for e, _, v in first["history"] if e == kept)
    # Training goes on from the file: the same held-out games score as they did when that
    # epoch was kept (the file holds the rounded weights that epoch was scored with).
    more = tmp_path / "more" / "bully.nnue"
    more.parent.mkdir()
    args = ["--variant", "bully", "--data", str(data), "--epochs", "1", "--init", str(out)]
    assert train.main(args + ["--out", str(more), "--qat-epochs", "1", "--lr", "1e-4"]) == 0
    second = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert second["history"][0][0] == 0
    assert abs(second["history"][0][2] - kept_loss) < 1e-6
    assert second["history"][1][0] == 1 and np.isfinite(second["history"][1][2])
    assert "continued from 'bully: " in second["note"]
    # --score gives a network file's loss on those held-out games: the first run's kept
    # epoch again, and the continued run's epoch 0.
    assert train.main(["--variant", "bully", "--data", str(data), "--score", str(out)]) == 0
    scores = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["scores"]
    assert scores[0]["file"] == str(out) and scores[0]["positions"] > 0
    assert abs(scores[0]["loss"] - kept_loss) < 1e-6
    with pytest.raises(SystemExit):
        train.main(["--variant", "standard", "--data", str(data), "--score", str(out)])
    with pytest.raises(SystemExit):
        train.main(["--variant", "bully", "--data", str(data), "--score", str(data)])
    assert esoterica.nnue_info(more)["hidden"] == 16 and esoterica.nnue_info(more)["buckets"] == 2
    with pytest.raises(SystemExit):
        train.main(["--variant", "standard", "--data", str(data), "--epochs", "1", "--init", str(out)])
    # Level 9 plays with it when ESOTERICA_NETS names its folder.
    monkeypatch.setenv("ESOTERICA_NETS", str(tmp_path))
    r = esoterica.Bot("alphabeta:9").search(Position("bully"), nodes=2000)
    assert r.move is not None and r.score is not None


def test_train_labels_parity_commits_from_each_sides_point_of_view(tmp_path, monkeypatch) -> None:
    pytest.importorskip("scipy")
    from esoterica import train

    data, out = tmp_path / "d.npz", tmp_path / "parity.nnue"
    args = ["--variant", "parity", "--data", str(data), "--games", "3", "--play-nodes", "60"]
    args += ["--label-nodes", "200", "--sample", "1", "--max-plies", "40", "--seed", "5"]
    args += ["--varied-plies", "4"]
    assert train.main(args) == 0
    with np.load(data) as f:
        d = {k: f[k] for k in f.files}
    n = len(d["label"])
    assert n > 20 and set(np.unique(d["side"])) == {"white", "black"}
    assert str(d["labeller"]) == "alphabeta:8 searches of 200 nodes"
    # Each row is its side's inputs of its position, and its label that side's value of
    # the commit matrix: a fresh search of the same budget finds the same value.
    for i in range(0, n, max(1, n // 8)):
        p, side = Position("parity", str(d["text"][i])), str(d["side"][i])
        us, them, _ = esoterica.nnue_inputs(p, side)
        assert [x for x in d["us"][i] if x >= 0] == us
        assert [x for x in d["them"][i] if x >= 0] == them
        r = esoterica.Bot("alphabeta:8", seed=int(d["game"][i])).search(p, side, nodes=200)
        assert r.score == d["label"][i], (i, r.score, d["label"][i])
    # One game's results: each side's rows hold its own result.
    g = d["game"] == d["game"][0]
    for side, other in (("white", "black"), ("black", "white")):
        mine, theirs = d["result"][g & (d["side"] == side)], d["result"][g & (d["side"] == other)]
        if len(mine) and len(theirs):
            assert mine[0] == 1.0 - theirs[0]
    args = ["--variant", "parity", "--data", str(data), "--epochs", "2", "--hidden", "16"]
    args += ["--out", str(out), "--qat-epochs", "1"]
    assert train.main(args) == 0
    monkeypatch.setenv("ESOTERICA_NETS", str(tmp_path))
    r = esoterica.Bot("alphabeta:9").search(Position("parity"), "black", nodes=300)
    assert r.move is not None and r.move.side == "black" and r.score is not None


def test_train_refuses_what_it_cannot_train(tmp_path) -> None:
    from esoterica import train

    with pytest.raises(SystemExit):
        train.main(["--variant", "bully", "--data", str(tmp_path / "p.npz"), "--mirror"])
    with pytest.raises(SystemExit):
        train.main(
            ["--variant", "bully", "--data", str(tmp_path / "b.npz"), "--stockfish", "sf"]
        )


@pytest.mark.parametrize("name", ["nnue_layout", "nnue_inputs", "nnue_bucket"])
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    import doctest

    fn = getattr(esoterica, name)
    tests = doctest.DocTestFinder().find(fn, name, globs={})
    assert tests and tests[0].examples, name
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    for t in tests:
        runner.run(t, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_mirrored_positions_are_the_engines_inputs_of_the_reflected_board() -> None:
    pytest.importorskip("scipy")
    chess = pytest.importorskip("chess")
    from esoterica import train

    fens = [
        "r4rk1/1pq2ppp/p1n1b3/4p3/4P3/1NN1B3/PPP2PPP/R2Q1RK1 b - - 3 14",
        "8/5pk1/6p1/3B4/2P5/6P1/5PKP/3b4 w - - 0 41",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]
    rows = []
    for fen in fens:
        us, them, pieces = esoterica.nnue_inputs(Position("standard", fen))
        rows.append((us, them, pieces, 10, 0.5, fen, 1))
    data = train._arrays(rows)
    m = train.mirrored_files(data, np.arange(len(fens)))
    # The position with castling rights is left out.
    assert len(m["label"]) == 2
    for i, fen in enumerate(fens[:2]):
        reflected = chess.Board(fen).transform(chess.flip_horizontal).fen()
        us, them, _ = esoterica.nnue_inputs(Position("standard", reflected))
        assert sorted(x for x in m["us"][i] if x >= 0) == sorted(us)
        assert sorted(x for x in m["them"][i] if x >= 0) == sorted(them)


def test_stockfish_labels_read_over_the_pipe_match_python_chess() -> None:
    import shutil

    chess = pytest.importorskip("chess")
    import chess.engine

    from esoterica import train

    path = shutil.which("stockfish") or "/usr/games/stockfish"
    # Each position on fresh engines: a search's result depends on the hash it finds.
    for fen in [
        "r4rk1/1pq2ppp/p1n1b3/4p3/4P3/1NN1B3/PPP2PPP/R2Q1RK1 b - - 3 14",
        "8/5pk1/6p1/3B4/2P5/6P1/5PKP/3b4 w - - 0 41",
    ]:
        board = chess.Board(fen)
        ref = chess.engine.SimpleEngine.popen_uci(path)
        try:
            ref.configure({"Threads": 1, "Hash": 16})
            info = ref.analyse(board, chess.engine.Limit(depth=6))
        finally:
            ref.quit()
        sf = train._Stockfish(path, 6)
        try:
            score, best = sf.label(fen)
            # A mate score is no label; the move is still given.
            assert sf.label("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1") == (None, "a1a8")
        finally:
            sf.close()
        assert score == info["score"].pov(board.turn).score()
        assert best == info["pv"][0].uci()

"""The examples run (with small arguments) and produce what they say."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

import esoterica

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_agent_plays_games_to_an_end_or_the_cap() -> None:
    random_agent = load("random_agent")
    rng = np.random.default_rng(1)
    for variant in ["standard", "parity"]:
        length, result = random_agent.play(variant, rng, max_plies=60)
        assert 0 < length <= 60
        assert result == "cut at 60" or "wins" in result or "Draw" in result


def test_selfplay_data_has_one_row_per_decision() -> None:
    data = load("selfplay_data").collect("parity", games=1, bot_spec="greedy", max_plies=5, seed=0)
    n = len(data["action"])
    assert n == 10  # five turns, two commits each
    assert data["planes"].shape == (n, *esoterica.planes_shape("parity"))
    assert data["mask"].shape == (n, esoterica.action_size("parity"))
    assert (data["mask"][np.arange(n), data["action"]] == 1).all()
    assert data["side"].tolist() == [0, 1] * 5
    assert set(data["score"].tolist()) == {0.5}


def test_train_policy_runs_episodes_with_results_as_rewards() -> None:
    train = load("train_policy")
    rewards = train.run("standard", episodes=3, lr=0.5, seed=0, max_plies=30)
    assert len(rewards) == 3 and set(rewards) <= {-1.0, 0.0, 1.0}
    pos = esoterica.Position()
    phi = train.features(pos, pos.legal_actions())
    assert phi.shape == (20, train.N_FEATURES)
    knight = train.KINDS.index("knight")
    assert phi[:, knight].sum() == 4 and phi[:, 0].sum() == 16


def test_the_selfplay_benchmark_pairs_rounds_and_reports_their_median(capsys) -> None:
    spec = importlib.util.spec_from_file_location(
        "selfplay_bench", EXAMPLES.parent / "bench" / "selfplay.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    games, plies, seconds = bench.esoterica_games("standard", 0.05, 8, 1)
    assert games >= 1 and 1 <= plies <= 8 * games and seconds >= 0.05
    bench.paired(2, 0.05, 8, 1)
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out[1:3]] == ["1", "2"]
    assert all(w.endswith("x") for line in out[1:3] for w in line.split()[-3:-1])
    assert out[-2].startswith("games per second, esoterica/python-chess on standard chess: median ")
    assert out[-1].startswith("plies per second, esoterica/python-chess on standard chess: median ")
    assert out[-2].endswith("over 2 rounds") and out[-1].endswith("over 2 rounds")

"""Each environment passes its framework's own checker."""

from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

import esoterica
import esoterica.envs.gymnasium_env  # noqa: F401  (registers the Gymnasium id)
from esoterica import IllegalMoveError
from esoterica.envs import openspiel_game
from esoterica.envs.pettingzoo_env import aec_env, parallel_env

ALTERNATING = [v for v in esoterica.variants() if not v.startswith("parity")]
SIMULTANEOUS = ["parity", "parity-single"]


@pytest.mark.parametrize("variant", ALTERNATING)
def test_pettingzoo_aec_api(variant: str) -> None:
    with warnings.catch_warnings():
        # The checker recommends Box observations and "player_0" names; ours are the
        # PettingZoo classic {"observation", "action_mask"} dict and "white"/"black".
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(variant, max_plies=60), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("variant", SIMULTANEOUS)
def test_pettingzoo_parallel_api(variant: str) -> None:
    parallel_api_test(parallel_env(variant, max_plies=40), num_cycles=300)


def test_aec_env_refuses_parity_and_parallel_env_refuses_alternating_variants() -> None:
    with pytest.raises(ValueError, match="parallel_env"):
        aec_env("parity")
    with pytest.raises(ValueError, match="aec_env"):
        parallel_env("standard")


def test_aec_env_plays_a_game_to_its_end_with_rewards() -> None:
    env = aec_env("standard")
    env.reset()
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        env.step(env.unwrapped.position.move_to_action(uci))
    assert env.terminations == {"white": True, "black": True}
    assert env.rewards == {"white": -1.0, "black": 1.0}


@pytest.mark.parametrize("variant", esoterica.variants())
def test_gymnasium_env_checker(variant: str) -> None:
    env = gymnasium.make("esoterica/Esoterica-v0", variant=variant, max_plies=40)
    check_env(env.unwrapped)
    black = gymnasium.make("esoterica/Esoterica-v0", variant=variant, agent_side="black")
    check_env(black.unwrapped)


def test_gymnasium_env_ends_an_episode_on_an_illegal_action() -> None:
    env = gymnasium.make("esoterica/Esoterica-v0", variant="standard")
    env.reset(seed=3)
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})


@pytest.mark.parametrize("variant", esoterica.variants())
def test_openspiel_random_simulation(variant: str) -> None:
    game = pyspiel.load_game(openspiel_game.game_name(variant), {"max_plies": 60})
    simultaneous = variant.startswith("parity")
    dynamics = game.get_type().dynamics
    assert dynamics == (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
        if simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    assert game.num_distinct_actions() == esoterica.action_size(variant)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ALTERNATING)
def test_pettingzoo_aec_seed_test(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        seed_test(lambda: aec_env(variant, max_plies=60), num_cycles=100)


def test_pettingzoo_envs_raise_illegal_move_errors_and_pickle() -> None:
    env = aec_env("intrachange")
    env.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="action 0 is not a legal move of White"):
        env.step(0)
    assert env.agent_selection == "white" and len(env.unwrapped.game) == 0
    env.step(env.unwrapped.position.move_to_action("e2e4"))
    again = pickle.loads(pickle.dumps(env))
    assert again.agent_selection == "black"
    assert again.unwrapped.position == env.unwrapped.position
    penv = parallel_env("parity-single")
    obs, _ = penv.reset(seed=0)
    e4 = penv.position.move_to_action("e2e4")
    with pytest.raises(IllegalMoveError, match="of Black"):
        penv.step({"white": e4, "black": e4})
    d5 = penv.position.move_to_action(penv.position.parse_move("d7d5", "black"))
    obs, rewards, terms, truncs, _ = penv.step({"white": e4, "black": d5})
    assert rewards == {"white": 0.0, "black": 0.0} and not any(terms.values())
    assert penv.position.text().startswith("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR")
    again = pickle.loads(pickle.dumps(penv))
    assert again.position == penv.position and again.agents == ["white", "black"]


@pytest.mark.parametrize("variant", SIMULTANEOUS)
def test_pettingzoo_parallel_random_games_end_with_zero_sum_rewards(variant: str) -> None:
    rng = np.random.default_rng(5)
    ends = set()
    for _ in range(4):
        env = parallel_env(variant, max_plies=200)
        obs, _ = env.reset(seed=1)
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
            obs, rewards, terms, truncs, infos = env.step(actions)
        assert rewards["white"] == -rewards["black"]
        assert all(terms.values()) != all(truncs.values())
        if all(terms.values()):
            outcome = infos["white"]["outcome"]
            assert rewards["white"] == (0.0 if outcome.winner is None else (1.0 if outcome.winner == "white" else -1.0))
            ends.add(outcome.reason)
        else:
            assert len(env.game) == 200
    assert ends <= {"checkmate", "stalemate", "king-captured", "cannot-leave-shared-square",
                    "fifty-moves", "repetition", "insufficient-material", "simultaneous"}


def test_gymnasium_env_pickles_and_runs_in_an_async_vector_env() -> None:
    env = gymnasium.make("esoterica/Esoterica-v0", variant="parity", max_plies=6)
    env.reset(seed=2)
    again = pickle.loads(pickle.dumps(env.unwrapped))
    assert again.game.position == env.unwrapped.game.position
    assert (again.bot.spec, again.bot.seed) == (env.unwrapped.bot.spec, env.unwrapped.bot.seed)
    # Worker processes: the environments and what they return cross a pipe by pickle.
    vec = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make("esoterica/Esoterica-v0", variant="parity", max_plies=6)] * 2
    )
    try:
        obs, _ = vec.reset(seed=3)
        assert obs["observation"].shape == (2, *esoterica.planes_shape("parity"))
        assert obs["action_mask"].sum(axis=1).tolist() == [20, 20]
        rng = np.random.default_rng(0)
        truncated_seen = 0
        for _ in range(6):
            actions = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
            obs, rewards, terms, truncs, _ = vec.step(actions)
            truncated_seen += int(truncs.sum())
        assert truncated_seen + int(terms.sum()) >= 1
    finally:
        vec.close()


@pytest.mark.parametrize("variant", esoterica.variants())
def test_openspiel_random_games_play_to_their_end(variant: str) -> None:
    game = openspiel_game.load_game(variant)
    rng = np.random.default_rng(11)
    size = int(np.prod(esoterica.planes_shape(variant)))
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_simultaneous_node():
                state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in (0, 1)])
            else:
                actions = state.legal_actions()
                assert actions == sorted(actions) and state.legal_actions(1 - state.current_player()) == []
                state.apply_action(int(rng.choice(actions)))
        returns = state.returns()
        assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        outcome = state.record.outcome()
        if outcome is None:
            assert len(state.record) == game.max_game_length() and returns == [0.0, 0.0]
        else:
            assert returns[0] == outcome.score("white") * 2 - 1
        assert len(state.observation_tensor(0)) == size
        again = pickle.loads(pickle.dumps(state))
        assert again.history() == state.history() and again.returns() == returns
        assert game.deserialize_state(state.serialize()).history() == state.history()


def test_openspiel_bots_and_illegal_actions() -> None:
    for variant in ["standard", "parity"]:
        game = openspiel_game.load_game(variant, {"max_plies": 80})
        bots = [pyspiel.make_uniform_random_bot(p, 7) for p in (0, 1)]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
        assert sum(returns) == 0.0 and returns[0] in (-1.0, 0.0, 1.0)
        state = game.new_initial_state()
        with pytest.raises(IllegalMoveError, match="action 0 is not a legal move of White"):
            if state.is_simultaneous_node():
                state.apply_actions([0, state.legal_actions(1)[0]])
            else:
                state.apply_action(0)
        assert state.history() == []
        clone = state.clone()
        if clone.is_simultaneous_node():
            clone.apply_actions([clone.legal_actions(0)[0], clone.legal_actions(1)[0]])
        else:
            clone.apply_action(clone.legal_actions()[0])
        assert state.history() == [] and len(clone.record) == 1
        assert pickle.loads(pickle.dumps(game)).max_plies == 80

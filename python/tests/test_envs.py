"""Each environment passes its framework's own checker."""

from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

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
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert info["reason"] == "illegal move a1a1: action 0 is not a legal move of White here"


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


@pytest.mark.parametrize("variant", SIMULTANEOUS)
def test_pettingzoo_parallel_seed_test(variant: str) -> None:
    # The checker samples actions without the mask: an illegal commit ends the game.
    parallel_seed_test(lambda: parallel_env(variant))


def test_an_illegal_action_loses_the_game_for_its_side_as_in_pettingzoo_chess() -> None:
    env = aec_env("intrachange")
    env.reset(seed=0)
    env.step(env.unwrapped.position.move_to_action("e2e4"))
    env.step(0)  # a1a1: Black's illegal action
    assert env.terminations == {"white": True, "black": True}
    assert env.truncations == {"white": False, "black": False}
    assert env.rewards == {"white": 0.0, "black": -1.0}
    assert env.infos["black"]["illegal_action"] is True
    assert env.infos["white"]["illegal_action"] is False
    assert env.infos["black"]["reason"] == "illegal move a1a1: action 0 is not a legal move of Black here"
    assert len(env.unwrapped.game) == 1  # the game itself is as it was
    rewards = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        rewards[agent] = reward
        env.step(None)
    assert rewards == {"white": 0.0, "black": -1.0} and env.agents == []
    penv = parallel_env("parity-single")
    obs, _ = penv.reset(seed=0)
    e4 = penv.position.move_to_action("e2e4")
    obs, rewards, terms, truncs, infos = penv.step({"white": e4, "black": e4})
    assert rewards == {"white": 0.0, "black": -1.0} and all(terms.values()) and not any(truncs.values())
    assert infos["black"]["illegal_action"] and not infos["white"]["illegal_action"]
    assert "not a legal move of Black" in infos["white"]["reason"]
    assert penv.agents == [] and len(penv.game) == 0
    penv.reset(seed=0)
    _, rewards, _, _, infos = penv.step({"white": 0, "black": 0})
    assert rewards == {"white": -1.0, "black": -1.0}
    assert infos["white"]["illegal_action"] and infos["black"]["illegal_action"]


def test_pettingzoo_envs_raise_illegal_move_errors_when_asked_and_pickle() -> None:
    env = aec_env("intrachange", illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="action 0 is not a legal move of White"):
        env.step(0)
    assert env.agent_selection == "white" and len(env.unwrapped.game) == 0
    env.step(env.unwrapped.position.move_to_action("e2e4"))
    again = pickle.loads(pickle.dumps(env))
    assert again.agent_selection == "black"
    assert again.unwrapped.position == env.unwrapped.position
    penv = parallel_env("parity-single", illegal_action="raise")
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
    with pytest.raises(ValueError, match="illegal_action"):
        aec_env("standard", illegal_action="ignore")


def test_environments_observe_from_the_movers_side_with_a_history() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env("standard", max_plies=30, relative=True, history=4),
                 num_cycles=100, verbose_progress=False)
    parallel_api_test(parallel_env("parity", max_plies=20, relative=True, history=2), num_cycles=100)
    gym = gymnasium.make("esoterica/Esoterica-v0", variant="bully", agent_side="black",
                         max_plies=20, relative=True, history=3)
    check_env(gym.unwrapped)
    obs, _ = gym.reset(seed=0)
    assert obs["observation"].shape == (3 * 19, 8, 8)
    game = gym.unwrapped.game
    assert (obs["observation"] == game.planes("black", relative=True, history=3)).all()
    env = aec_env("standard", relative=True, history=2)
    env.reset()
    env.step(env.unwrapped.position.move_to_action("e2e4"))
    obs = env.observe("black")["observation"]
    layout = esoterica.planes_layout("standard", relative=True, history=2)
    assert obs.shape == (38, 8, 8) and len(layout) == 38
    # Black sees its own pawns on its second row, White's e-pawn on e4 (row 4 from Black's
    # side) and, one position back, on e2.
    assert obs[layout.index("own-pawn"), 1].sum() == 8
    assert obs[layout.index("opponent-pawn"), 4, 4] == 1.0
    assert obs[layout.index("opponent-pawn@1"), 6, 4] == 1.0


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

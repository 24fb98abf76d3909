"""Each environment passes its framework's own checker."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import esoterica
import esoterica.envs.gymnasium_env  # noqa: F401  (registers the Gymnasium id)
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

"""Environments for learning frameworks, each importing its framework only when used.

- :mod:`esoterica.envs.pettingzoo_env`: a PettingZoo AEC environment for the alternating
  variants and a parallel environment for Parity and Parity Single Occupation.
- :mod:`esoterica.envs.gymnasium_env`: a Gymnasium single-agent environment against a
  built-in bot (every variant).
- :mod:`esoterica.envs.openspiel_game`: every variant as an OpenSpiel Python game
  (Parity as a simultaneous-move game), registered with ``pyspiel.register_game``.

Observations are ``{"observation": planes, "action_mask": mask}``: the planes of
:meth:`esoterica.Position.planes` (float32) seen by the observing side, and the int8 mask of
its legal moves over the board shape's fixed action space
(:func:`esoterica.action_size`). Rewards are +1 for a win, -1 for a loss, 0 otherwise, at
the end of the game.
"""

#: The most plies (Parity: turns) an environment plays before it truncates the game.
DEFAULT_MAX_PLIES = 512

#: The bound of every plane value (Force Field charges are the only ones beyond 0–1).
PLANE_BOUND = 255.0

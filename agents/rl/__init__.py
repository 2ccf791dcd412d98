"""Gymnasium environments of the three games (the ``rl`` extra: ``pip install 'cuesim[rl]'``).

Importing this package registers ``cuesim/NineBall-v0``, ``cuesim/EightBall-v0`` and
``cuesim/Snooker-v0`` with Gymnasium (its documented registration: ``gymnasium.register`` when a
package is imported; Gymnasium 1.x no longer loads environments from package entry points)::

    import gymnasium
    import agents.rl

    gymnasium.register_envs(agents.rl)   # says the import is used; registration is done
    env = gymnasium.make("cuesim/NineBall-v0", opponent="amateur")
    env = gymnasium.make("agents.rl:cuesim/Snooker-v0")   # the same without the import

Modules: :mod:`agents.rl.env` (``CueEnv``), :mod:`agents.rl.layout` (the observation and the
action, field by field), :mod:`agents.rl.calls` (the declarations filled in for the learner).
docs/environment.md documents them.
"""

from __future__ import annotations

import gymnasium

from agents.rl.env import CueEnv

__all__ = ["ENVIRONMENTS", "MAX_EPISODE_STEPS", "CueEnv", "register_environments"]

#: Environment id -> the game it plays.
ENVIRONMENTS = {
    "cuesim/NineBall-v0": "nine-ball",
    "cuesim/EightBall-v0": "eight-ball",
    "cuesim/Snooker-v0": "snooker",
}
#: Learner shots after which an episode is truncated (Gymnasium's ``TimeLimit``).
MAX_EPISODE_STEPS = 500


def register_environments() -> None:
    """Register every id of :data:`ENVIRONMENTS` (again: a later call replaces the specs)."""
    for env_id, game in ENVIRONMENTS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="agents.rl.env:CueEnv",
            kwargs={"game": game},
            max_episode_steps=MAX_EPISODE_STEPS,
        )


register_environments()

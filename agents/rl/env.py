"""``CueEnv``: a rack of 9-ball or 8-ball or a frame of snooker as a Gymnasium environment.

The learner is player 0 ("learner"); player 1 ("computer") is ``agents.choose`` at the level
``opponent`` (or, with ``opponent="random"``, uniformly random actions of the same space, the
cheap opponent of benchmarks and baselines). One step is one shot of the learner: the action is
read (:mod:`agents.rl.layout`), the declaration filled in (:mod:`agents.rl.calls`), the shot
played by the referee (``Game.play``), then every move until the learner is to shoot again:
the computer's shots and choices, the learner's own choices (taken by the computer at the
``opponent`` level for the learner: accepting the table, re-racking, replacing the balls) and
the referee's acts (a two-foul warning when the players give it, snooker's stalemate warning and
re-start after :data:`STALEMATE_WARNING` and :data:`STALEMATE_DECLARED` strokes without a pot).
An episode is one rack or frame; ``terminated`` when it ends.

Rewards (``reward=``): ``"outcome"`` +1 when the learner's side wins the rack or frame, -1 when
it loses, 0 otherwise (a drawn frame); ``"points"`` (snooker) the learner's side's points less
the opponent's since the last step, so an episode's rewards add up to the final margin;
``"pots"`` the object balls the learner pocketed on a shot without a foul, less one for a foul.

Seeding follows Gymnasium: ``reset(seed=s)`` seeds ``self.np_random``, from which each episode
draws its rack's seed, the computer's seed and (``breaker="random"``) who breaks; the same seed
and actions give the same episode, bit for bit. ``reset(options={"game": g})`` starts from the
``rules.Game`` ``g`` instead of a new rack (a fixed position; its player 0 is the learner), and
``options={"breaker": 0 or 1}`` sets who breaks the new rack.
"""

from __future__ import annotations

import time
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

import rules
from agents.levels import LEVELS
from agents.player import choose
from agents.rl.calls import chosen_declaration, default_declaration
from agents.rl.layout import (
    action_size,
    decode,
    nearest_legal_place,
    observation_bounds,
    observe,
)
from rules.errors import IllegalPlacementError, InvalidDeclarationError, InvalidOptionError
from rules.game import Game
from rules.types import Declaration, Ruling
from sim.strike import Strike

#: Strokes without a pot after which snooker's referee warns of a stalemate, then re-starts.
STALEMATE_WARNING = 36
STALEMATE_DECLARED = 48
#: The players' names in the environment's games.
PLAYERS = ("learner", "computer")
LEARNER = 0
REWARDS = ("outcome", "points", "pots")
BREAKERS = ("random", "learner", "opponent")
#: Most moves the other side may make between two learner shots (a guard; a rack never needs it).
MAX_OTHER_MOVES = 1000


class CueEnv(gymnasium.Env[np.ndarray, np.ndarray]):
    """A rack (frame) against the computer (see the module docstring).

    Arguments: ``game`` ("nine-ball", "eight-ball", "snooker"), ``opponent`` (a level of
    ``agents.LEVELS``, or "random": uniform random actions drawn from the episode's seed, the
    learner's choices then made at the amateur level), ``reward`` ("outcome", "points",
    "pots"), ``calls`` ("default" or "action": the action's call fields choose the
    declaration), ``breaker``
    ("random", "learner", "opponent"), ``options`` (the game's options, ``rules.new_game``
    keywords: ``rack_style``, ``table``, ...). A bad argument raises ``InvalidOptionError``
    saying what is allowed.
    """

    metadata = {"render_modes": []}  # noqa: RUF012 (Gymnasium declares it an instance field)

    def __init__(
        self,
        game: str = "nine-ball",
        opponent: str = "amateur",
        reward: str = "outcome",
        calls: str = "default",
        breaker: str = "random",
        options: dict[str, Any] | None = None,
    ) -> None:
        self.kind = rules.game_class(game).kind.value
        self.cls = rules.game_class(game)
        if opponent not in (*LEVELS, "random"):
            raise InvalidOptionError(
                f"opponent {opponent!r} is unknown; allowed: {', '.join(LEVELS)}, random"
            )
        if reward not in REWARDS or (reward == "points" and not self.cls.scores_points):
            allowed = REWARDS if self.cls.scores_points else ("outcome", "pots")
            raise InvalidOptionError(
                f"reward {reward!r} is refused for {self.cls.title}; allowed: {', '.join(allowed)}"
            )
        if calls not in ("default", "action"):
            raise InvalidOptionError(f"calls {calls!r} is unknown; allowed: default, action")
        if breaker not in BREAKERS:
            raise InvalidOptionError(
                f"breaker {breaker!r} is unknown; allowed: {', '.join(BREAKERS)}"
            )
        self.options = dict(options or {})
        self.cls.new(players=PLAYERS, seed=0, **self.options)  # the options checked once
        self.opponent, self.reward_kind, self.calls, self.breaker = opponent, reward, calls, breaker
        balls = len(self.cls.ball_names)
        low, high = observation_bounds(balls)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        size = action_size(calls == "action")
        self.action_space = spaces.Box(-1.0, 1.0, shape=(size,), dtype=np.float32)
        self.game: Game | None = None
        self._opponent_seed = 0
        self._random = np.random.default_rng(0)
        self._dry = 0
        #: Seconds spent in the other side's moves (and the learner's choices made for it)
        #: since the environment was made: a benchmark's time of the learner's steps is the
        #: rest (kept out of ``info``, which must not depend on the machine's speed).
        self.other_seconds = 0.0

    # ------------------------------------------------------------------ gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        options = options or {}
        rack_seed = int(self.np_random.integers(0, 2**62))
        self._opponent_seed = int(self.np_random.integers(0, 2**62))
        first = int(self.np_random.integers(0, 2))
        self._random = np.random.default_rng(int(self.np_random.integers(0, 2**62)))
        given = options.get("game")
        if given is not None:
            if not isinstance(given, self.cls):
                raise InvalidOptionError(
                    f"reset's game must be a {self.cls.title} game; got {type(given).__name__}"
                )
            game: Game = given
        else:
            breaker = options.get("breaker")
            if breaker is None:
                breaker = {"learner": 0, "opponent": 1}.get(self.breaker, first)
            if breaker not in (0, 1):
                raise InvalidOptionError(f"reset's breaker must be 0 or 1; got {breaker!r}")
            game = self.cls.new(players=PLAYERS, seed=rack_seed, breaker=breaker, **self.options)
        self._dry = 0
        self.game, spent, moves = self._others(game)
        self.other_seconds += spent
        info = {"other_moves": moves}
        return observe(self.game, LEARNER), info

    def step(
        self, action: np.ndarray
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self.game
        if game is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if game.is_over:
            raise gymnasium.error.ResetNeeded("the rack is over: call reset()")
        decoded = decode(np.asarray(action), game, self.calls == "action")
        cue = decoded.place or (float(game.state.pos[0][0]), float(game.state.pos[0][1]))
        declaration = self._declaration(game, decoded, cue)
        info: dict[str, Any] = {"declaration_refused": "", "placed_at": decoded.place}
        before = game.score
        try:
            ruling, after = _play(game, decoded.strike, declaration, decoded.place, info)
        except InvalidDeclarationError as exc:
            info["declaration_refused"] = str(exc)
            declaration = default_declaration(game, cue, decoded.strike.phi)
            ruling, after = _play(game, decoded.strike, declaration, decoded.place, info)
        self._dry = 0 if ruling.pocketed else self._dry + 1
        after, spent, moves = self._others(after)
        self.game = after
        info.update(
            fouls=tuple(f.code for f in ruling.fouls),
            pocketed=tuple(game.ball_names[b] for b in ruling.pocketed),
            reason=ruling.reason,
            other_moves=moves,
        )
        self.other_seconds += spent
        reward = self._reward(ruling, before, after)
        return observe(after, LEARNER), reward, after.is_over, False, info

    # ------------------------------------------------------------------ the other moves
    def _declaration(self, game: Game, decoded: Any, cue: tuple[float, float]) -> Declaration:
        if self.calls == "action":
            return chosen_declaration(
                game, cue, decoded.call_ball, decoded.call_pocket, decoded.flag
            )
        return default_declaration(game, cue, decoded.strike.phi)

    def _others(self, game: Game) -> tuple[Game, float, int]:
        """Every move until the learner is to shoot or the rack is over: (game, seconds spent
        in the other moves, moves made)."""
        spent, moves = 0.0, 0
        while not game.is_over and moves < MAX_OTHER_MOVES:
            referee = self._referee(game)
            if referee is not None:
                game = referee
                continue
            if game.to_play == LEARNER and not game.pending_choice:
                break
            began = time.perf_counter()
            game = self._other_move(game)
            spent += time.perf_counter() - began
            moves += 1
        return game, spent, moves

    def _other_move(self, game: Game) -> Game:
        """One move of the computer, or a choice of the learner's made for it."""
        if self.opponent == "random" and not game.pending_choice and game.to_play != LEARNER:
            action = self._random.uniform(-1.0, 1.0, action_size(calls=False))
            decoded = decode(action, game, calls=False)
            cue = decoded.place or (float(game.state.pos[0][0]), float(game.state.pos[0][1]))
            declaration = default_declaration(game, cue, decoded.strike.phi)
            shot, after = _play(game, decoded.strike, declaration, decoded.place, {})
            self._dry = 0 if shot.pocketed else self._dry + 1
            return after
        level = "amateur" if self.opponent == "random" else self.opponent
        move = choose(game, level, seed=self._opponent_seed)
        ruling, moved = move.play(game)
        if ruling is not None:
            self._dry = 0 if ruling.pocketed else self._dry + 1
        return moved

    def _referee(self, game: Game) -> Game | None:
        """The referee's act due now, if any: the two-foul warning when the players give it
        (given as soon as due), snooker's stalemate warning and re-start."""
        if game.pending_choice:
            return None
        due = any(n >= 2 and not w for n, w in zip(game.fouls_in_a_row, game.warning_given,
                                                   strict=False))  # fmt: skip
        if due and not game.referee_warns and type(game).has_three_fouls_rule:
            return game.give_warning()
        warn = getattr(game, "warn_stalemate", None)
        if warn is not None and self._dry >= STALEMATE_DECLARED:
            self._dry = 0
            restarted: Game = game.declare_stalemate()  # type: ignore[attr-defined]
            return restarted
        if warn is not None and self._dry == STALEMATE_WARNING and not game.stalemate_warned:  # type: ignore[attr-defined]
            warned: Game = warn()
            return warned
        return None

    # ------------------------------------------------------------------ rewards
    def _reward(self, ruling: Ruling, before: tuple[int, ...], after: Game) -> float:
        side = LEARNER % after.sides
        if self.reward_kind == "points":
            # the change of the margin: a frame re-started (stalemate) starts again from 0
            return float(_margin(after.score, side) - _margin(before, side))
        if self.reward_kind == "pots":
            if ruling.fouls:
                return -1.0
            return float(sum(1 for b in ruling.pocketed if b != 0))
        if not after.is_over or after.winner is None:
            return 0.0
        return 1.0 if after.winner == side else -1.0


def _play(
    game: Game,
    strike: Strike,
    declaration: Declaration,
    place: tuple[float, float] | None,
    info: dict[str, Any],
) -> tuple[Ruling, Game]:
    """``game.play``, the cue ball moved to the nearest legal place when the referee refuses
    the one asked for (``info["placed_at"]`` says where it went)."""
    try:
        return game.play(strike, declaration, place)
    except IllegalPlacementError:
        if place is None:
            raise
        place = nearest_legal_place(game, place)
        info["placed_at"] = place
        return game.play(strike, declaration, place)


def _margin(score: tuple[int, ...], side: int) -> int:
    """The side's points less the others'."""
    return int(score[side]) - sum(int(s) for i, s in enumerate(score) if i != side)

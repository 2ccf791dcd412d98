"""The match without pygame: the game being played, the match score, the history of games for
undo, the last shot; and the shot pipeline strike -> simulate -> judge -> apply
(docs/architecture.md, "One shot, end to end").

A :class:`Session` is driven by the window (``render.app.App``) and by tests alike; it never
draws and never imports pygame. An action the rules or the engine refuse raises
:class:`ActionRefusedError` with a message for the player and leaves the session as it was.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import rules
import sim
from render.game_features import FrameMovesGame
from render.history import HistoryEntry, LastShot
from render.match import MatchConfig, MatchScore
from render.match_statistics import (
    Figures,
    added,
    figures_from_json,
    figures_to_json,
    match_figures,
)
from render.savefile import SaveFileError, load_session, save_session
from render.session_codec import decode_session, encode_session
from render.words import choice_label
from rules.persist import to_dict
from sim.errors import EventCapExceededError, SimInputError

#: Where an unexpected error in the shot pipeline is logged, with its traceback.
LOG = logging.getLogger("cuesim.render.session")


class ActionRefusedError(ValueError):
    """The rules or the engine refused an action (a shot, a choice, a warning...); the message
    says why, for the player. Nothing changed."""


def _unexpected(doing: str, exc: BaseException) -> ActionRefusedError:
    """An error nobody documented, while ``doing`` something: logged with its traceback on
    :data:`LOG`, and turned into a message for the player."""
    LOG.error("unexpected error while %s", doing, exc_info=exc)
    return ActionRefusedError(
        f"Something went wrong while {doing} ({type(exc).__name__}: {exc}). Nothing was "
        "played and the match is kept; the details are in the log."
    )


def new_game(config: MatchConfig, score: MatchScore) -> rules.Game:
    """The rules ``Game`` of rack / frame ``score.rack`` of the match ``config``, the player
    ``score.breaker`` breaking, on ``config.game_table()``, between ``config.game_players``;
    a game that numbers its racks (option ``rack_number``: all three games) draws from
    ``(config.seed, rack)`` itself, so a rack never repeats the one before it (9-ball: « Leurs
    positions doivent être différentes à chaque nouveau rack »); a game without that option
    would get seed ``config.seed + score.rack``."""
    cls = config.game_class
    options: dict[str, object] = {
        "table": config.game_table(),
        "breaker": score.breaker % len(config.sides),
    }
    seed = config.seed + score.rack
    if "rack_number" in cls.options:
        options["rack_number"] = score.rack
        seed = config.seed
    if cls.has_three_fouls_rule:
        options["referee_warns"] = config.referee_warns
    if config.aggregate:  # the earlier frames' points, for the last frame's tie (§3.10 note)
        options["aggregate_before"] = tuple(score.points)
        options["last_frame"] = score.rack >= config.frames - 1
    return rules.new_game(cls.kind, players=config.game_players, seed=seed, **options)


def frame_points(game: rules.Game) -> tuple[int, int]:
    """The points each side scored in ``game`` (snooker's frame score; (0, 0) in pool)."""
    if not type(game).scores_points:
        return (0, 0)
    return (int(game.score[0]), int(game.score[1]))


class Session:
    """A match being played: ``config``, ``score``, ``game`` (the rules ``Game`` to play),
    ``history`` (the undo stack), ``last_shot``, ``pending_ruling`` (the ruling on a shot not
    applied yet: it is applied when its playback ends) and ``match_winner``."""

    def __init__(self) -> None:
        self.config: MatchConfig | None = None
        self.score: MatchScore | None = None
        self._game: rules.Game | None = None
        self.history: list[HistoryEntry] = []
        self.last_shot: LastShot | None = None
        self.pending_ruling: rules.Ruling | None = None
        self.match_winner: int | None = None
        #: The (game, score) last written to or read from a file; None: none yet.
        self.saved_as: tuple[rules.Game, MatchScore | None] | None = None
        #: (the shot, who chose, what, in words) of the last choice made on a shot's call: the
        #: last-call line says it while that shot is still ``last_shot``.
        self.choice_made: tuple[LastShot, str, str] | None = None
        #: Each player's figures over the matches played before this one in the window's
        #: session, by name (``render.match_statistics``).
        self.earlier_matches: dict[str, Figures] = {}

    @property
    def game(self) -> rules.Game:
        """The rules ``Game`` to play; raises :class:`ActionRefusedError` before the first
        match (``has_match`` says whether there is one)."""
        if self._game is None:
            raise ActionRefusedError("No match is being played yet.")
        return self._game

    @game.setter
    def game(self, game: rules.Game) -> None:
        self._game = game

    @property
    def has_match(self) -> bool:
        """Whether a match is being played (its config, score and game are set)."""
        return self.config is not None and self._game is not None

    @property
    def unsaved_play(self) -> bool:
        """Whether quitting now loses play: a shot or a move since the last save or load (a
        match with no shot yet has nothing to lose)."""
        if self.saved_as is None:
            return bool(self.history)
        return self.saved_as[0] is not self._game or self.saved_as[1] != self.score

    # ---------------------------------------------------------------- match and games
    def start_match(self, config: MatchConfig, position: rules.Game | None = None) -> None:
        """Start a new match: the first rack / frame, the first player breaking; or, given a
        ``position`` (a scenario file's game), from that position. The figures of the match
        before it join the session's (``earlier_matches``)."""
        self.earlier_matches = self.session_figures()
        self.config = config
        self.score = MatchScore.start()
        self.history.clear()
        self.last_shot = None
        self.pending_ruling = None
        self.match_winner = None
        self.saved_as = None
        self.game = new_game(config, self.score) if position is None else position

    def _match(self) -> tuple[MatchConfig, MatchScore]:
        return self.match_config, self.match_score

    @property
    def match_config(self) -> MatchConfig:
        """The match being played; raises :class:`ActionRefusedError` before the first match."""
        if self.config is None:
            raise ActionRefusedError("No match is being played yet.")
        return self.config

    @property
    def match_score(self) -> MatchScore:
        """The score of the match being played; raises :class:`ActionRefusedError` before it."""
        if self.score is None:
            raise ActionRefusedError("No match is being played yet.")
        return self.score

    def next_rack(self) -> int | None:
        """After a game is over: count it, and rack the next one unless the match is won.
        Returns the match winner (then no new game is racked), else None."""
        config, score = self._match()
        self.history.append((self.game, score, self.last_shot))
        self.score = score.after_game(self.game.winner, frame_points(self.game))
        winner = self.score.match_winner(config)
        if winner is not None:
            self.match_winner = winner
            return winner
        self.game = new_game(config, self.score)
        return None

    # ---------------------------------------------------------------- shots
    def shoot(
        self,
        strike: sim.Strike | Callable[[], sim.Strike],
        declaration: rules.Declaration,
        cue_ball_at: tuple[float, float] | None = None,
    ) -> LastShot:
        """Play a shot: place the cue ball (``cue_ball_at``, m, when in hand), simulate once,
        judge. ``strike`` is a ``sim.Strike`` or a function building one (the window passes
        its aim's builder, so a strike the engine refuses is refused here too). The ruling
        waits in ``pending_ruling`` for :meth:`finish_shot`.

        Raises :class:`ActionRefusedError`, and then nothing changes, when the rules refuse the
        placement or the declaration (``rules.RulesError``), the engine refuses the strike
        (``sim.SimInputError``) or stops it at its event cap (``sim.EventCapExceededError``),
        or anything unexpected goes wrong (logged with its traceback on :data:`LOG`): no
        exception from a shot ends the program, and the match is kept."""
        _config, score = self._match()
        game = self.game
        try:
            played = strike() if callable(strike) else strike
            game.validate_declaration(declaration)
            state = game.state_for_shot(cue_ball_at)
            result = sim.simulate(game.table, state, played)
            ruling = game.judge(result, declaration)
        except rules.RulesError as exc:
            raise ActionRefusedError(str(exc)) from exc
        except SimInputError as exc:
            raise ActionRefusedError(
                f"The engine refused this shot ({exc}). Nothing was played: adjust the shot and "
                "shoot again."
            ) from exc
        except EventCapExceededError as exc:
            raise ActionRefusedError(
                "The engine stopped this shot: it needed more collisions and cushion contacts "
                f"than it may compute ({exc}). Nothing was played: the balls are where they "
                "were; shoot again."
            ) from exc
        except Exception as exc:  # the last line of defence: the match must survive
            raise _unexpected("playing this shot", exc) from exc
        shot = LastShot(game, score, played, cue_ball_at, declaration, result, ruling)
        self.history.append((game, score, self.last_shot))
        self.last_shot = shot
        self.pending_ruling = ruling
        return shot

    def finish_shot(self) -> rules.Ruling | None:
        """Apply the pending ruling (``game.apply``); returns it, or None when none waits.

        When the rules cannot apply it (``rules.RulesError``, or anything unexpected, logged on
        :data:`LOG`), the shot is taken back as by :meth:`undo` (the game before it, the score,
        the last shot) and :class:`ActionRefusedError` says so."""
        ruling = self.pending_ruling
        if ruling is None:
            return None
        try:
            game = self.game.apply(ruling)
        except Exception as exc:
            self.undo()
            if isinstance(exc, rules.RulesError):
                raise ActionRefusedError(
                    f"The referee could not apply the call on this shot ({exc}); the shot was "
                    "taken back."
                ) from exc
            raise _unexpected("applying the referee's call", exc) from exc
        self.game = game
        self.pending_ruling = None
        return ruling

    def choose(self, choice: rules.Choice) -> None:
        """The player to act picks one of ``game.pending_choice``."""
        before = self.game
        try:
            self.game = before.choose(choice)
        except rules.RulesError as exc:
            raise ActionRefusedError(str(exc)) from exc
        if self.last_shot is not None:
            label = choice_label(rules.Choice(choice), before)  # "Re-rack, Bob breaks"
            words = label[:1].lower() + label[1:]
            self.choice_made = (self.last_shot, before.players[before.to_play], words)

    # ---------------------------------------------------------------- declared fouls
    def foul_shot(self) -> LastShot | None:
        """The shot a player may still declare a foul on: the last shot played, as long as the
        game has not moved past it (no new rack, warning or concession since; undo steps back
        to the shot before). None when there is none."""
        shot = self.last_shot
        if shot is None or not self.history or self.history[-1][0] is not shot.before_game:
            return None
        return shot

    def declarable_fouls(self) -> tuple[tuple[str, str], ...]:
        """(code, rule clause) of the fouls a player may declare on :meth:`foul_shot`, from the
        game that judged it (``Game.declarable_fouls``); empty when there is no such shot."""
        shot = self.foul_shot()
        if shot is None:
            return ()
        return tuple(shot.before_game.declarable_fouls().items())

    def declare_foul(self, code: str) -> rules.Ruling:
        """A player declares the foul ``code`` on the last shot, or withdraws it when it was
        declared already: the shot is judged again by the game before it with ``code`` in
        ``Declaration.declared_fouls`` (the same stored result, no new simulation) and the new
        ruling replaces the old one (any choice made since is dropped). Returns the ruling;
        raises :class:`ActionRefusedError` when there is no such shot or the rules refuse."""
        shot = self.foul_shot()
        if shot is None:
            raise ActionRefusedError(
                "No shot to declare a foul on: fouls are declared on the last shot."
            )
        declared = set(shot.declaration.declared_fouls)
        declared.symmetric_difference_update({code})
        declaration = replace(shot.declaration, declared_fouls=frozenset(declared))
        try:
            ruling = shot.before_game.judge(shot.result, declaration)
            game = shot.before_game.apply(ruling)
        except rules.RulesError as exc:
            raise ActionRefusedError(str(exc)) from exc
        self.last_shot = replace(shot, declaration=declaration, ruling=ruling)
        self.game = game
        self.pending_ruling = None
        return ruling

    # ---------------------------------------------------------------- moves between shots
    def _move_to(self, game: rules.Game) -> None:
        """Make ``game`` the current game after a move between shots (a warning, a concession,
        a re-rack), keeping the previous one for undo."""
        _config, score = self._match()
        self.history.append((self.game, score, self.last_shot))
        self.game = game

    def set_position(self, game: rules.Game) -> None:
        """Make ``game`` (a position set by hand in practice, ``render.practice``) the current
        game, keeping the previous one for undo."""
        self._move_to(game)

    def retry_last_shot(self) -> rules.Game:
        """Put back the position the last shot was played from, and the score then, for the
        shot to be played again (practice); the game now is kept for undo. Raises
        :class:`ActionRefusedError` before any shot."""
        shot = self.last_shot
        if shot is None:
            raise ActionRefusedError("No shot to play again yet: play one first.")
        self._move_to(shot.before_game)
        self.score = shot.before_score
        return shot.before_game

    def warning_due(self) -> tuple[int, ...]:
        """Players a player may warn now (9-ball with ``referee_warns`` off): two fouls in a row
        and no warning yet. Empty when the referee warns by itself or nobody is due."""
        game = self._game
        if game is None or game.is_over or game.referee_warns:
            return ()
        pairs = zip(game.fouls_in_a_row, game.warning_given, strict=False)
        return tuple(i for i, (n, w) in enumerate(pairs) if n >= 2 and not w)

    def give_warning(self) -> str:
        """The opponent warns the player with two fouls in a row (``Game.give_warning``): a
        third foul in a row now loses the rack. Returns what happened, in words."""
        due = self.warning_due()
        if not due:
            raise ActionRefusedError("Nobody has two fouls in a row without a warning.")
        try:
            game = self.game.give_warning()
        except rules.RulesError as exc:
            raise ActionRefusedError(str(exc)) from exc
        names = " and ".join(self.game.players[i] for i in due)
        self._move_to(game)
        return f"{names} warned: a third foul in a row loses the rack."

    def concede(self, player: int) -> str:
        """``player`` concedes the frame (``FrameMovesGame.concede``, snooker); the frame is
        over, won by the other side. Returns the referee's words."""
        game = self._frame_move(lambda g: g.concede(player), "be conceded")
        return str(game.last_reason)

    def warn_stalemate(self) -> str:
        """The referee's warning that a stalemate is near (``FrameMovesGame.warn_stalemate``,
        snooker §13): if the position does not change the frame will be re-started; it stands
        until a ball is potted. Returns the referee's words."""
        game = self._frame_move(lambda g: g.warn_stalemate(), "be warned of a stalemate")
        return str(game.last_reason)

    def declare_stalemate(self) -> str:
        """The players agree on a stalemate (``FrameMovesGame.declare_stalemate``): the frame
        is void and racked again, the same player breaking; the match score is unchanged.
        Returns what happened, in words."""
        game = self._frame_move(lambda g: g.declare_stalemate(), "be re-racked as a stalemate")
        return f"Stalemate: the frame starts again; {game.players[game.to_play]} breaks off."

    def _frame_move(self, move: Callable[[FrameMovesGame], rules.Game], what: str) -> rules.Game:
        """The game after ``move`` (a move between shots of a game with them,
        :class:`render.game_features.FrameMovesGame`), made the session's game; else
        ``ActionRefusedError``: "A 9-ball rack cannot <what>." for a game without such moves,
        the rules' own words when they refuse."""
        game = self.game
        if not isinstance(game, FrameMovesGame):
            raise ActionRefusedError(f"A {game.title} {game.frame_word} cannot {what}.")
        try:
            after = move(game)
        except rules.RulesError as exc:
            raise ActionRefusedError(str(exc)) from exc
        self._move_to(after)
        return after

    # ---------------------------------------------------------------- undo, save, load
    def undo(self) -> bool:
        """Take back the last shot (or the last rack change): the previous game and score.
        False when there is nothing to undo."""
        if not self.history:
            return False
        self.game, self.score, self.last_shot = self.history.pop()
        self.match_winner = None
        self.pending_ruling = None
        return True

    def match_figures(self) -> dict[str, Figures]:
        """Each player's figures over this match's shots, by name."""
        return match_figures(self.history, self.last_shot, self._game)

    def session_figures(self) -> dict[str, Figures]:
        """Each player's figures over the window's session: the earlier matches and this one."""
        return added(self.earlier_matches, self.match_figures())

    def to_json(self) -> dict[str, object]:
        """The whole session as JSON-ready data (:func:`render.session_codec.encode_session`),
        with the players' figures: ``statistics.match`` (this match, for a reader: a loaded
        match counts its shots again) and ``statistics.earlier_matches`` (the window's session
        before it, read back on loading)."""
        config, score = self._match()
        data = encode_session(config, score, self.game, self.history, self.last_shot)
        data["statistics"] = {
            "match": figures_to_json(self.match_figures()),
            "earlier_matches": figures_to_json(self.earlier_matches),
        }
        return data

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the session to ``path`` atomically; raises ``SaveFileError``."""
        written = save_session(path, self.to_json())
        self.saved_as = (self.game, self.score)
        return written

    def load(self, path: str | os.PathLike[str]) -> None:
        """Replace the session by the one saved at ``path``; raises ``SaveFileError`` and then
        leaves this one as it was."""
        raw = load_session(path)
        restored = decode_session(raw)
        earlier = saved_earlier_matches(raw)
        self.config, self.score, self.game, self.history, shot = restored
        self.earlier_matches = earlier
        self.last_shot = shot_linked_to_undo(self.history, shot)
        self.match_winner = None
        self.pending_ruling = None
        self.saved_as = (self.game, self.score)


def saved_earlier_matches(raw: dict[str, object]) -> dict[str, Figures]:
    """The figures of the earlier matches a save file holds (``statistics.earlier_matches``);
    none in a file written before statistics were saved. ``SaveFileError`` when present and
    wrong."""
    saved = raw.get("statistics")
    if saved is None:
        return {}
    if not isinstance(saved, dict):
        raise SaveFileError("the save file is damaged: session.statistics is not an object")
    try:
        return figures_from_json(saved.get("earlier_matches", {}), "earlier_matches")
    except ValueError as exc:
        raise SaveFileError(f"the save file is damaged: session.statistics.{exc}") from exc


def shot_linked_to_undo(history: list[HistoryEntry], shot: LastShot | None) -> LastShot | None:
    """``shot`` with, as its game before, the undo stack's last game when both are the same
    position (``rules.persist.to_dict``). A save file writes them apart and loading rebuilds
    two objects; :meth:`Session.foul_shot` tells the shot still open to a declared foul by
    identity, so without this a loaded (replayed) shot could never be declared a foul on."""
    if shot is None or not history:
        return shot
    top = history[-1][0]
    if top is shot.before_game:
        return shot
    if to_dict(top) != to_dict(shot.before_game):
        return shot
    return replace(shot, before_game=top)

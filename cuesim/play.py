"""``cuesim play`` and ``cuesim replay``: the hot-seat window.

``register`` only builds the argument parsers (cheap: no pygame, no Numba at import); the
handlers import the window when they run. Every value is checked before the window opens:
the size between :data:`MIN_WINDOW` and :data:`MAX_WINDOW`, the save file's path
(:func:`save_path_problem`), the options against the game chosen (:func:`option_problem`: what
an option is for is read off the game classes), the match itself (``render.match``), and the
script of ``CUESIM_SCRIPT`` (``render.scripted``).

    cuesim play [GAME] --players NAME NAME [NAME NAME] [--computer LEVEL [LEVEL ...]]
                [--table 7|8|9] [--race N | --frames N | --aggregate N] [--players-warn]
                [--save PATH] [--aim none|ghost|full] [--size WxH] [--seed N] [--practice]
    cuesim play --scenario FILE [--aim none|ghost|full] [--save PATH] [--size WxH]
    cuesim replay SAVEFILE [--size WxH]
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rules
import rules.arguments
from cuesim.options import bounded_int
from render.match import (  # no pygame: the match setup only
    AIM_LEVELS,
    COMPUTER_LEVELS,
    DEFAULT_AIM_LEVEL,
    computer_name,
)

if TYPE_CHECKING:
    from render.app import App
    from render.frame_loop import FrameDriver
    from render.match import MatchConfig
    from render.scenario_io import OpenedScenario

#: The games ``cuesim play`` offers: every registered game (``rules.games()``).
GAMES = tuple(cls.kind.value for cls in rules.games())

#: Longest match offered on the command line: a race to 99 racks, or the best of 35 frames.
MAX_RACE = 99
MAX_FRAMES = 35
#: The window sizes a player may ask for, px: no smaller than the window can lay itself out in
#: (``render.layout.MIN_WINDOW``), no larger than an 8K display (its table picture alone is
#: 130 MB; a 100000 x 100000 window would ask for tens of GB).
MIN_WINDOW = (640, 480)
MAX_WINDOW = (7680, 4320)


def _titles(has: Callable[[type[rules.Game]], bool]) -> str:
    """The titles of the games that ``has`` something, for a help text or a message."""
    names = [cls.title for cls in rules.games() if has(cls)]
    return ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1] if names else ""


def _won_on_points(cls: type[rules.Game]) -> bool:
    return cls.scores_points


def _raced(cls: type[rules.Game]) -> bool:
    return not cls.scores_points


def _aggregated(cls: type[rules.Game]) -> bool:
    return "aggregate_before" in cls.options


def _warned(cls: type[rules.Game]) -> bool:
    return cls.has_three_fouls_rule


def _tabled(cls: type[rules.Game]) -> bool:
    return len(cls.allowed_tables()) > 1


def _frames(text: str) -> int:
    """``--frames``: an odd number of frames, 1 to :data:`MAX_FRAMES` ("best of 4" can tie)."""
    value = bounded_int(1, MAX_FRAMES, "--frames")(text)
    if value % 2 == 0:
        raise argparse.ArgumentTypeError(
            f"--frames must be odd (best of N frames cannot end level); got {value}"
        )
    return value


def computer_level(text: str) -> str:
    """``--computer``: one of the computer's levels (``agents.LEVELS``)."""
    if text not in COMPUTER_LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown computer level {text!r}; the levels are {', '.join(COMPUTER_LEVELS)}"
        )
    return text


def window_size(text: str) -> tuple[int, int]:
    """``--size``: ``WIDTHxHEIGHT`` in px, from :data:`MIN_WINDOW` to :data:`MAX_WINDOW`."""
    low = f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
    high = f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}"
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x820, got {text!r}") from None
    if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {low}, got {text!r}")
    if w > MAX_WINDOW[0] or h > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(f"the window must be at most {high}, got {text!r}")
    return w, h


def save_path_problem(path: Path) -> str | None:
    """Why ``path`` cannot be the session file Ctrl+S writes and Ctrl+O reads, or None: its
    folder must exist and be writable, and the path must be a regular file or nothing yet (a
    folder, a FIFO or a device is refused before the window opens, not at the first save)."""
    folder = path.parent
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{path}: the folder {folder} cannot be written"
    if path.is_dir():
        return f"{path}: is a folder; give a file name"
    if path.exists():
        if not stat.S_ISREG(path.stat().st_mode):
            return f"{path}: is not a regular file (a FIFO, a device...); give a file name"
        if not os.access(path, os.R_OK | os.W_OK):
            return f"{path}: the file cannot be read and replaced"
    return None


def save_path(text: str) -> Path:
    """``--save``: a session file that can be written and read (:func:`save_path_problem`)."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError(f"not a file name: {text!r}")
    path = Path(text)
    problem = save_path_problem(path)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return path


def register(subparsers: Any) -> None:
    """Add the ``play`` and ``replay`` subcommands to the ``cuesim`` parser."""
    titles = _titles(lambda cls: True)
    play = subparsers.add_parser(
        "play",
        help=f"play hot-seat {titles} in a window",
        description="Hot-seat play in a window. Without a game, a start screen asks for one.",
    )
    play.add_argument("game", nargs="?", choices=GAMES, help="the game (default: start screen)")
    play.add_argument(
        "--players", nargs="+", metavar="NAME", help="2 names, or 4 for doubles (1 & 3 v 2 & 4)"
    )
    play.add_argument(
        "--computer",
        nargs="+",
        type=computer_level,
        metavar="LEVEL",
        help=f"the computer plays the seats after the --players, one per level "
        f"({', '.join(COMPUTER_LEVELS)}): --players Ann --computer pro; two levels and no "
        "--players to watch it play itself",
    )
    play.add_argument(
        "--table",
        type=int,
        choices=(7, 8, 9),
        default=None,
        help=f"{_titles(_tabled)}: the table, ft (default 9)",
    )
    group = play.add_mutually_exclusive_group()
    group.add_argument(
        "--race",
        type=bounded_int(1, MAX_RACE, "--race"),
        metavar="N",
        help=f"{_titles(_raced)}: first to N racks, 1 to {MAX_RACE} (default 3)",
    )
    group.add_argument(
        "--frames",
        type=_frames,
        metavar="N",
        help=f"{_titles(_won_on_points)}: best of N frames, N odd, 1 to {MAX_FRAMES} (default 3)",
    )
    group.add_argument(
        "--aggregate",
        type=bounded_int(1, MAX_FRAMES, "--aggregate"),
        metavar="N",
        help=f"{_titles(_aggregated)}: N frames, all played, won on the total points, "
        f"1 to {MAX_FRAMES}",
    )
    play.add_argument(
        "--players-warn",
        action="store_true",
        help=f"{_titles(_warned)}: the opponent gives the two-foul warning (W); default: the "
        "referee does",
    )
    play.add_argument(
        "--seed",
        type=bounded_int(0, 2**63 - 1, "--seed"),
        default=None,
        help="seed of the racks (default: random)",
    )
    play.add_argument(
        "--aim",
        choices=AIM_LEVELS,
        default=None,
        help="aim assist for both sides: none (cue only), ghost (ghost ball and lines; the "
        "default), full (the engine's simulated paths)",
    )
    play.add_argument("--save", type=save_path, metavar="PATH", help="file for Ctrl+S / Ctrl+O")
    play.add_argument(
        "--size",
        type=window_size,
        default=None,
        help=f"window size, e.g. 1280x820 ({MIN_WINDOW[0]}x{MIN_WINDOW[1]} to "
        f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]})",
    )
    play.add_argument(
        "--practice",
        action="store_true",
        help="practice: drag any ball, add or take off balls, play the last shot again (A); "
        "every shot still judged",
    )
    play.add_argument(
        "--scenario",
        metavar="FILE",
        help="open a shot-lab scenario file (docs/scenario-format.md) to practise: its game, "
        "table, balls, state of play and shot",
    )
    play.set_defaults(handler=run_play)

    replay = subparsers.add_parser(
        "replay",
        help="open a saved game and replay its last shot",
        description="Open a save file written by Ctrl+S in `cuesim play` and replay its last shot.",
    )
    replay.add_argument("savefile", help="a .cuesim.json save file")
    replay.add_argument("--size", type=window_size, default=None, help="window size, e.g. 1280x820")
    replay.set_defaults(handler=run_replay)


class PlayRefusedError(ValueError):
    """A ``cuesim play`` or ``replay`` refused before its window opens: the one line to print."""


def option_problem(cls: type[rules.Game], args: argparse.Namespace) -> str | None:
    """Why the options of ``args`` do not fit the game ``cls``, or None: each option names the
    games it is for, read off the game classes (their metadata and options)."""
    if args.frames is not None and not _won_on_points(cls):
        return f"--frames is for {_titles(_won_on_points)}; {cls.title} matches use --race"
    if args.players_warn and not _warned(cls):
        return f"--players-warn is for {_titles(_warned)}: the games with the two-foul warning"
    if args.aggregate is not None and not _aggregated(cls):
        return f"--aggregate is for {_titles(_aggregated)}; {cls.title} matches use --race"
    if args.race is not None and not _raced(cls):
        return f"--race is for {_titles(_raced)}; {cls.title} matches use --frames"
    if args.table is not None and not _tabled(cls):
        return f"--table is for {_titles(_tabled)}; {cls.title} has one table"
    return None


def match_config(args: argparse.Namespace) -> MatchConfig | None:
    """The match the command line asks for, or None (the start screen asks); raises
    :class:`PlayRefusedError` with the one line to print."""
    from render.match import MatchConfig, MatchSetupError

    if args.aim is not None and args.game is None:
        raise PlayRefusedError("--aim needs a game (the start screen asks for the level)")
    levels = tuple(args.computer or ())
    if args.game is None and not args.players and not levels:
        return None
    cls = rules.game_class(args.game or GAMES[0])
    problem = option_problem(cls, args)
    if problem is not None:
        raise PlayRefusedError(problem)
    try:
        people = tuple(args.players or (() if levels else ("Player 1", "Player 2")))
        players = rules.arguments.check_player_names(people, "--players") if people else ()
    except rules.InvalidOptionError as exc:
        raise PlayRefusedError(str(exc)) from None
    players, computers = seats(players, levels)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "little")
    try:
        return MatchConfig(
            game=cls.kind.value,
            players=players,
            table_feet=args.table if args.table is not None else 9,
            race_to=args.race if args.race is not None else 3,
            frames=args.aggregate or (args.frames if args.frames is not None else 3),
            seed=seed,
            referee_warns=not args.players_warn,
            aim_assist=args.aim or DEFAULT_AIM_LEVEL,
            aggregate=args.aggregate is not None,
            computers=computers,
            practice=bool(getattr(args, "practice", False)),
        )
    except MatchSetupError as exc:
        raise PlayRefusedError(str(exc)) from None


def seats(
    people: tuple[str, ...], levels: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The match's seats: the people of ``--players`` first, then one computer seat per level
    of ``--computer`` (named by :func:`render.match.computer_name`); and each seat's level
    (None: a person; () when no computer plays). :class:`PlayRefusedError` for a number of
    seats no match has (2, or 4 for doubles)."""
    if not levels:
        return people, ()
    count = len(people) + len(levels)
    if count not in (2, 4):
        given = f"--players {' '.join(people)} and " if people else ""
        raise PlayRefusedError(
            f"{given}--computer {' '.join(levels)} make {count} seat{'s' * (count != 1)}; a match "
            "needs 2 (--players Ann --computer pro, or --computer pro amateur to watch), or 4 "
            "for doubles"
        )
    names = list(people)
    for level in levels:
        names.append(computer_name(level, tuple(names)))
    return tuple(names), (None,) * len(people) + levels


def scenario_opening(args: argparse.Namespace) -> tuple[MatchConfig, OpenedScenario] | None:
    """The practice match and the position of ``--scenario FILE``, or None without it; the
    file is read and set up as the lab does (``render.scenario_io.open_scenario``) and
    :class:`PlayRefusedError` carries the lab's one line for a file it refuses."""
    if not getattr(args, "scenario", None):
        return None
    from lab.scenario_types import ScenarioError
    from render.match import MatchConfig, MatchSetupError
    from render.scenario_io import open_scenario

    for given in ("game", "players", "table", "race", "frames", "aggregate"):
        if getattr(args, given, None):
            name = "GAME" if given == "game" else f"--{given}"
            raise PlayRefusedError(f"--scenario takes the game, table and players from its file; "
                                   f"leave out {name}")  # fmt: skip
    try:
        opened = open_scenario(args.scenario)
    except ScenarioError as exc:
        raise PlayRefusedError(str(exc)) from None
    game = opened.game
    kind = type(game).kind.value
    feet = [f for f in (9, 8, 7) if MatchConfig(kind, table_feet=f).game_table == game.table]
    try:
        config = MatchConfig(
            game=kind,
            players=tuple(game.players),
            table_feet=feet[0] if feet else 9,
            seed=args.seed if args.seed is not None else 0,
            aim_assist=args.aim or DEFAULT_AIM_LEVEL,
            practice=True,
        )
    except MatchSetupError as exc:
        raise PlayRefusedError(str(exc)) from None
    return config, opened


def scripted_input() -> FrameDriver[App] | None:
    """The scripted input of ``CUESIM_SCRIPT`` (tests under a virtual display), read and
    checked now (``render.scripted``); None without it. :class:`PlayRefusedError` for a script
    that cannot run."""
    path = os.environ.get("CUESIM_SCRIPT")
    if not path:
        return None
    from render.scripted import ScriptError, ScriptPlayer

    try:
        return ScriptPlayer.from_file(path)
    except ScriptError as exc:
        raise PlayRefusedError(str(exc)) from None


def run_play(args: argparse.Namespace) -> int:
    """Handler of ``cuesim play``: the match and the script checked, then the window."""
    try:
        scenario = scenario_opening(args)
        config = match_config(args) if scenario is None else scenario[0]
        driver = scripted_input()
    except PlayRefusedError as exc:
        print(f"cuesim play: {exc}", file=sys.stderr)
        return 2
    from render.app import DEFAULT_SIZE, run
    from render.layout import default_window_size

    size = args.size or default_window_size(DEFAULT_SIZE)
    opening = scenario[1] if scenario is not None else None
    return run(config, size=size, save_path=args.save, driver=driver, opening=opening)


def run_replay(args: argparse.Namespace) -> int:
    """Handler of ``cuesim replay``: check the file (and the script) first, so a bad one fails
    before a window."""
    from render.savefile import SaveFileError
    from render.session_codec import read_session

    try:
        read_session(args.savefile)
        driver = scripted_input()
    except (SaveFileError, PlayRefusedError) as exc:
        print(f"cuesim replay: {exc}", file=sys.stderr)
        return 2
    from render.app import DEFAULT_SIZE, run
    from render.layout import default_window_size

    return run(
        None,
        size=args.size or default_window_size(DEFAULT_SIZE),
        save_path=args.savefile,
        load_path=args.savefile,
        replay_last=True,
        driver=driver,
    )

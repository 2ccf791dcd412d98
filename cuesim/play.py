"""``cuesim play`` and ``cuesim replay``: the hot-seat window.

``register`` only builds the argument parsers (cheap: no pygame, no Numba at import); the
handlers import the window when they run.

    cuesim play [nine-ball|eight-ball|snooker] --players NAME NAME [NAME NAME]
                [--table 7|8|9] [--race N | --frames N] [--players-warn] [--save PATH]
                [--aim none|ghost|full] [--size WxH]
    cuesim replay SAVEFILE
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import rules
import rules.arguments
from cuesim.options import bounded_int
from render.match import AIM_LEVELS, DEFAULT_AIM_LEVEL  # no pygame: the match setup only

#: The games ``cuesim play`` offers: every registered game (``rules.games()``).
GAMES = tuple(cls.kind.value for cls in rules.games())


#: Longest match offered on the command line: a race to 99 racks, or the best of 35 frames.
MAX_RACE = 99
MAX_FRAMES = 35


def _frames(text: str) -> int:
    """``--frames``: an odd number of frames, 1 to :data:`MAX_FRAMES` ("best of 4" can tie)."""
    value = bounded_int(1, MAX_FRAMES, "--frames")(text)
    if value % 2 == 0:
        raise argparse.ArgumentTypeError(
            f"--frames must be odd (best of N frames cannot end level); got {value}"
        )
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"size must look like 1280x820, got {text!r}") from exc
    if w < 640 or h < 480:
        raise argparse.ArgumentTypeError(f"the window must be at least 640x480, got {text!r}")
    return w, h


def register(subparsers: Any) -> None:
    """Add the ``play`` and ``replay`` subcommands to the ``cuesim`` parser."""
    play = subparsers.add_parser(
        "play",
        help="play hot-seat 9-ball, 8-ball or snooker in a window",
        description="Hot-seat play in a window. Without a game, a start screen asks for one.",
    )
    play.add_argument("game", nargs="?", choices=GAMES, help="the game (default: start screen)")
    play.add_argument(
        "--players", nargs="+", metavar="NAME", help="2 names, or 4 for doubles (1 & 3 v 2 & 4)"
    )
    play.add_argument(
        "--table", type=int, choices=(7, 8, 9), default=None, help="pool table (ft; default 9)"
    )
    group = play.add_mutually_exclusive_group()
    group.add_argument(
        "--race",
        type=bounded_int(1, MAX_RACE, "--race"),
        metavar="N",
        help=f"pool: first to N racks, 1 to {MAX_RACE} (default 3)",
    )
    group.add_argument(
        "--frames",
        type=_frames,
        metavar="N",
        help=f"snooker: best of N frames, N odd, 1 to {MAX_FRAMES} (default 3)",
    )
    group.add_argument(
        "--aggregate",
        type=bounded_int(1, MAX_FRAMES, "--aggregate"),
        metavar="N",
        help=f"snooker: N frames, all played, won on the total points, 1 to {MAX_FRAMES}",
    )
    play.add_argument(
        "--players-warn",
        action="store_true",
        help="9-ball: the opponent gives the two-foul warning (W); default: the referee does",
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
    play.add_argument("--save", metavar="PATH", help="file for Ctrl+S / Ctrl+O")
    play.add_argument("--size", type=_size, default=None, help="window size, e.g. 1280x820")
    play.set_defaults(handler=run_play)

    replay = subparsers.add_parser(
        "replay",
        help="open a saved game and replay its last shot",
        description="Open a save file written by Ctrl+S in `cuesim play` and replay its last shot.",
    )
    replay.add_argument("savefile", help="a .cuesim.json save file")
    replay.add_argument("--size", type=_size, default=None, help="window size, e.g. 1280x820")
    replay.set_defaults(handler=run_replay)


def _script() -> str | None:
    return os.environ.get("CUESIM_SCRIPT") or None


def run_play(args: argparse.Namespace) -> int:
    """Handler of ``cuesim play``."""
    from render.match import MatchConfig, MatchSetupError

    config = None
    if args.aim is not None and args.game is None:
        print(
            "cuesim play: --aim needs a game (the start screen asks for the level)", file=sys.stderr
        )
        return 2
    if args.game is not None or args.players:
        cls = rules.game_class(args.game or GAMES[0])
        if args.frames is not None and not cls.scores_points:
            print("cuesim play: --frames is for snooker; pool matches use --race", file=sys.stderr)
            return 2
        if args.players_warn and not cls.has_three_fouls_rule:
            print("cuesim play: --players-warn is for 9-ball", file=sys.stderr)
            return 2
        if args.aggregate is not None and "aggregate_before" not in cls.options:
            print(
                f"cuesim play: --aggregate is for snooker; {cls.title} matches use --race",
                file=sys.stderr,
            )
            return 2
        if args.race is not None and cls.scores_points:
            print("cuesim play: --race is for pool; snooker matches use --frames", file=sys.stderr)
            return 2
        if args.table is not None and cls.scores_points:
            print(f"cuesim play: --table is for pool; {cls.title} has one table", file=sys.stderr)
            return 2
        try:
            players = rules.arguments.check_player_names(
                tuple(args.players or ("Player 1", "Player 2")), "--players"
            )
        except rules.InvalidOptionError as exc:
            print(f"cuesim play: {exc}", file=sys.stderr)
            return 2
        seed = args.seed
        if seed is None:
            seed = int.from_bytes(os.urandom(3), "little")
        try:
            config = MatchConfig(
                game=cls.kind.value,
                players=players,
                table_feet=args.table if args.table is not None else 9,
                race_to=args.race if args.race is not None else 3,
                frames=args.aggregate or (args.frames if args.frames is not None else 3),
                seed=seed,
                referee_warns=not args.players_warn,
                aim_assist=args.aim or DEFAULT_AIM_LEVEL,
                aggregate=args.aggregate is not None,
            )
        except MatchSetupError as exc:
            print(f"cuesim play: {exc}", file=sys.stderr)
            return 2
    from render.app import DEFAULT_SIZE, run
    from render.layout import default_window_size

    size = args.size or default_window_size(DEFAULT_SIZE)
    return run(config, size=size, save_path=args.save, script=_script())


def run_replay(args: argparse.Namespace) -> int:
    """Handler of ``cuesim replay``: check the file first, so a bad one fails before a window."""
    from render.savefile import SaveFileError
    from render.session_codec import read_session

    try:
        read_session(args.savefile)
    except SaveFileError as exc:
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
        script=_script(),
    )

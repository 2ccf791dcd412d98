"""A side in words: a player, or the two players of a team in four-handed snooker (French
text §14), and a verb that agrees with it."""

from __future__ import annotations


def side_name(players: tuple[str, ...], side: int | None, sides: int = 2) -> str:
    """A side in words: the player, or with more players than ``sides`` the players of that
    team, ``side``, ``side + sides``, ... joined by " & " (four-handed snooker, French text
    §14: Ann and Cid against Bob and Dee); "nobody" for None, "player N" for a side the names
    do not reach."""
    if side is None:
        return "nobody"
    if not 0 <= side < max(sides, len(players)):
        return f"player {side + 1}"
    if len(players) <= sides:
        return players[side] if side < len(players) else f"player {side + 1}"
    return " & ".join(players[k] for k in range(side, len(players), sides))


def wins_words(name: str, verb: str = "wins") -> str:
    """``name`` (a side: :func:`side_name`) and ``verb`` agreeing with it: "Ann wins", "Ann &
    Cid win"; "Ann scores", "Ann & Cid score" for ``verb="scores"``."""
    return f"{name} {verb.removesuffix('s') if ' & ' in name else verb}"

"""The key table gives every key one meaning in each place it acts: two bindings of one
context never share a key (with or without Ctrl) for different actions, since the first one
found would silently take the other's key."""

from __future__ import annotations

from render.keys import BINDINGS


def _clashes() -> list[str]:
    seen: dict[tuple[object, int, bool], str] = {}
    clashes = []
    for binding in BINDINGS:
        holds = (True, False) if binding.ctrl is None else (binding.ctrl,)
        for context in binding.contexts:
            for key in binding.keys:
                for ctrl in holds:
                    place = (context, key, ctrl)
                    other = seen.setdefault(place, binding.action.value)
                    if other != binding.action.value:
                        clashes.append(f"{context.value}: key {key} (ctrl {ctrl}) is "
                                       f"{other} and {binding.action.value}")  # fmt: skip
    return clashes


def test_no_key_means_two_actions_in_one_context() -> None:
    assert not _clashes(), "\n".join(_clashes())

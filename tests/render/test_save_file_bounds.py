"""The work a session file can ask for is bounded by the match it describes: a rack number
beyond the racks the match can take is refused, and a shot stored many times (each undo entry
keeps the shot before it) is simulated once."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from session_builder import played_session

import sim
from render import session_codec
from render.match import MatchConfig
from render.savefile import SaveFileError
from render.session_codec import read_session


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("bounds") / "s.cuesim.json"
    played_session("nine-ball", 3).save(path)
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _write(tmp_path: Path, document: dict[str, Any]) -> Path:
    path = tmp_path / "s.cuesim.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_the_racks_a_match_can_take() -> None:
    assert MatchConfig("nine-ball", race_to=3).most_games == 5
    assert MatchConfig("snooker", frames=7).most_games == 7
    assert MatchConfig("snooker", frames=4, aggregate=True).most_games == 4


def test_a_rack_number_beyond_the_match_is_refused(
    document: dict[str, Any], tmp_path: Path
) -> None:
    """A race to 3 takes at most 5 racks: rack 1,000,000 (the next rack of 9-ball would be
    racked from that number) is no score of it."""
    hostile = copy.deepcopy(document)
    hostile["session"]["score"]["rack"] = 10**6
    with pytest.raises(SaveFileError, match=r"score\.rack must be an integer 0\.\.5"):
        read_session(_write(tmp_path, hostile))
    fine = copy.deepcopy(document)
    fine["session"]["score"]["rack"] = 4
    read_session(_write(tmp_path, fine))


def test_a_shot_stored_many_times_is_simulated_once(
    document: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five thousand undo entries holding the one last shot cost one simulation, not 5,000."""
    many = copy.deepcopy(document)
    entry = many["session"]["undo"][-1]
    assert entry["last_shot"] is not None
    many["session"]["undo"] = [entry] * session_codec.MAX_UNDO
    calls = []
    real = sim.simulate

    def counted(*args: Any, **kwargs: Any) -> sim.ShotResult:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "simulate", counted)
    _config, _score, _game, undo, last = read_session(_write(tmp_path, many))
    assert len(undo) == session_codec.MAX_UNDO
    assert undo[0][2] is undo[-1][2]
    assert len(calls) == 1 + (last is not None and last is not undo[0][2])


def test_more_undo_entries_than_the_limit_are_refused(
    document: dict[str, Any], tmp_path: Path
) -> None:
    many = copy.deepcopy(document)
    many["session"]["undo"] = [many["session"]["undo"][0]] * (session_codec.MAX_UNDO + 1)
    with pytest.raises(SaveFileError, match="at most 5000 items"):
        read_session(_write(tmp_path, many))


def test_a_session_longer_than_the_undo_limit_saves_a_file_that_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loader reads at most MAX_UNDO undo entries; a save of a longer session kept them all
    and could not be loaded again. It keeps the last MAX_UNDO."""
    monkeypatch.setattr(session_codec, "MAX_UNDO", 2)
    session = played_session("nine-ball", 4)
    assert len(session.history) > 2
    path = tmp_path / "long.cuesim.json"
    session.save(path)
    _config, _score, game, undo, _last = read_session(path)
    assert len(undo) == 2 and game.shot_number == session.game.shot_number
    assert [g.shot_number for g, _, _ in undo] == [
        g.shot_number for g, _, _ in session.history[-2:]
    ]

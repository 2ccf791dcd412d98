"""The records a shot's facts are made of: one named tuple per kind of logged row the rules
read (a ball-ball contact, a pocketing, a cushion hit, a line crossing, a ball leaving the
table), and :class:`LogRows`, the rows of one log by kind, read from its columns.
:class:`rules.facts.ShotFacts` makes the records from the event log (``sim.EVENT_DTYPE``);
``event`` is always the row of the log.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from rules.values import once

#: A logged row as the records are made from it: (row, t s, a, b, direction).
Row = tuple[int, float, int, int, int]

#: Logs of at most this many rows are read as whole columns once and sorted into kinds in one
#: pass (``LogRows.of``); longer ones by one mask per kind of row.
SHORT_LOG_ROWS = 48


class Contact(NamedTuple):
    """A ball-ball contact: row ``event`` of the log, at time ``t`` (s), between ``ball`` and
    ``other``."""

    event: int
    t: float
    ball: int
    other: int


class Pocketing(NamedTuple):
    """Ball ``ball`` fell into pocket ``pocket`` (id) named ``pocket_name`` at row ``event``."""

    event: int
    t: float
    ball: int
    pocket: int
    pocket_name: str


class CushionHit(NamedTuple):
    """Ball ``ball`` met cushion ``cushion`` (id into ``Table.cushions``) at row ``event``."""

    event: int
    t: float
    ball: int
    cushion: int


class LineCrossing(NamedTuple):
    """Ball ``ball``'s centre crossed marked line ``line`` (named ``line_name``) at row
    ``event``; ``direction`` is +1 towards the foot / top end (+y), -1 towards the head / baulk
    end (-y)."""

    event: int
    t: float
    ball: int
    line: int
    line_name: str
    direction: int


class OffTable(NamedTuple):
    """Ball ``ball`` left the table at row ``event`` (an ``OFF_TABLE`` row, time ``t`` s): over
    rail ``rail`` (id, -1 when the engine names none) or at rest on a rail top
    (docs/physics-airborne.md §4)."""

    event: int
    t: float
    ball: int
    rail: int


class LogRows:
    """The rows of one event log by kind, each read off its columns when first asked for."""

    def __init__(self, events: np.ndarray) -> None:
        self._events = events
        self._by_kind: dict[tuple[int, bool], list[Row]] = {}
        self._short: dict[tuple[int, bool], list[Row]] | None = None

    @once
    def kind(self) -> np.ndarray:
        """The log's ``kind`` column, read when a clause first needs rows of the log (most
        rulings read only its digest)."""
        column: np.ndarray = self._events["kind"]
        return column

    @once
    def a(self) -> np.ndarray:
        """The log's ``a`` column (see ``kind``)."""
        column: np.ndarray = self._events["a"]
        return column

    def of(self, kind: int, cue_only: bool = False) -> list[Row]:
        """The rows of ``kind`` (only those where the cue ball is ``a`` or ``b`` when
        ``cue_only``) as (row, t, a, b, direction), in log order: a short log
        (:data:`SHORT_LOG_ROWS` rows at most) sorted into kinds in one pass, a longer one by one
        mask over the kind column and each column read at those rows once. Kept per (kind,
        cue_only)."""
        key = (kind, cue_only)
        found = self._by_kind.get(key)
        if found is not None:
            return found
        if len(self._events) <= SHORT_LOG_ROWS:
            found = self._short_log().get(key, [])
        else:
            found = self._masked(kind, cue_only)
        self._by_kind[key] = found
        return found

    def _masked(self, kind: int, cue_only: bool) -> list[Row]:
        events = self._events
        mask = self.kind == kind
        if cue_only:
            mask &= (self.a == 0) | (events["b"] == 0)
        rows = mask.nonzero()[0]
        if not len(rows):
            return []
        return list(
            zip(
                rows.tolist(),
                events["t"][rows].tolist(),
                self.a[rows].tolist(),
                events["b"][rows].tolist(),
                events["direction"][rows].tolist(),
                strict=True,
            )
        )

    def _short_log(self) -> dict[tuple[int, bool], list[Row]]:
        """Every row of a short log by (kind, cue_only): the five columns read once as lists
        and the rows sorted into kinds in one pass (cheaper than a mask per kind when there are
        a few dozen rows)."""
        if self._short is None:
            events = self._events
            by_kind: dict[tuple[int, bool], list[Row]] = {}
            columns = (
                self.kind.tolist(),
                events["t"].tolist(),
                self.a.tolist(),
                events["b"].tolist(),
                events["direction"].tolist(),
            )
            for row, (kind, t, a, b, d) in enumerate(zip(*columns, strict=True)):
                entry = (row, t, a, b, d)
                by_kind.setdefault((kind, False), []).append(entry)
                if a == 0 or b == 0:
                    by_kind.setdefault((kind, True), []).append(entry)
            self._short = by_kind
        return self._short

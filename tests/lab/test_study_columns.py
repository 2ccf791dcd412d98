"""The columns of a study table: one per field of the record, each typed by its annotation."""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
import pytest

from agents.noise import StrikeValues
from lab.records import COLUMN_DTYPES, COLUMNS, ShotRecord, column_dtype, dtypes_of


def test_every_column_has_the_numpy_type_of_its_field() -> None:
    record = tuple(f.name for f in fields(ShotRecord))
    assert tuple(f.name for f in fields(StrikeValues)) + record == COLUMNS[1:]
    assert COLUMNS[0] == "shot"
    assert column_dtype("shot") == np.int64
    assert column_dtype("speed") == column_dtype("duration") == np.float64
    assert column_dtype("legal") == column_dtype("break_rule_met") == np.bool_
    assert column_dtype("events") == column_dtype("break_count") == np.int64
    assert column_dtype("fouls") == np.dtype(object)
    assert set(COLUMN_DTYPES) == set(COLUMNS)


def test_a_new_float_column_is_a_float_column() -> None:
    """A column is typed by its field's annotation, not by a list of known float names."""

    @dataclass(frozen=True)
    class Record:
        travel_m: float = 0.0
        kisses: int = 0
        note: str = ""

    assert dtypes_of(Record) == {
        "travel_m": np.dtype(np.float64),
        "kisses": np.dtype(np.int64),
        "note": np.dtype(object),
    }


def test_a_column_of_another_type_is_refused_by_name() -> None:
    @dataclass(frozen=True)
    class Record:
        balls: tuple[int, ...] = ()

    with pytest.raises(TypeError, match=r"Record\.balls: a study column is bool, int, float, str"):
        dtypes_of(Record)

"""rules.values.quick_init: the fast ``__init__`` behaves exactly as the dataclass's own.

Each check builds the same class twice, once with the dataclass's ``__init__`` and once with
``quick_init``'s, and asks both the same things: values, defaults, keyword-only fields, the
errors of a bad call, frozenness, equality, hashing, ``replace`` and pickling. Then every value
class of the referee that uses it is checked the same way against a plain twin of itself.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules.eight_ball_judge as eight_ball_judge
import rules.nine_ball_judge as nine_ball_judge
import rules.pool_judge as pool_judge
import rules.snooker_after_foul as snooker_after_foul
import rules.snooker_fouls as snooker_fouls
import rules.snooker_judge as snooker_judge
import rules.snooker_stroke as snooker_stroke
import rules.types as types
from rules.values import quick_init


def _twins() -> tuple[type, type]:
    """(the plain frozen dataclass, the same class through quick_init)."""

    def make() -> type:
        @dataclass(frozen=True)
        class Point:
            x: float
            y: float = 0.0
            tag: str = "p"
            self: int = 1  # a field may be named "self"
            label: str = field(default="", kw_only=True)

        return Point

    return make(), quick_init(make())


@given(
    x=st.floats(allow_nan=False),
    y=st.floats(allow_nan=False),
    tag=st.text(max_size=5),
    label=st.text(max_size=5),
    self_=st.integers(),
)
def test_the_values_equality_and_hash_are_the_dataclass_ones(
    x: float, y: float, tag: str, label: str, self_: int
) -> None:
    plain, quick = _twins()
    for args, kwargs in (
        ((x,), {}),
        ((x, y), {"label": label}),
        ((x, y, tag, self_), {}),
        ((), {"x": x, "self": self_, "label": label}),
    ):
        a, b = plain(*args, **kwargs), quick(*args, **kwargs)
        assert vars(a) == vars(b)
        assert repr(a).split("(", 1)[1] == repr(b).split("(", 1)[1]
        assert b == quick(*args, **kwargs) and hash(b) == hash(quick(*args, **kwargs))
        changed = dataclasses.replace(b, y=y + 1.0)
        assert type(changed) is quick and changed.y == y + 1.0 and changed.x == b.x
        assert copy.deepcopy(b) == b and type(copy.deepcopy(b)) is quick


def test_a_bad_call_raises_the_dataclass_error_and_fields_stay_frozen() -> None:
    plain, quick = _twins()
    for cls in (plain, quick):
        with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
            cls()
        with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
            cls(1.0, z=2)
        with pytest.raises(TypeError, match="positional argument"):
            cls(1.0, 2.0, "t", 3, "label")  # label is keyword-only
        with pytest.raises(dataclasses.FrozenInstanceError):
            cls(1.0).x = 2.0  # type: ignore[misc]
    assert quick.__init__.__qualname__.endswith("Point.__init__")


def test_what_a_plain_store_would_get_wrong_is_refused() -> None:
    @dataclass
    class Open:
        x: int

    @dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Made:
        x: list[int] = field(default_factory=list)

    @dataclass(frozen=True)
    class Hidden:
        x: int = field(default=0, init=False)

    @dataclass(frozen=True, slots=True)
    class Slotted:
        x: int

    for cls, words in (
        (Open, "frozen dataclasses"),
        (Checked, "__post_init__"),
        (Made, "default_factory"),
        (Hidden, "left out of __init__"),
        (Slotted, "__slots__"),
        (int, "frozen dataclasses"),
    ):
        with pytest.raises(TypeError, match=words):
            quick_init(cls)


QUICK_VALUES = [
    cls
    for module in (
        types,
        pool_judge,
        nine_ball_judge,
        eight_ball_judge,
        snooker_stroke,
        snooker_fouls,
        snooker_judge,
        snooker_after_foul,
    )
    for cls in vars(module).values()
    if isinstance(cls, type)
    and dataclasses.is_dataclass(cls)
    and cls.__module__ == module.__name__
    and cls.__init__.__code__.co_varnames[:1] == ("__value_self__",)
]


def test_the_referee_values_use_it() -> None:
    names = {cls.__name__ for cls in QUICK_VALUES}
    assert {"Ruling", "Foul", "Declaration", "SnookerExtras", "StrokeContext"} <= names
    assert {"PoolStroke", "ShotRecord", "Outcome", "NineBallCall", "PlayCall"} <= names


@pytest.mark.parametrize("cls", QUICK_VALUES, ids=lambda c: c.__name__)
def test_each_referee_value_is_made_as_its_plain_twin(cls: type) -> None:
    """Every field given a distinct marker, positionally and by keyword: the same values as a
    plain frozen dataclass with the class's fields, defaults kept."""
    fields = dataclasses.fields(cls)
    twin = dataclasses.make_dataclass(
        "Twin",
        [(f.name, object, field(default=f.default)) for f in fields],
        frozen=True,
    )
    markers = [object() for _ in fields]
    values = dict(zip((f.name for f in fields), markers, strict=True))
    assert vars(cls(*markers)) == vars(twin(*markers)) == values
    assert vars(cls(**values)) == values
    if all(f.default is not dataclasses.MISSING for f in fields):
        assert pickle.loads(pickle.dumps(cls())) == cls()  # the module's class, by name
    required = [f for f in fields if f.default is dataclasses.MISSING]
    made = cls(*markers[: len(required)])
    for f in fields[len(required) :]:
        assert getattr(made, f.name) is f.default

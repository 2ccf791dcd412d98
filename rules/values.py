"""Frozen values made at the speed of a dict: :func:`quick_init` for the referee's dataclasses,
and :class:`once`, a value worked out on its first read and kept.

Every ruling makes a dozen frozen dataclasses (the ``Ruling``, its ``Foul`` entries and extras,
snooker's stroke context and steps). The ``__init__`` that ``dataclass(frozen=True)`` writes sets
each field through ``object.__setattr__`` (frozen classes forbid their own), one call per field:
about 0.3 us a field on the development machine, 6-7 us for a ``Ruling`` or a snooker
``StrokeContext``. The values are the same when the fields go into the instance's ``__dict__`` in
one update, which is what :func:`quick_init` makes ``__init__`` do.

Nothing else changes: the signature (names, order, defaults), the errors for a missing or
unknown argument, equality, hashing, ``repr``, ``dataclasses.replace`` and pickling are the
dataclass's, and assigning a field still raises ``FrozenInstanceError``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass) with an ``__init__`` that stores every field in one
    ``__dict__`` update; use it above ``@dataclass(frozen=True)``.

    Refuses (``TypeError``, at class creation) what the plain store would get wrong: a class
    that is not a frozen dataclass, or that has ``__slots__`` (no ``__dict__``), a
    ``__post_init__``, a field left out of ``__init__`` or one with a ``default_factory``."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"quick_init is for frozen dataclasses; {cls.__name__} is not one")
    if "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(
            f"quick_init needs an instance __dict__ and no __post_init__; {cls.__name__} has "
            + ("__slots__" if "__slots__" in cls.__dict__ else "a __post_init__")
        )
    names: list[str] = []
    signature: list[str] = []
    keyword_only: list[str] = []
    defaults: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(
                f"quick_init stores the arguments as given; field {f.name!r} of {cls.__name__} "
                "is left out of __init__ or has a default_factory"
            )
        names.append(f.name)
        param = f.name
        if f.default is not dataclasses.MISSING:
            defaults[f"_default_{f.name}"] = f.default
            param += f"=_default_{f.name}"
        (keyword_only if f.kw_only else signature).append(param)
    if keyword_only:  # as the dataclass's own __init__: keyword-only fields after a "*"
        signature += ["*", *keyword_only]
    stores = ", ".join(f"{name!r}: {name}" for name in names)
    # the instance is "__value_self__", as a field may be called "self"
    source = (
        f"def __init__(__value_self__, {', '.join(signature)}):\n"
        f"    __value_self__.__dict__.update({{{stores}}})\n"
    )
    namespace: dict[str, Any] = dict(defaults)
    exec(source, namespace)  # the fields' names are identifiers: dataclasses checked them
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class once(Generic[T]):  # noqa: N801 (read like functools.cached_property)
    """A property worked out on its first read and kept in the instance's ``__dict__``, where
    later reads find it without calling back here: ``functools.cached_property`` without the
    lock it takes on every first read in Python 3.11 (about 1 us, a dozen times a ruling)."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self._compute = compute
        self._name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> once[T] | T:
        if instance is None:
            return self
        value = self._compute(instance)
        instance.__dict__[self._name] = value
        return value

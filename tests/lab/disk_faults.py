"""A full disk, injected: every file ``rules.files.write_atomic`` opens takes half of what it is
given, then fails with ``ENOSPC`` (what a full file system does), so a test can check that the
previous file is intact, that no temporary file is left, and that the error is one line."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


class _FullDiskFile:
    """Wraps a real binary file: ``write`` stores half of ``data`` and raises ``ENOSPC``."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def write(self, data: bytes) -> int:
        self._handle.write(bytes(data)[: len(data) // 2])
        self._handle.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)

    def __enter__(self) -> _FullDiskFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """While active, every write through ``rules.files.write_atomic`` hits a full disk."""
    import rules.files

    real_fdopen = os.fdopen

    def failing_fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        return _FullDiskFile(real_fdopen(fd, *args, **kwargs))

    monkeypatch.setattr(rules.files.os, "fdopen", failing_fdopen)
    yield


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in ``folder`` (names ending ``.tmp``)."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))

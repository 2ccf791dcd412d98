"""The one way the program writes a file, and the one way it reads a small input file.

:func:`write_atomic` writes every output (save files, scenario files, study tables, plots and
summaries, PNG and GIF pictures, benchmark reports): the bytes go to a temporary file in the
target's own folder, which is flushed and ``fsync``-ed and then renamed over the target
(``os.replace``, atomic on POSIX within one file system). A failure at any step (a full disk, a
folder that is not writable, a crash in between) leaves the previous file as it was and removes
the temporary file, and raises :class:`FileWriteError`, one line naming the file and the reason.

:func:`read_regular_file` reads an input (a scenario, a save file) only when it is a regular
file no larger than the caller's limit: a FIFO, a device such as ``/dev/zero``, a folder or a
file past the limit is refused with :class:`FileReadError` before anything is read, so no input
can hang the program or fill its memory. The file is opened non-blocking, so opening a FIFO
returns at once, and read to at most ``limit + 1`` bytes, so a file that grows after the size
check is refused too.

Both errors are ``OSError`` subclasses, so existing ``except OSError`` handlers keep working.
Nothing here imports any other part of the project.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["FileReadError", "FileWriteError", "read_regular_file", "size_words", "write_atomic"]

#: Suffix of the temporary files :func:`write_atomic` creates beside the target.
TEMP_SUFFIX = ".tmp"


class FileWriteError(OSError):
    """A file could not be written; the previous file (if any) is intact and no temporary file
    is left. The message is one line: the path and the reason."""


class FileReadError(OSError):
    """An input file could not be read: missing, unreadable, not a regular file, or larger than
    the stated limit. The message is one line: the path and the reason."""


def size_words(n_bytes: int) -> str:
    """``n_bytes`` in words for messages: "1 MiB", "512 KiB", "100 bytes"."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n_bytes >= size and n_bytes % size == 0:
            return f"{n_bytes // size} {unit}"
    return f"{n_bytes} bytes"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _kind_words(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, mode: int = 0o644) -> Path:
    """Write ``data`` (``str`` is encoded as UTF-8) to ``path`` atomically; returns the path.

    Steps: a temporary file ``.NAME.*.tmp`` in the same folder, write, flush, ``fsync``,
    permission bits ``mode``, ``os.replace`` onto ``path``, then ``fsync`` of the folder (best
    effort). The folder must exist (it is not created).

    Raises:
        FileWriteError: any step failed (no space left, read-only or missing folder, ``path`` is
            a folder, ...); the previous content of ``path`` is unchanged and the temporary file
            is removed.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    folder = target.parent
    if target.is_dir():
        raise FileWriteError(f"cannot write {target}: it is a folder")
    if not folder.is_dir():
        raise FileWriteError(f"cannot write {target}: the folder {folder} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    except OSError as exc:
        raise FileWriteError(f"cannot write in {folder}: {_reason(exc)}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            raise FileWriteError(f"cannot write {target}: {_reason(exc)}") from None
        raise
    _fsync_folder(folder)
    return target


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a folder (best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes.

    Raises:
        FileReadError: the file is missing or unreadable, is a folder, a FIFO, a device or a
            socket, or is larger than ``limit`` (the message states the limit).
    """
    source = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(source, flags)
    except OSError as exc:
        raise FileReadError(f"cannot read {source}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError(
                f"cannot read {source}: it is {_kind_words(info.st_mode)}; a regular file of "
                f"at most {size_words(limit)} is allowed"
            )
        if info.st_size > limit:
            raise FileReadError(
                f"cannot read {source}: {info.st_size} bytes is over the {size_words(limit)} limit"
            )
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileReadError(
                f"cannot read {source}: it grew past the {size_words(limit)} limit while read"
            )
        return b"".join(chunks)
    except FileReadError:
        raise
    except OSError as exc:
        raise FileReadError(f"cannot read {source}: {_reason(exc)}") from None
    finally:
        os.close(fd)

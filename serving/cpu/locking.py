"""An exclusive file lock, so two concurrent first uses don't build the same thing twice."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


class LockTimeout(TimeoutError):
    """Another process held the build lock for longer than we were willing to wait."""


@contextmanager
def file_lock(
    path: Path,
    *,
    timeout_s: float = 1800.0,
    on_wait: Callable[[], None] | None = None,
) -> Iterator[None]:
    """Hold an exclusive `flock` on `path` (created if missing) for the `with` block.

    The lock is released by the kernel if the holder dies, so a crashed build never
    leaves a stale lock behind. `on_wait` is called once if we have to wait.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout_s
        waited = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not waited and on_wait is not None:
                    on_wait()
                waited = True
                if time.monotonic() > deadline:
                    raise LockTimeout(f"{path} still locked after {timeout_s:.0f} s") from None
                time.sleep(0.5)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)

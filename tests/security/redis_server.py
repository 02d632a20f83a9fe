"""A throwaway Redis server for tests: Debian's `redis-server`, no persistence, a free port."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

import redis

from serving.cpu import free_port


class RedisUnavailable(RuntimeError):
    """Why no Redis server can run here."""


class RedisServer:
    def __init__(self, process: subprocess.Popen[bytes], port: int) -> None:
        self.process = process
        self.port = port

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def flush(self) -> None:
        redis.Redis.from_url(self.url).flushall()

    @classmethod
    @contextlib.contextmanager
    def running(cls) -> Iterator[RedisServer]:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RedisUnavailable("no redis-server; `.ci/run` installs Debian's redis-server")
        port = free_port()
        with tempfile.TemporaryDirectory(prefix="advisor-redis-") as workdir:
            process = subprocess.Popen(
                [
                    binary,
                    "--port",
                    str(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    workdir,
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            server = cls(process, port)
            try:
                server.wait_ready()
                yield server
            finally:
                process.terminate()
                process.wait(timeout=10)

    def wait_ready(self, timeout_s: float = 10.0) -> None:
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RedisUnavailable("redis-server did not start") from None
                time.sleep(0.05)

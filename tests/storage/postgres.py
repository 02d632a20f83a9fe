"""A throwaway PostgreSQL cluster for tests: Debian's server binaries, a tmp dir, a free port.

initdb refuses to run as root, so under root the cluster belongs to the `postgres`
OS user (Debian's package creates it) and every server command goes through `runuser`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from serving.cpu import free_port

SERVICE_USER = "postgres"
SUPERUSER = "advisor"


class PostgresUnavailable(RuntimeError):
    """Why no cluster can run here; the tests skip with this reason."""


def server_bin_dir() -> Path:
    """The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    if not found:
        raise PostgresUnavailable(
            "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb);"
            " `.ci/run` installs Debian's postgresql package"
        )
    return Path(found[-1]).parent


class PostgresCluster:
    def __init__(self, bin_dir: Path, root: Path, port: int, run_as: str | None) -> None:
        self.bin_dir = bin_dir
        self.root = root
        self.port = port
        self.run_as = run_as
        self.data_dir = root / "data"
        self.socket_dir = root / "socket"
        self.log_file = root / "server.log"

    @classmethod
    @contextlib.contextmanager
    def running(cls) -> Iterator[PostgresCluster]:
        """Start a cluster, yield it, stop it and delete its files whatever happens."""
        bin_dir = server_bin_dir()
        run_as = cls._service_user()
        root = Path(tempfile.mkdtemp(prefix="advisor-pg-"))
        cluster = cls(bin_dir, root, free_port(), run_as)
        try:
            cluster._init()
            cluster._start()
            yield cluster
        finally:
            cluster._stop()
            shutil.rmtree(root, ignore_errors=True)

    @staticmethod
    def _service_user() -> str | None:
        if os.geteuid() != 0:
            return None
        try:
            pwd.getpwnam(SERVICE_USER)
        except KeyError:
            raise PostgresUnavailable(
                f"running as root and there is no {SERVICE_USER!r} OS user to own the cluster"
            ) from None
        return SERVICE_USER

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.run_as:
            command = ["runuser", "-u", self.run_as, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            log = self.log_file.read_text() if self.log_file.exists() else ""
            raise PostgresUnavailable(
                f"{args[0]} failed ({result.returncode}): {result.stderr.strip()} {log[-2000:]}"
            )
        return result

    def _init(self) -> None:
        self.socket_dir.mkdir()
        if self.run_as:
            user = pwd.getpwnam(self.run_as)
            for path in (self.root, self.socket_dir):
                os.chown(path, user.pw_uid, user.pw_gid)
        self._run(
            "initdb", "-D", str(self.data_dir), "-U", SUPERUSER, "--auth=trust",
            "--encoding=UTF8", "--no-locale", "--no-sync",
        )  # fmt: skip

    def _start(self) -> None:
        # fsync off: a throwaway cluster for tests; durability is SQLite's test to pass.
        options = f"-p {self.port} -k {self.socket_dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl", "-D", str(self.data_dir), "-l", str(self.log_file), "-o", options,
            "-w", "-t", "60", "start",
        )  # fmt: skip

    def _stop(self) -> None:
        if (self.data_dir / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailable, subprocess.TimeoutExpired):
                self._run("pg_ctl", "-D", str(self.data_dir), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, template: str | None = None) -> str:
        """CREATE DATABASE (from `template` if given); returns its SQLAlchemy URL."""
        import psycopg

        clause = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"{clause}'.encode())
        return self.url(name)

"""Engines and migrations: SQLite tuned for a web app, PostgreSQL by URL, Alembic to head.

SQLite runs in WAL mode (readers never wait for the writer), `synchronous` NORMAL by
default (a committed row survives a killed process), foreign keys on and a busy
timeout, and every write transaction starts with BEGIN IMMEDIATE: a deferred BEGIN
that reads first and writes later fails with "database is locked" under concurrent
writers instead of waiting its turn.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection, make_url

from advisor.config import normalize_database_url

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
WRITE_OPTION = "advisor_write"
CONNECT_TIMEOUT_S = 5
POOL_TIMEOUT_S = 10
# Any fixed 64-bit number: every app process that migrates takes this PostgreSQL lock.
_MIGRATION_LOCK_ID = 0x6770_7561_6476_6973


def create_database_engine(
    url: str, *, sqlite_synchronous: str = "NORMAL", sqlite_busy_timeout_s: float = 30.0
) -> Engine:
    """An engine for `url`; for SQLite the parent directory is created."""
    url = normalize_database_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # A database host that drops packets must cost a request seconds, not psycopg's
        # default of minutes: waiting requests would hold every worker thread.
        return create_engine(
            url,
            pool_pre_ping=True,
            pool_timeout=POOL_TIMEOUT_S,
            connect_args={"connect_timeout": CONNECT_TIMEOUT_S},
        )
    if sqlite_synchronous not in ("NORMAL", "FULL"):
        raise ValueError("sqlite_synchronous must be NORMAL or FULL")
    database = parsed.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": sqlite_busy_timeout_s},
    )
    busy_ms = int(sqlite_busy_timeout_s * 1000)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide when a transaction begins.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        _journal_in_wal(cursor, sqlite_busy_timeout_s)
        cursor.execute(f"PRAGMA synchronous={sqlite_synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        writes = connection.get_execution_options().get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine


def _journal_in_wal(cursor: Any, timeout_s: float) -> None:
    """Switch a connection to WAL. Processes opening a new file together race for the
    exclusive lock the switch takes, and SQLite answers the loser "database is locked" at
    once rather than through the busy handler: wait and try again, within the busy timeout."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def writer(engine: Engine) -> Engine:
    """The same engine (same pool) whose transactions take the SQLite write lock at BEGIN."""
    return engine.execution_options(**{WRITE_OPTION: True})


def alembic_config(connection: Connection) -> Config:
    """Alembic's configuration without an alembic.ini: the migrations ship in the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def upgrade_to_head(database_url: str, **engine_options: Any) -> None:
    """Bring the schema to the latest revision; safe when several processes start at once."""
    engine = create_database_engine(database_url, **engine_options)
    try:
        upgrade_engine_to_head(engine)
    finally:
        engine.dispose()


def upgrade_engine_to_head(engine: Engine) -> None:
    """Migrate through an engine the caller keeps, in one write transaction; on
    PostgreSQL an advisory lock makes processes that start together take turns."""
    with writer(engine).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:lock_id)"), {"lock_id": _MIGRATION_LOCK_ID}
            )
        command.upgrade(alembic_config(connection), "head")


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()

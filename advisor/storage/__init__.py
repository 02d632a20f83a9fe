"""Persistence: conversations, messages, sizing runs and feedback in SQLite or PostgreSQL.

`DatabaseStore.open()` connects (SQLite under the data directory unless
`ADVISOR_DATABASE_URL` is set) and runs the Alembic migrations to head.
"""

from advisor.storage.database import create_database_engine, upgrade_to_head
from advisor.storage.records import (
    StoredFeedback,
    StoredMessage,
    UnknownConversationError,
    UnknownMessageError,
)
from advisor.storage.store import DatabaseStore

__all__ = [
    "DatabaseStore",
    "StoredFeedback",
    "StoredMessage",
    "UnknownConversationError",
    "UnknownMessageError",
    "create_database_engine",
    "upgrade_to_head",
]

"""Alembic environment: runs on the connection `upgrade_to_head` passes in.

There is no alembic.ini and no URL here, so no password is ever written to a file
or an argument list.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from advisor.storage.models import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run migrations through advisor.storage.database.upgrade_to_head")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()

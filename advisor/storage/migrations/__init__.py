"""Alembic migrations of the advisor's database; run by `upgrade_to_head`."""

"""Conversations, messages, sizing runs and feedback.

Revision ID: 0001
Revises:
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_UTC = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "conversations",
        sa.Column("id", sa.String(length=100), nullable=False),
        sa.Column("created_at", _UTC, nullable=False),
        sa.Column("updated_at", _UTC, nullable=False),
        sa.Column(
            "state",
            sa.JSON(),
            nullable=True,
            comment="the agent's follow-up state (last sizing request, language)",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_conversations")),
    )
    op.create_table(
        "messages",
        sa.Column("seq", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("id", sa.String(length=100), nullable=False),
        sa.Column("conversation_id", sa.String(length=100), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=True),
        sa.Column("fallback_reason", sa.String(length=200), nullable=True),
        sa.Column("guard_events", sa.Integer(), nullable=False),
        sa.Column(
            "unanswered",
            sa.Boolean(),
            nullable=False,
            comment="the answer asked to clarify or declined",
        ),
        sa.Column(
            "question_key", sa.String(length=200), nullable=True, comment="user text, normalized"
        ),
        sa.Column("in_reply_to", sa.String(length=100), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=True),
        sa.Column("created_at", _UTC, nullable=False),
        sa.CheckConstraint("role IN ('user', 'assistant')", name=op.f("ck_messages_role")),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_messages_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["in_reply_to"],
            ["messages.id"],
            name=op.f("fk_messages_in_reply_to_messages"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_messages")),
        sa.UniqueConstraint("id", name=op.f("uq_messages_id")),
    )
    op.create_index("ix_messages_conversation_seq", "messages", ["conversation_id", "seq"])
    op.create_index(op.f("ix_messages_created_at"), "messages", ["created_at"])
    op.create_index(op.f("ix_messages_in_reply_to"), "messages", ["in_reply_to"])
    op.create_index(op.f("ix_messages_mode"), "messages", ["mode"])
    op.create_index(op.f("ix_messages_question_key"), "messages", ["question_key"])
    op.create_table(
        "feedback",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("message_id", sa.String(length=100), nullable=False),
        sa.Column("rating", sa.String(length=4), nullable=False),
        sa.Column("comment", sa.Text(), nullable=True),
        sa.Column("created_at", _UTC, nullable=False),
        sa.CheckConstraint("rating IN ('up', 'down')", name=op.f("ck_feedback_rating")),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["messages.id"],
            name=op.f("fk_feedback_message_id_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
        sa.UniqueConstraint("message_id", name=op.f("uq_feedback_message_id")),
    )
    op.create_table(
        "sizings",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("conversation_id", sa.String(length=100), nullable=False),
        sa.Column("message_id", sa.String(length=100), nullable=True),
        sa.Column("request", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("created_at", _UTC, nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_sizings_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["messages.id"],
            name=op.f("fk_sizings_message_id_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sizings")),
    )
    op.create_index(op.f("ix_sizings_conversation_id"), "sizings", ["conversation_id"])
    op.create_index(op.f("ix_sizings_message_id"), "sizings", ["message_id"])


def downgrade() -> None:
    op.drop_table("sizings")
    op.drop_table("feedback")
    op.drop_table("messages")
    op.drop_table("conversations")

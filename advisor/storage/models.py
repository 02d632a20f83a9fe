"""The database schema: conversations, their messages, sizing runs and feedback.

Timestamps are stored as UTC and always read back timezone-aware, on SQLite too.
Constraint names follow one convention so migrations are the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID_LENGTH = 100
QUESTION_KEY_LENGTH = 200


class UtcDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Refuse a naive datetime rather than guess its zone; store UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: pass an aware UTC datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Aware UTC on every backend: SQLite's naive values are the UTC they were stored as."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utc_now() -> datetime:
    """The default of every timestamp column: aware UTC, as UtcDateTime requires."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """One MetaData with the constraint naming convention; every `datetime` column is a
    UtcDateTime and every dict a JSON column."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: UtcDateTime, dict[str, Any]: JSON}


class Conversation(Base):
    """A conversation: its messages, its sizing runs and the agent's follow-up state,
    which `DatabaseStore.update_state` changes under a row lock."""

    __tablename__ = "conversations"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)
    state: Mapped[dict[str, Any] | None] = mapped_column(
        default=None, comment="the agent's follow-up state (last sizing request, language)"
    )

    messages: Mapped[list[Message]] = relationship(
        back_populates="conversation", order_by="Message.seq", passive_deletes=True
    )
    sizings: Mapped[list[SizingRecord]] = relationship(order_by="SizingRecord.id", viewonly=True)


class Message(Base):
    """A question or an answer. An answer's mode, fallback, guard count and `unanswered`
    are columns for the statistics; `in_reply_to` links it to its question."""

    __tablename__ = "messages"
    __table_args__ = (
        CheckConstraint("role IN ('user', 'assistant')", name="role"),
        Index("ix_messages_conversation_seq", "conversation_id", "seq"),
    )

    # `seq` orders messages exactly (timestamps can tie); `id` is the public handle.
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    id: Mapped[str] = mapped_column(String(ID_LENGTH), unique=True)
    conversation_id: Mapped[str] = mapped_column(ForeignKey("conversations.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(16))
    content: Mapped[str] = mapped_column(Text)
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    mode: Mapped[str | None] = mapped_column(String(16), default=None, index=True)
    fallback_reason: Mapped[str | None] = mapped_column(String(200), default=None)
    guard_events: Mapped[int] = mapped_column(default=0)
    unanswered: Mapped[bool] = mapped_column(
        Boolean, default=False, comment="the answer asked to clarify or declined"
    )
    question_key: Mapped[str | None] = mapped_column(
        String(QUESTION_KEY_LENGTH), default=None, index=True, comment="user text, normalized"
    )
    in_reply_to: Mapped[str | None] = mapped_column(
        ForeignKey("messages.id", ondelete="SET NULL"), default=None, index=True
    )
    payload: Mapped[dict[str, Any] | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utc_now, index=True)

    conversation: Mapped[Conversation] = relationship(back_populates="messages")
    feedback: Mapped[Feedback | None] = relationship(back_populates="message", passive_deletes=True)


class SizingRecord(Base):
    """One engine run: the normalized request and the size JSON, as the user saw them."""

    __tablename__ = "sizings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    conversation_id: Mapped[str] = mapped_column(
        ForeignKey("conversations.id", ondelete="CASCADE"), index=True
    )
    message_id: Mapped[str | None] = mapped_column(
        ForeignKey("messages.id", ondelete="CASCADE"), default=None, index=True
    )
    request: Mapped[dict[str, Any]]
    result: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class Feedback(Base):
    """The latest rating of one answer: a user may turn a like into a dislike."""

    __tablename__ = "feedback"
    __table_args__ = (CheckConstraint("rating IN ('up', 'down')", name="rating"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    message_id: Mapped[str] = mapped_column(
        ForeignKey("messages.id", ondelete="CASCADE"), unique=True
    )
    rating: Mapped[str] = mapped_column(String(4))
    comment: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)

    message: Mapped[Message] = relationship(back_populates="feedback")

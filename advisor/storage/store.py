"""The database-backed store of conversations, messages, sizing runs and feedback.

Every write runs in its own transaction and returns only after COMMIT, so whatever a
caller acknowledges (HTTP 200) survives a crash of the process. It meets the API's
`MessageStore` protocol (add_exchange, add_feedback, get_feedback, get_message,
message_count) and adds what staff need: one conversation, statistics and exports.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, get_args

from sqlalchemy import Engine, func, select, true
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, aliased, selectinload, sessionmaker

from advisor.config import Settings, get_settings
from advisor.storage import views
from advisor.storage.database import create_database_engine, upgrade_engine_to_head, writer
from advisor.storage.export import render_markdown
from advisor.storage.models import (
    QUESTION_KEY_LENGTH,
    Conversation,
    Feedback,
    Message,
    SizingRecord,
    utc_now,
)
from advisor.storage.records import (
    ConversationFullError,
    Rating,
    Role,
    StateChange,
    StoredFeedback,
    StoredMessage,
    UnknownConversationError,
    UnknownMessageError,
)

_ROLES: tuple[str, ...] = get_args(Role)
_RATINGS: tuple[str, ...] = get_args(Rating)
_TRAILING_PUNCTUATION = re.compile(r"[\s?!.…,;:]+$")
_SPACES = re.compile(r"\s+")


def clean_text(text: str) -> str:
    """NUL is never meaningful in chat text and PostgreSQL cannot store it in TEXT: every
    backend keeps U+FFFD in its place, so both behave alike."""
    return text.replace("\x00", "\ufffd")


def question_key(text: str) -> str:
    """The same question typed differently ("How many GPUs?" / "how many  gpus") -> one key."""
    key = _SPACES.sub(" ", text.casefold()).strip()
    return _TRAILING_PUNCTUATION.sub("", key)[:QUESTION_KEY_LENGTH]


def is_unanswered(payload: Mapping[str, Any] | None) -> bool:
    """An answer with neither a sizing nor a citation asked to clarify or declined.

    An explicit boolean `unanswered` in the payload wins over this reading.
    """
    if not payload:
        return False
    explicit = payload.get("unanswered")
    if isinstance(explicit, bool):
        return explicit
    if "sizing" not in payload and "citations" not in payload:
        return False
    return not payload.get("sizing") and not payload.get("citations")


class DatabaseStore:
    """Thread-safe: each call opens its own session from a shared connection pool."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._read = sessionmaker(engine, expire_on_commit=False)
        self._write = sessionmaker(writer(engine), expire_on_commit=False)

    @classmethod
    def open(
        cls, database_url: str | None = None, *, settings: Settings | None = None
    ) -> DatabaseStore:
        """Connect (SQLite under the data directory unless a URL is given) and migrate."""
        settings = settings or get_settings()
        engine = create_database_engine(
            database_url or settings.resolved_database_url(),
            sqlite_synchronous=settings.sqlite_synchronous,
            sqlite_busy_timeout_s=settings.sqlite_busy_timeout_s,
        )
        try:
            upgrade_engine_to_head(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine)

    def close(self) -> None:
        """Close the pooled connections; whoever opened the store calls it at shutdown."""
        self.engine.dispose()

    def ping(self) -> str | None:
        """None when the database answers, else why not (for /health; never the URL)."""
        try:
            with self.engine.connect() as connection:
                connection.execute(select(1))
        except SQLAlchemyError as exc:
            return type(getattr(exc, "orig", None) or exc).__name__
        return None

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write transaction; leaving the block without an error means it is committed."""
        with self._write.begin() as session:
            yield session

    # ---- writes --------------------------------------------------------------------

    def start_conversation(self, conversation_id: str | None = None) -> str:
        """A new conversation id (or `conversation_id`, created if it is new)."""
        conversation_id = conversation_id or f"conv_{uuid.uuid4().hex}"
        with self._transaction() as session:
            self._ensure_conversation(session, conversation_id)
        return conversation_id

    def add_message(
        self,
        conversation_id: str,
        role: Role,
        content: str,
        payload: dict[str, Any] | None = None,
        *,
        unanswered: bool | None = None,
    ) -> StoredMessage:
        """Store one message, committed before this returns.

        `payload` is the answer's ask JSON: its language, mode, fallback reason and guard
        count are kept in columns, its sizing (request + report) as a sizing record.
        An assistant message is linked to the latest user message of the conversation.
        """
        message = self._new_message(conversation_id, role, content, payload, unanswered)
        with self._transaction() as session:
            self._insert(session, message)
        return _stored_message(message)

    def add_exchange(
        self,
        conversation_id: str,
        question: str,
        answer: str,
        payload: dict[str, Any] | None = None,
        *,
        max_messages: int | None = None,
        state_change: StateChange | None = None,
    ) -> tuple[StoredMessage, StoredMessage]:
        """A question, its answer and the follow-up state they leave, in one transaction:
        all are stored or none is, so a failed write never leaves a question without its
        answer, nor a follow-up state built on an answer the user never got.

        With `max_messages`, the count is checked under the conversation's row lock (the
        SQLite write lock), so two answers racing for the last place cannot both take it:
        ConversationFullError, nothing written.
        """
        asked = self._new_message(conversation_id, "user", question, None, None)
        answered = self._new_message(conversation_id, "assistant", answer, payload, None)
        with self._transaction() as session:
            conversation = self._locked_conversation(session, conversation_id)
            if max_messages is not None:
                held = self._count_messages(session, conversation_id)
                if held + 2 > max_messages:
                    raise ConversationFullError(held, max_messages)
            self._insert(session, asked)  # autoflushed by the answer's in_reply_to query
            self._insert(session, answered)
            if state_change is not None:
                conversation.state = state_change(conversation.state)
        return _stored_message(asked), _stored_message(answered)

    def _new_message(
        self,
        conversation_id: str,
        role: Role,
        content: str,
        payload: dict[str, Any] | None,
        unanswered: bool | None,
    ) -> Message:
        if role not in _ROLES:
            raise ValueError(f"role: must be one of {', '.join(_ROLES)}, not {role!r}")
        data = payload or {}
        content = clean_text(content)
        return Message(
            id=f"msg_{uuid.uuid4().hex}",
            conversation_id=conversation_id,
            role=role,
            content=content,
            language=_text(data.get("language"), 8),
            mode=_text(data.get("mode"), 16),
            fallback_reason=_text(data.get("fallback_reason"), 200),
            guard_events=_count(data.get("guard_events")),
            unanswered=is_unanswered(payload) if unanswered is None else unanswered,
            question_key=question_key(content) if role == "user" else None,
            payload=payload,
            created_at=utc_now(),
        )

    def _insert(self, session: Session, message: Message) -> None:
        """Add `message` (and its sizing record) inside the caller's transaction."""
        conversation_id = message.conversation_id
        self._ensure_conversation(session, conversation_id, message.created_at)
        if message.role == "assistant":
            message.in_reply_to = session.scalar(
                select(Message.id)
                .where(Message.conversation_id == conversation_id, Message.role == "user")
                .order_by(Message.seq.desc())
                .limit(1)
            )
        session.add(message)
        data = message.payload or {}
        request, report = data.get("request"), data.get("sizing")
        if isinstance(request, dict) and isinstance(report, dict):
            session.flush()  # the sizing record's foreign key needs the message row first
            session.add(
                SizingRecord(
                    conversation_id=conversation_id,
                    message_id=message.id,
                    request=request,
                    result=report,
                    created_at=message.created_at,
                )
            )

    def add_sizing(
        self,
        conversation_id: str,
        request: dict[str, Any],
        result: dict[str, Any],
        *,
        message_id: str | None = None,
    ) -> int:
        """Store an engine run (e.g. a staff rerun from the UI form); returns its id."""
        with self._transaction() as session:
            self._ensure_conversation(session, conversation_id)
            if message_id is not None and not self._message_exists(session, message_id):
                raise UnknownMessageError(message_id)
            record = SizingRecord(
                conversation_id=conversation_id,
                message_id=message_id,
                request=request,
                result=result,
            )
            session.add(record)
            session.flush()
            return record.id

    def add_feedback(
        self, message_id: str, rating: Rating, comment: str | None = None
    ) -> StoredFeedback:
        """Rate an answer, committed before this returns; the latest rating wins."""
        if rating not in _RATINGS:
            raise ValueError(f"rating: must be one of {', '.join(_RATINGS)}, not {rating!r}")
        with self._transaction() as session:
            if not self._message_exists(session, message_id):
                raise UnknownMessageError(message_id)
            feedback = session.scalar(select(Feedback).where(Feedback.message_id == message_id))
            if feedback is None:
                feedback = Feedback(message_id=message_id)
                session.add(feedback)
            feedback.rating = rating
            feedback.comment = clean_text(comment) if comment is not None else None
            feedback.created_at = utc_now()
        return _stored_feedback(feedback)

    def update_state(
        self,
        conversation_id: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any]],
    ) -> dict[str, Any]:
        """Read, change and write a conversation's follow-up state in one locked transaction,
        so two answers in the same conversation never overwrite each other's turn."""
        with self._transaction() as session:
            conversation = self._locked_conversation(session, conversation_id)
            state = change(conversation.state)
            conversation.state = state
            return state

    # ---- reads ---------------------------------------------------------------------

    def load_state(self, conversation_id: str) -> dict[str, Any] | None:
        """The conversation's follow-up state; None for an unknown conversation or one
        without state."""
        with self._read() as session:
            return session.scalar(
                select(Conversation.state).where(Conversation.id == conversation_id)
            )

    def get_message(self, message_id: str) -> StoredMessage | None:
        """The message, or None for an id never stored."""
        with self._read() as session:
            message = session.scalar(select(Message).where(Message.id == message_id))
            return None if message is None else _stored_message(message)

    def get_feedback(self, message_id: str) -> StoredFeedback | None:
        """The latest rating of a message, or None while it is unrated."""
        with self._read() as session:
            feedback = session.scalar(select(Feedback).where(Feedback.message_id == message_id))
            return None if feedback is None else _stored_feedback(feedback)

    def message_count(self, conversation_id: str) -> int:
        """For the conversation-length cap, checked before a new question is answered."""
        with self._read() as session:
            return self._count_messages(session, conversation_id)

    def conversation(self, conversation_id: str) -> views.ConversationView:
        """The staff view: every message in order with its rating; UnknownConversationError
        for an id never stored."""
        conversation = self._load_conversation(conversation_id)
        return views.ConversationView(
            id=conversation.id,
            messages=[
                views.MessageView(
                    id=m.id,
                    role=_role(m.role),
                    content=m.content,
                    feedback=_feedback_view(m.feedback),
                )
                for m in conversation.messages
            ],
        )

    def export(self, conversation_id: str) -> views.ConversationExport:
        """Everything kept about a conversation (modes, fallbacks, sizing runs), for the JSON
        and Markdown exports."""
        conversation = self._load_conversation(conversation_id)
        return views.ConversationExport(
            id=conversation.id,
            created_at=conversation.created_at,
            updated_at=conversation.updated_at,
            messages=[
                views.ExportedMessage(
                    id=m.id,
                    role=_role(m.role),
                    content=m.content,
                    feedback=_feedback_view(m.feedback),
                    created_at=m.created_at,
                    language=m.language,
                    mode=m.mode,
                    fallback_reason=m.fallback_reason,
                    guard_events=m.guard_events,
                    unanswered=m.unanswered,
                )
                for m in conversation.messages
            ],
            sizings=[
                views.SizingView(
                    message_id=s.message_id,
                    request=s.request,
                    result=s.result,
                    created_at=s.created_at,
                )
                for s in conversation.sizings
            ],
        )

    def export_json(self, conversation_id: str) -> dict[str, Any]:
        """The whole conversation as JSON-ready data (ISO timestamps)."""
        return self.export(conversation_id).model_dump(mode="json")

    def export_markdown(self, conversation_id: str) -> str:
        """The export as Markdown, to paste into a ticket or an e-mail."""
        return render_markdown(self.export(conversation_id))

    def stats(self, *, since: datetime | None = None, top: int = 10) -> views.StatsReport:
        """Traffic since `since` (all time if None; naive means UTC); `top` rows per list."""
        if since is not None and since.tzinfo is None:
            since = since.replace(tzinfo=UTC)
        with self._read() as session:
            answers = Message.role == "assistant"
            in_range = Message.created_at >= since if since is not None else true()

            def messages_where(*conditions: Any) -> int:
                query = select(func.count()).select_from(Message).where(in_range, *conditions)
                return int(session.scalar(query) or 0)

            conversations = select(func.count()).select_from(Conversation)
            if since is not None:
                conversations = conversations.where(Conversation.created_at >= since)
            modes = session.execute(
                select(Message.mode, func.count())
                .where(in_range, answers, Message.mode.is_not(None))
                .group_by(Message.mode)
            ).all()
            reasons = session.execute(
                select(Message.fallback_reason, func.count())
                .where(in_range, answers, Message.fallback_reason.is_not(None))
                .group_by(Message.fallback_reason)
            ).all()
            guard_events = session.scalar(
                select(func.coalesce(func.sum(Message.guard_events), 0)).where(in_range, answers)
            )
            ratings = dict(
                session.execute(
                    select(Feedback.rating, func.count())
                    .join(Message, Message.id == Feedback.message_id)
                    .where(in_range)
                    .group_by(Feedback.rating)
                ).all()
            )
            up, down = int(ratings.get("up", 0)), int(ratings.get("down", 0))
            return views.StatsReport(
                since=since,
                volume=views.Volume(
                    conversations=int(session.scalar(conversations) or 0),
                    questions=messages_where(Message.role == "user"),
                    answers=messages_where(answers),
                ),
                modes={str(mode): int(n) for mode, n in modes},
                fallbacks=views.FallbackStats(
                    total=sum(int(n) for _, n in reasons),
                    by_reason={str(reason): int(n) for reason, n in reasons},
                ),
                guard=views.GuardStats(
                    answers_with_events=messages_where(answers, Message.guard_events > 0),
                    events=int(guard_events or 0),
                ),
                feedback=views.FeedbackStats(
                    up=up, down=down, ratio=up / (up + down) if up + down else None
                ),
                top_questions=self._top_questions(session, since, top, unanswered_only=False),
                unanswered_questions=self._top_questions(session, since, top, unanswered_only=True),
            )

    # ---- helpers -------------------------------------------------------------------

    def _top_questions(
        self, session: Session, since: datetime | None, top: int, *, unanswered_only: bool
    ) -> list[views.QuestionCount]:
        question = aliased(Message)
        count = func.count().label("n")
        query = select(question.question_key, func.max(question.content), count).where(
            question.role == "user", question.question_key.is_not(None)
        )
        if since is not None:
            query = query.where(question.created_at >= since)
        if unanswered_only:
            answer = aliased(Message)
            query = query.join(answer, answer.in_reply_to == question.id).where(
                answer.unanswered.is_(True)
            )
        rows = session.execute(
            query.group_by(question.question_key)
            .order_by(count.desc(), question.question_key)
            .limit(top)
        ).all()
        return [views.QuestionCount(question=str(text), count=int(n)) for _, text, n in rows]

    def _load_conversation(self, conversation_id: str) -> Conversation:
        with self._read() as session:
            conversation = session.scalar(
                select(Conversation)
                .where(Conversation.id == conversation_id)
                .options(
                    selectinload(Conversation.messages).selectinload(Message.feedback),
                    selectinload(Conversation.sizings),
                )
            )
            if conversation is None:
                raise UnknownConversationError(conversation_id)
            return conversation

    def _locked_conversation(self, session: Session, conversation_id: str) -> Conversation:
        """The conversation row, created if new, locked until the transaction ends (FOR
        UPDATE on PostgreSQL; SQLite's write transaction already holds the database)."""
        self._ensure_conversation(session, conversation_id)
        return session.scalars(
            select(Conversation)
            .where(Conversation.id == conversation_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()

    @staticmethod
    def _count_messages(session: Session, conversation_id: str) -> int:
        count = session.scalar(
            select(func.count())
            .select_from(Message)
            .where(Message.conversation_id == conversation_id)
        )
        return int(count or 0)

    @staticmethod
    def _message_exists(session: Session, message_id: str) -> bool:
        return session.scalar(select(Message.seq).where(Message.id == message_id)) is not None

    @staticmethod
    def _ensure_conversation(
        session: Session, conversation_id: str, now: datetime | None = None
    ) -> Conversation:
        """The conversation row, inserted if missing; race-free across processes."""
        now = now or utc_now()
        dialect = session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        session.execute(
            insert(Conversation)
            .values(id=conversation_id, created_at=now, updated_at=now, state=None)
            .on_conflict_do_nothing(index_elements=[Conversation.id])
        )
        conversation = session.get_one(Conversation, conversation_id, populate_existing=True)
        conversation.updated_at = now
        return conversation


def _text(value: Any, limit: int) -> str | None:
    return str(value)[:limit] if value is not None else None


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _role(value: str) -> Role:
    return "user" if value == "user" else "assistant"


def _rating(value: str) -> Rating:
    return "up" if value == "up" else "down"


def _feedback_view(feedback: Feedback | None) -> views.FeedbackView | None:
    if feedback is None:
        return None
    return views.FeedbackView(
        rating=_rating(feedback.rating), comment=feedback.comment, created_at=feedback.created_at
    )


def _stored_message(message: Message) -> StoredMessage:
    return StoredMessage(
        id=message.id,
        conversation_id=message.conversation_id,
        role=_role(message.role),
        content=message.content,
        created_at=message.created_at.timestamp(),
        payload=message.payload,
    )


def _stored_feedback(feedback: Feedback) -> StoredFeedback:
    return StoredFeedback(
        message_id=feedback.message_id,
        rating=_rating(feedback.rating),
        comment=feedback.comment,
        created_at=feedback.created_at.timestamp(),
    )

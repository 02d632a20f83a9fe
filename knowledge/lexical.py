"""Lexical index: BM25 (`bm25s`) over words stemmed with Snowball, Russian and English.

Each word is stemmed by the language of its own script, so a Russian text that quotes
English terms ("LoRA", "inference") is handled word by word. Stop words of both
languages are dropped; "ё" is folded to "е".
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

os.environ.setdefault("DISABLE_TQDM", "1")  # bm25s's own progress bars; ours is in ingest

_WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
_CYRILLIC_RE = re.compile(r"[\u0400-\u04ff]")

PARAMS_FILE = "lexical.json"


@lru_cache(maxsize=1)
def _stemmers() -> tuple[object, object]:
    import snowballstemmer

    return snowballstemmer.stemmer("russian"), snowballstemmer.stemmer("english")


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_RUSSIAN

    return frozenset(w.replace("ё", "е") for w in (*STOPWORDS_EN, *STOPWORDS_RUSSIAN))


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    russian, english = _stemmers()
    stemmer = russian if _CYRILLIC_RE.search(word) else english
    stem: str = stemmer.stemWord(word)  # type: ignore[attr-defined]
    return stem


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed words without stop words."""
    stop = _stopwords()
    words = _WORD_RE.findall(text.lower().replace("ё", "е"))
    return [_stem(word) for word in words if word not in stop]


class LexicalIndex:
    """BM25 scores of every indexed text for a query (aligned with the ids given)."""

    def __init__(self, ids: Sequence[str], retriever: object, vocab: dict[str, int]) -> None:
        self.ids = list(ids)
        self._retriever = retriever
        self._vocab = vocab

    @classmethod
    def build(cls, ids: Sequence[str], texts: Sequence[str]) -> LexicalIndex:
        """An index of `texts`, one per id, tokenized as queries are."""
        import bm25s

        if len(ids) != len(texts) or not ids:
            raise ValueError("lexical index needs one text per id, at least one")
        retriever = bm25s.BM25(k1=1.2, b=0.75)
        retriever.index([tokenize(text) for text in texts], show_progress=False)
        vocab = {str(k): int(v) for k, v in retriever.vocab_dict.items()}
        return cls(ids, retriever, vocab)

    def save(self, directory: Path) -> None:
        """Write the bm25s files and, beside them, the id list; `load` reads both back."""
        directory.mkdir(parents=True, exist_ok=True)
        self._retriever.save(str(directory), show_progress=False)  # type: ignore[attr-defined]
        (directory / PARAMS_FILE).write_text(json.dumps({"ids": self.ids}), "utf-8")

    @classmethod
    def load(cls, directory: Path) -> LexicalIndex:
        """Raises (OSError, ValueError, KeyError) when the files are missing or corrupt."""
        import bm25s

        logging.getLogger("bm25s").setLevel(logging.WARNING)
        ids = json.loads((directory / PARAMS_FILE).read_text("utf-8"))["ids"]
        retriever = bm25s.BM25.load(str(directory), show_progress=False)
        vocab = {str(k): int(v) for k, v in retriever.vocab_dict.items()}
        if retriever.scores["num_docs"] != len(ids):
            raise ValueError("lexical index and its id list disagree")
        return cls(ids, retriever, vocab)

    def scores(self, query: str) -> npt.NDArray[np.float32]:
        """BM25 score of every indexed text, in the order of `ids` (zeros: no match)."""
        tokens = [token for token in tokenize(query) if token in self._vocab]
        if not tokens:
            return np.zeros(len(self.ids), dtype=np.float32)
        scores = self._retriever.get_scores(tokens)  # type: ignore[attr-defined]
        return np.asarray(scores, dtype=np.float32)

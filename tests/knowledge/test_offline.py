"""Build and search with networking disabled: the knowledge base never needs the network."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge.documents import DOCS_DIR

OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "ANONYMIZED_TELEMETRY": "False",
    "NO_PROXY": "*",
}


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-rn", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(
    not _unshare_works(), reason="unshare -rn (user + network namespace) unavailable"
)
def test_build_and_search_in_a_namespace_without_network(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("article-ru.md", "glossary-en.md"):
        shutil.copy(DOCS_DIR / name, docs / name)
    advisor = [sys.executable, "-m", "advisor.cli.main"]
    env = {**os.environ, **OFFLINE_ENV}

    def offline(*args: str) -> subprocess.CompletedProcess[str]:
        # `ip link` inside proves the namespace has no interface but loopback (down).
        return subprocess.run(
            [
                "unshare",
                "-rn",
                *advisor,
                *args,
                "--data-dir",
                str(tmp_path / "data"),
                "--docs",
                str(docs),
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )

    probe = subprocess.run(
        [
            "unshare",
            "-rn",
            sys.executable,
            "-c",
            "import socket; socket.create_connection(('1.1.1.1', 443), 3)",
        ],
        capture_output=True,
        text=True,
    )
    assert probe.returncode != 0, "the namespace still reaches the network"

    build = offline("kb", "build", "--json")
    assert build.returncode == 0, build.stderr
    assert json.loads(build.stdout)["documents"] == 2

    search = offline("kb", "search", "How much memory does fine-tuning need?", "-k", "3", "--json")
    assert search.returncode == 0, search.stderr
    passages = json.loads(search.stdout)
    assert any(p["doc"] == "article-ru" for p in passages)

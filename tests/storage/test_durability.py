"""What the store acknowledged survives `kill -9`: a child process writes messages and
feedback, prints each id once the call returned, and is killed mid-stream."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from advisor.storage import DatabaseStore

ACKNOWLEDGED_BEFORE_KILL = 150

WRITER = textwrap.dedent(
    """
    import sys
    from advisor.storage import DatabaseStore

    store = DatabaseStore.open(sys.argv[1])
    number = 0
    while True:  # until killed
        conversation = f"conv_{number % 5}"
        store.add_message(conversation, "user", f"question {number}")
        answer = store.add_message(conversation, "assistant", "answer", {"mode": "offline"})
        print("message", answer.id, flush=True)
        store.add_feedback(answer.id, "up")
        print("feedback", answer.id, flush=True)
        number += 1
    """
)


def test_acknowledged_writes_survive_kill_9(database_url: str) -> None:
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, database_url],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert child.stdout is not None
    acknowledged: dict[str, list[str]] = {"message": [], "feedback": []}
    try:
        for line in child.stdout:
            kind, message_id = line.split()
            acknowledged[kind].append(message_id)
            if len(acknowledged["message"]) >= ACKNOWLEDGED_BEFORE_KILL:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    # Lines already in the pipe were acknowledged too: read them before checking.
    for line in child.stdout.read().splitlines():
        kind, message_id = line.split()
        acknowledged[kind].append(message_id)
    assert child.returncode == -signal.SIGKILL
    assert len(acknowledged["message"]) >= ACKNOWLEDGED_BEFORE_KILL

    store = DatabaseStore.open(database_url)
    missing = [i for i in acknowledged["message"] if store.get_message(i) is None]
    unrated = [i for i in acknowledged["feedback"] if store.get_feedback(i) is None]
    store.close()
    assert missing == []
    assert unrated == []

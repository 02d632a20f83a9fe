"""An OpenAI-compatible endpoint that fails on purpose: slow, garbage or 5xx answers.

The fault tests point the advisor at it to check what a user sees when the LLM server
misbehaves; a stopped LLM is simply a port nobody listens on.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Literal

Fault = Literal["slow", "garbage", "server_error"]
MODELS = json.dumps({"object": "list", "data": [{"id": "faulty-llm", "object": "model"}]})


class FaultyLlm:
    def __init__(self, fault: Fault, delay_s: float = 30.0) -> None:
        self.fault = fault
        self.delay_s = delay_s
        self.requests = 0
        self._stop = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner.answer(self, MODELS)

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                owner.requests += 1
                owner.answer(self, None)

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def answer(self, handler: BaseHTTPRequestHandler, models: str | None) -> None:
        if self.fault == "slow":
            self._stop.wait(self.delay_s)  # a hung server: nothing comes back in time
        if self.fault == "server_error":
            self._send(handler, 503, '{"error": {"message": "overloaded"}}')
        elif self.fault == "garbage" and models is None:
            self._send(handler, 200, "<html>\x00\xff not json {{{", "text/html")
        else:
            self._send(handler, 200, models or '{"choices": "nonsense"}')

    @staticmethod
    def _send(
        handler: BaseHTTPRequestHandler, status: int, body: str, kind: str = "application/json"
    ) -> None:
        data = body.encode("utf-8", "surrogateescape")
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", kind)
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the advisor gave up waiting, as it should

    def __enter__(self) -> FaultyLlm:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self.server.shutdown()
        self.server.server_close()

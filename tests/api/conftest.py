"""The app under test: the real offline advisor over a knowledge base built once per run."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from advisor.api import create_app
from advisor.config import Settings
from tests.conftest import app_settings
from tests.served import free_port

QUESTION_RU = "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?"


@pytest.fixture(scope="session")
def api_settings(kb_data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return app_settings(kb_data_dir, tmp_path_factory.mktemp("api-db"))


@pytest.fixture(scope="session")
def api_app(api_settings: Settings) -> FastAPI:
    return create_app(api_settings, with_ui=False)


@pytest.fixture(scope="session")
def client(api_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(api_app) as test_client:
        yield test_client


class LiveServer:
    """uvicorn in a thread on a free port: for clients that need a real socket."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base_url}/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the live server did not become healthy in 30 s")

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(api_settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(create_app(api_settings, with_ui=False)) as server:
        yield server

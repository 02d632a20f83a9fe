"""The rate limit as `advisor serve` runs it: a client cannot dodge it with a forged
X-Forwarded-For (uvicorn's own proxy-header handling is off; only
ADVISOR_TRUSTED_PROXIES decides whom to believe)."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.served import ServedAdvisor


def test_a_forged_forwarded_for_does_not_reset_the_limit(tmp_path: Path) -> None:
    env = {
        "ADVISOR_RATE_LIMIT": "2/minute",
        "ADVISOR_DATABASE_URL": f"sqlite:///{tmp_path / 'advisor.db'}",
    }
    with ServedAdvisor(tmp_path / "data", env, tmp_path / "serve.log") as served:
        served.start(wait_for_knowledge=False)
        codes = [
            httpx.post(
                f"{served.base_url}/v1/size",
                json={"model": "llama-3.1-8b", "gpu": "l40s"},
                headers={"X-Forwarded-For": f"198.51.100.{i}"},
                timeout=30,
            ).status_code
            for i in range(3)
        ]
    assert codes == [200, 200, 429]

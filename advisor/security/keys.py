"""Staff and bot API keys: `Authorization: Bearer KEY`, checked in constant time.

Keys come from ADVISOR_STAFF_API_KEYS (comma-separated) and stay secret: held as
SHA-256 digests, compared with `hmac.compare_digest` against every key whatever
matches (no early exit, no length leak), never logged, echoed or put in an error.

Answers: no or malformed Authorization -> 401 with `WWW-Authenticate: Bearer`
(the client must authenticate); a well-formed key that is not ours -> 403 (it did
authenticate, and is refused). With no keys configured every key is refused.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable
from typing import Annotated

from fastapi import Depends, HTTPException
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import SecretStr

BEARER_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="gpu-advisor"'}


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header; None when absent or malformed."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


class StaffKeys:
    """The configured staff keys, held only as digests; `repr` says how many, never which."""

    def __init__(self, keys: Iterable[str]) -> None:
        self._digests = [_digest(key) for key in (k.strip() for k in keys) if key]

    @classmethod
    def from_secret(cls, keys: SecretStr) -> StaffKeys:
        """From the comma-separated ADVISOR_STAFF_API_KEYS value."""
        return cls(keys.get_secret_value().split(","))

    @property
    def configured(self) -> bool:
        """False with no keys set: every key is then refused, and the rate limit skips the
        key check."""
        return bool(self._digests)

    def verify(self, candidate: str | None) -> bool:
        """Whether `candidate` is one of the keys; every key is compared, so the time taken
        says nothing about which one matched or how close a guess came."""
        if not candidate:
            return False
        given = _digest(candidate)
        matched = False
        for digest in self._digests:
            matched |= hmac.compare_digest(given, digest)
        return matched

    def __repr__(self) -> str:
        return f"StaffKeys({len(self._digests)} keys)"


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8")).digest()


# Documents the scheme in OpenAPI (the docs' "Authorize" button); errors are ours.
_BEARER = HTTPBearer(auto_error=False, description="a staff or bot API key")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)]


def require_staff(keys: StaffKeys) -> Callable[[HTTPAuthorizationCredentials | None], None]:
    """A FastAPI dependency: `APIRouter(dependencies=[Depends(require_staff(keys))])`."""

    def check_staff_key(credentials: Credentials) -> None:
        token = bearer_token(f"Bearer {credentials.credentials}") if credentials else None
        if token is None:
            raise HTTPException(
                status_code=401,
                detail="staff endpoint: send Authorization: Bearer <staff API key>",
                headers=BEARER_CHALLENGE,
            )
        if not keys.verify(token):
            raise HTTPException(status_code=403, detail="this API key is not a staff key")

    return check_staff_key

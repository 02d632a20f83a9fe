"""A bot's JSON fields read as words: known scalar keys only, everything else dropped."""

from __future__ import annotations

from advisor.agent.offline.reader import Reader
from advisor.agent.offline.structured import structured_as_text


def test_known_fields_become_words_and_the_rest_is_dropped() -> None:
    text = structured_as_text(
        '{"task": "sizing", "model": "Qwen2.5-7B", "concurrency": 100, "path": "/etc/passwd",'
        ' "precision": "fp16", "nested": {"a": 1}, "gpus": true}'
    )
    assert text == "model Qwen2.5-7B, 100 users at once, in fp16"


def test_text_that_is_not_a_json_object_stays_as_it_is() -> None:
    for text in ("{not json}", "[1, 2]", "llama 8b {users}", '{"unknown": 1}'):
        assert structured_as_text(text) == text


def test_a_bots_request_is_sized_with_all_its_fields(reader: Reader) -> None:
    reading = reader.read(
        '{"task":"sizing","model":"Qwen2.5-7B-Instruct","concurrency":100,'
        '"context_tokens":4096,"precision":"fp16"} — return GPU count and type.'
    )
    assert reading.request is not None
    request = reading.request
    assert (request["model"], request["users"], request["context"], request["precision"]) == (
        "qwen2.5-7b",
        100,
        4096,
        "fp16",
    )

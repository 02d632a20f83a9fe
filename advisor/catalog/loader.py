"""Loads the catalog data files once and resolves what users type to catalog ids."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from advisor.catalog.schema import (
    EngineProfile,
    Gpu,
    Model,
    Prices,
    Suitability,
    WeightFormat,
    Workloads,
)

try:  # the C loader is ~10x faster; fall back where libyaml is missing
    from yaml import CSafeLoader as _YamlLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _YamlLoader  # type: ignore[assignment]


class CatalogLookupError(LookupError):
    """An id that is not in the catalog; carries the nearest matches for the message."""

    def __init__(self, kind: str, value: str, suggestions: list[str], allowed: list[str]) -> None:
        self.kind = kind
        self.value = value
        self.suggestions = suggestions
        self.allowed = allowed
        hint = (
            f"nearest: {', '.join(suggestions)}"
            if suggestions
            else f"allowed: {', '.join(allowed)}"
        )
        super().__init__(f"unknown {kind} {value!r}; {hint}")


def _normalize(name: str) -> str:
    """Lower-case, drop an org prefix and an -Instruct/-it/-chat suffix, unify separators."""
    text = name.strip().lower()
    text = text.rsplit("/", 1)[-1]
    text = re.sub(r"[\s_]+", "-", text)
    text = re.sub(r"-(instruct|thinking)-(\d{4})$", r"-\2", text)  # Qwen3 -Instruct-2507
    text = re.sub(r"-(instruct|it|chat|hf|base)(-\d+)?$", "", text)
    text = re.sub(r"-(instruct|it|chat|hf)$", "", text)
    return text


def _key(name: str) -> str:
    """A lookup key that ignores separators entirely: 'llama3.1 70b' == 'llama-3.1-70b'."""
    return re.sub(r"[^a-z0-9.]", "", _normalize(name))


@dataclass(frozen=True)
class Catalog:
    gpus: dict[str, Gpu]
    models: dict[str, Model]
    formats: dict[str, WeightFormat]
    engines: dict[str, EngineProfile]
    workloads: Workloads
    suitability: dict[str, Suitability]
    prices: Prices
    _model_keys: dict[str, str] = field(default_factory=dict, repr=False)
    _gpu_keys: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for model in self.models.values():
            for name in (model.id, model.hf_repo, model.name, *model.aliases):
                self._model_keys.setdefault(_key(name), model.id)
        for gpu in self.gpus.values():
            for name in (gpu.id, gpu.name):
                self._gpu_keys.setdefault(_key(name), gpu.id)

    def model(self, name: str) -> Model:
        """A catalog model by id, alias or HF repo name: never a path (a model the catalog
        lacks comes as a config.json's contents, `SizingRequest.hf_config`)."""
        model_id = self._model_keys.get(_key(name))
        if model_id is None:
            raise CatalogLookupError(
                "model", name, self._nearest(name, self._model_keys), sorted(self.models)
            )
        return self.models[model_id]

    def gpu(self, name: str) -> Gpu:
        gpu_id = self._gpu_keys.get(_key(name))
        if gpu_id is None:
            raise CatalogLookupError(
                "GPU", name, self._nearest(name, self._gpu_keys), sorted(self.gpus)
            )
        return self.gpus[gpu_id]

    def weight_format(self, name: str) -> WeightFormat:
        try:
            return self.formats[name.lower()]
        except KeyError:
            raise CatalogLookupError("precision", name, [], sorted(self.formats)) from None

    @staticmethod
    def _nearest(name: str, keys: dict[str, str]) -> list[str]:
        close = difflib.get_close_matches(_key(name), list(keys), n=6, cutoff=0.5)
        return list(dict.fromkeys(keys[k] for k in close))[:3]


def _read_yaml(filename: str) -> dict[str, Any]:
    text = resources.files("advisor.catalog").joinpath("data", filename).read_text("utf-8")
    data: dict[str, Any] = yaml.load(text, Loader=_YamlLoader)  # noqa: S506 - safe loader
    return data


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    gpus = [Gpu.model_validate(g) for g in _read_yaml("gpus.yaml")["gpus"]]
    models = [Model.model_validate(m) for m in _read_yaml("models.yaml")["models"]]
    formats = [WeightFormat.model_validate(f) for f in _read_yaml("formats.yaml")["formats"]]
    engines = [EngineProfile.model_validate(e) for e in _read_yaml("engines.yaml")["engines"]]
    workloads = _read_yaml("workloads.yaml")
    workloads.pop("version", None)
    suitability = [Suitability.model_validate(s) for s in _read_yaml("suitability.yaml")["models"]]
    prices = _read_yaml("prices.yaml")
    prices.pop("version", None)
    return Catalog(
        gpus={g.id: g for g in gpus},
        models={m.id: m for m in models},
        formats={f.id: f for f in formats},
        engines={e.id: e for e in engines},
        workloads=Workloads.model_validate(workloads),
        suitability={s.model: s for s in suitability},
        prices=Prices.model_validate(prices),
    )


def with_prices(catalog: Catalog, overrides: Mapping[str, Any]) -> Catalog:
    """The catalog with the operator's prices (prices.yaml's shape) merged over the shipped
    ones: a mapping merges key by key, anything else replaces. A bad override raises
    pydantic's ValidationError naming the field."""
    if not overrides:
        return catalog
    merged = _merged(catalog.prices.model_dump(mode="json"), overrides)
    return dataclasses.replace(catalog, prices=Prices.model_validate(merged))


def _merged(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in overrides.items():
        current = out.get(key)
        if isinstance(current, dict) and isinstance(value, Mapping):
            out[key] = _merged(current, value)
        else:
            out[key] = value
    return out

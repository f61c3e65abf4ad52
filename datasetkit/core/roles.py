"""The column-role resolver: which column of a record-shaped input holds which field.

Every record-shaped input (CSV, TSV, xlsx, JSONL rows and JSON arrays of objects that
have no format of their own) names its columns freely: ``question``, ``Prompt``,
``user_input``; ``answer``, ``truth``, ``ground_truths``, ``expected_output``,
``ideal``. One resolver maps them to the canonical fields, so every reader agrees, and
``--map FIELD=COLUMN`` overrides it for every input format.

A resolution is data: which column became which field, which columns were carried as
extra columns, and what could not be decided (several candidates for one field, or a
``--map`` naming a column that is not there). Readers turn it into findings, so the
user sees how their file was understood.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.headers import compact_header, normalise_header

# Canonical fields a column can hold, in the order they are resolved.
FIELDS = (
    "prompt",
    "expected_response",
    "response",
    "context",
    "category",
    "id",
    "notes",
    "tags",
    "conversation",
)

# Canonical field -> header spellings (matched ignoring case, spaces, "_", "-", ".").
# ``answer`` is an expected answer: in the Q&A sheets people bring, an "Answer" column
# is what the agent should say; a recorded model answer is called ``response``,
# ``actual_output`` or ``generated answer``.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "prompt": (
        "prompt",
        "question",
        "query",
        "input",
        "utterance",
        "test utterance",
        "input_text",
        "user_input",
        "user query",
        "user question",
        "user message",
        "user prompt",
        "prompts",
        "questions",
    ),
    "expected_response": (
        "expected response",
        "expectedResponse",
        "expected_response",
        "answer",
        "answers",
        "ground_truth",
        "ground_truths",
        "groundtruth",
        "truth",
        "expected_output",
        "expected output",
        "expected answer",
        "expected_answer",
        "expected",
        "reference answer",
        "reference",
        "ideal",
        "ideal response",
        "ideal answer",
        "gold answer",
        "golden answer",
        "target",
        "output",
        # The prompt/completion pairs of OpenAI's legacy fine-tuning and eval files.
        "completion",
        # What the agent should do rather than say: red-team and behaviour suites.
        "ideal behavior",
        "ideal behaviour",
        "expected behavior",
        "expected behaviour",
        "expectation",
        "expected result",
    ),
    "response": (
        "response",
        "actual_output",
        "actual output",
        "actual response",
        "model response",
        "generated answer",
        "agent response",
        # azure-ai-evaluation's recorded target output beside the inputs.
        "__outputs.response",
        "outputs.response",
    ),
    "context": (
        "context",
        "contexts",
        "reference_contexts",
        "retrieved_contexts",
        "retrieval_context",
        "documents",
        "source text",
        "passage",
    ),
    "category": ("category", "categories", "topic", "test category"),
    "id": ("test id", "id", "case id", "test case id", "testcase id", "question id", "qid"),
    "notes": ("notes", "note", "comments", "comment", "remarks"),
    "tags": ("tags", "tag", "labels"),
    "conversation": (
        "conversation number",
        "conversationNumber",
        "conversation",
        "conversation id",
        "conversation_id",
        "multiturn conversation",
        "multi-turn conversation",
        "thread",
        "thread id",
    ),
}
# The same headers in the languages people write their sheets in (matched the same way,
# and without accents, so "Reponse" finds "Réponse"). "Answer" in each language is the
# expected answer, as in English.
LOCALISED: dict[str, tuple[str, ...]] = {
    "prompt": (
        "frage", "fragen", "anfrage", "eingabe", "benutzerfrage", "testfrage",  # de
        "requête", "entrée", "question de l'utilisateur",  # fr
        "pregunta", "preguntas", "consulta", "entrada",  # es
        "domanda", "domande", "richiesta",  # it
        "pergunta", "perguntas",  # pt
        "vraag", "vragen", "invoer",  # nl
        "pytanie", "pytania", "fråga", "frågor", "spørgsmål", "spørsmål", "soru",
        "вопрос", "вопросы", "запрос",  # ru
        "質問", "質問文", "問い合わせ", "入力", "プロンプト",  # ja
        "问题", "問題", "提问", "提問", "提示词", "输入", "輸入", "查询",  # zh
        "질문", "입력", "프롬프트",  # ko
    ),
    "expected_response": (
        "antwort", "antworten", "erwartete antwort", "sollantwort", "referenzantwort",
        "musterantwort",  # de
        "réponse", "réponses", "réponse attendue", "réponse de référence",  # fr
        "respuesta", "respuestas", "respuesta esperada", "respuesta de referencia",  # es
        "risposta", "risposte", "risposta attesa", "risposta prevista",  # it
        "resposta", "respostas", "resposta esperada",  # pt
        "antwoord", "antwoorden", "verwacht antwoord",  # nl
        "odpowiedź", "oczekiwana odpowiedź", "svar", "förväntat svar", "cevap",
        "ответ", "ответы", "ожидаемый ответ", "эталонный ответ",  # ru
        "回答", "答え", "期待される回答", "期待回答", "正解", "模範解答", "解答",  # ja
        "答案", "参考答案", "标准答案", "標準答案", "期望回答", "预期回答", "答复",  # zh
        "답변", "정답", "예상 답변", "기대 답변",  # ko
    ),
    "category": (
        "kategorie", "catégorie", "categoría", "categoria", "categorie", "kategoria",
        "категория", "カテゴリ", "カテゴリー", "分类", "類別", "类别", "카테고리",
    ),
    "notes": (
        "notizen", "bemerkungen", "anmerkungen", "remarques", "notas", "opmerkingen",
        "uwagi", "примечания", "備考", "备注", "備註", "비고", "메모",
    ),
}  # fmt: skip


def _folded(header: str) -> str:
    """``compact_header`` without accents: how a header is matched against the names."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", compact_header(header))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_SYNONYM_KEYS = {f: {_folded(s) for s in names} for f, names in SYNONYMS.items()}
# A second tier: a localised name is taken only where no header has an English one (a
# bilingual sheet's "Frage" beside "Question" is not a second prompt).
_LOCAL_KEYS = {f: {_folded(s) for s in names} for f, names in LOCALISED.items()}
# Words that make a header a likely prompt column, for the hint when none matches.
PROMPT_WORDS = re.compile(r"question|prompt|utterance|query|input|message|ask", re.I)


# Words in a header that say it holds the prompt or the expected answer, when no synonym
# matched; a header that also names an id, a type or a count holds something else.
_GUESS = {
    "prompt": re.compile(r"\b(question|prompt|utterance|query|input)s?\b"),
    "expected_response": re.compile(r"\b(answer|expected|truth|reference)s?\b"),
}
_NOT_TEXT = re.compile(
    r"#|\b(id|ids|key|type|types|number|no|count|category|status|score|length|date|time|"
    r"language|lang|verdict|url|link|tool|tools|function|functions|call|calls)\b"
)


# Expected-answer spellings that, beside an explicit one, name the recorded answer.
_RECORDED = {
    "answer", "output", "antwort", "reponse", "respuesta", "risposta", "resposta", "antwoord",
    "ответ", "回答", "答案", "답변",
}  # fmt: skip


# Context spellings that name what a run retrieved, not the reference context.
_RETRIEVED = {"retrievedcontexts", "retrievalcontext", "retrievedcontext", "retrievalcontexts"}


def _guess(header: str) -> str | None:
    """The field a header's words point at (see ``_GUESS``), or None."""
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", header).replace("_", " ").replace("-", " ")
    words = words.casefold()
    # A header is a short label; a sentence is a data cell of a table without a header.
    if len(words) > 40 or len(words.split()) > 4 or _NOT_TEXT.search(words):
        return None
    hits = [f for f, rx in _GUESS.items() if rx.search(words)]
    return hits[0] if len(hits) == 1 else None


def _strip_note(name: str) -> str:
    """A header without a trailing parenthetical note ("Category (delete before testing)")."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", name)


def field_for(header: str, local: bool = True) -> str | None:
    """The canonical field a header names by synonym (English first, then ``LOCALISED``
    unless ``local`` is False), or None."""
    for table in (_SYNONYM_KEYS, _LOCAL_KEYS) if local else (_SYNONYM_KEYS,):
        for key in (_folded(header), _folded(_strip_note(header))):
            for f, keys in table.items():
                if key and key in keys:
                    return f
    return None


def check_mapping(mapping: dict[str, str], fields: Sequence[str] = FIELDS) -> None:
    """Refuse a ``--map`` that names a field no column can hold."""
    for f in mapping:
        if f not in fields:
            raise DatasetkitError(
                f"--map {f}=...: {f!r} is not a field a column can map to",
                "fields: " + ", ".join(fields),
            )


def find_header(headers: Sequence[str], name: str) -> int | None:
    """The index of the header ``name`` (exact first, then ignoring case and spacing)."""
    if name in headers:
        return list(headers).index(name)
    want = normalise_header(name)
    for i, h in enumerate(headers):
        if normalise_header(h) == want:
            return i
    return None


@dataclass
class Resolution:
    """Which column holds each field, what was carried, and what did not resolve."""

    headers: list[str]
    cols: dict[str, int] = field(default_factory=dict)
    # (field, the --map header that is not there)
    missing: list[tuple[str, str]] = field(default_factory=list)
    # (field, every candidate header) where several columns could be the field
    ambiguous: list[tuple[str, list[str]]] = field(default_factory=list)
    # Fields set by --map rather than by a synonym.
    mapped: set[str] = field(default_factory=set)
    # Fields taken from a header's words rather than a known spelling.
    guessed: set[str] = field(default_factory=set)

    @property
    def extras(self) -> list[str]:
        """The headers no field took: carried as the record's extra columns."""
        used = set(self.cols.values())
        return [h for i, h in enumerate(self.headers) if i not in used]

    def header(self, f: str) -> str | None:
        """The header that holds field ``f``, or None."""
        i = self.cols.get(f)
        return self.headers[i] if i is not None else None

    def describe(self) -> str:
        """One line: which column became which field, and which were carried."""
        parts = [
            f"{self.headers[i]!r} -> {f}"
            + (" (--map)" if f in self.mapped else "")
            + (" (guessed from its name)" if f in self.guessed else "")
            for f, i in sorted(self.cols.items(), key=lambda kv: kv[1])
        ]
        extras = [h for h in self.extras if h.strip()]
        text = "columns: " + (", ".join(parts) or "none recognised")
        if "prompt" not in self.cols:
            text += "; no prompt column (name it with --map prompt=COLUMN)"
        if extras:
            text += "; carried as extra columns: " + ", ".join(repr(h) for h in extras)
        return text

    def ambiguity_hint(self) -> str:
        """The --map options that settle every ambiguity."""
        return " ".join(f"--map {f}={headers[0]!r}" for f, headers in self.ambiguous)


def resolve(headers: Sequence[str], mapping: dict[str, str] | None = None) -> Resolution:
    """Map fields to columns: ``mapping`` (``--map``) first, then synonyms.

    Several columns that could hold one field are recorded in ``ambiguous`` (the first
    is used, so callers that only warn still get a usable result); a field named by
    ``--map`` is never ambiguous.
    """
    mapping = mapping or {}
    out = Resolution(headers=list(headers))
    taken: set[int] = set()
    for f, name in mapping.items():
        i = find_header(out.headers, name)
        if i is None:
            out.missing.append((f, name))
        else:
            out.cols[f] = i
            out.mapped.add(f)
            taken.add(i)
    for f in FIELDS:
        if f in out.cols or f in mapping:
            continue
        hits = [
            i for i, h in enumerate(out.headers) if i not in taken and field_for(h, False) == f
        ] or [i for i, h in enumerate(out.headers) if i not in taken and field_for(h) == f]
        if f == "expected_response" and len(hits) > 1 and "response" not in mapping:
            # A bare "answer" or "output" beside a column that says it is expected is the
            # answer being scored (RAG-metric rows: question, answer, ground_truth; harness
            # rows: input, output, expected_output), as validate and lint advise.
            answer = [i for i in hits if _folded(out.headers[i]) in _RECORDED]
            if answer and len(answer) < len(hits) and "response" not in out.cols:
                out.cols["response"] = answer[0]
                taken.add(answer[0])
                hits = [i for i in hits if i != answer[0]]
        if f == "context" and len(hits) > 1:
            # What a run retrieved (DeepEval's retrieval_context, Ragas' retrieved_contexts)
            # beside the reference context is the run's output: the reference is the context.
            reference = [i for i in hits if _folded(out.headers[i]) not in _RETRIEVED]
            hits = reference or hits
        # A lone cell is a title ("Questions for the HR agent"), not a header.
        if not hits and f in _GUESS and sum(1 for h in out.headers if h.strip()) > 1:
            # No synonym: a header that says what it holds ("Opening question",
            # "Customer question", "Model answer (expected)") is taken when it is the only one.
            hits = [i for i, h in enumerate(out.headers) if i not in taken and _guess(h) == f]
            if len(hits) == 1:
                out.guessed.add(f)
        if not hits:
            continue
        out.cols[f] = hits[0]
        taken.add(hits[0])
        if len(hits) > 1:
            out.ambiguous.append((f, [out.headers[i] for i in hits]))
    return out


def findings(
    res: Resolution, prefix: str, where: Location, *, describe: bool = True
) -> list[Finding]:
    """What a reader tells the user about a resolution.

    An info line with the resolution itself (so nobody has to guess how the file was
    understood), an error per ambiguous field listing the candidates and the ``--map``
    that settles it, and an error per ``--map`` naming a column that is not there.
    """
    out: list[Finding] = []
    if describe:
        out.append(Finding(f"{prefix}.columns", Severity.INFO, res.describe(), "", where))
    for f, headers in res.ambiguous:
        out.append(
            Finding(
                f"{prefix}.header.ambiguous",
                Severity.ERROR,
                f"several columns could be the {f.replace('_', ' ')}: "
                + ", ".join(repr(h) for h in headers),
                f"say which with --map {f}={headers[0]!r} (or --map {f}={headers[1]!r})",
                where,
            )
        )
    shown = ", ".join(repr(h) for h in res.headers if h.strip())
    for f, name in res.missing:
        out.append(
            Finding(
                f"{prefix}.map.missing-column",
                Severity.ERROR,
                f"--map {f}={name}: there is no column {name!r}",
                f"name one of the columns: {shown}",
                where,
            )
        )
    return out


# How pandas writes a missing cell when a frame is saved as text (astype(str), to_csv
# of object columns, str() of NaN, NA and NaT): no answer, not the answer "nan".
MISSING_TEXT = frozenset({"nan", "NaN", "<NA>", "NaT"})


def is_missing(value: Any) -> bool:
    """A value that stands for no value: None, a float NaN, or pandas' text for one."""
    if value is None:
        return True
    if isinstance(value, float):
        return value != value
    if isinstance(value, str):
        return value.strip() in MISSING_TEXT
    try:  # pandas.NA and NaT compare unequal to themselves, or refuse to compare
        return bool(value != value)
    except (TypeError, ValueError):
        return True


def as_text(value: Any) -> str | None:
    """A record value as the text a canonical field holds.

    Strings stay as written; a list of strings (Ragas ``contexts``, ``ground_truths``)
    becomes its items separated by a blank line; numbers and booleans their JSON
    text. ``None`` stays ``None``; objects and mixed lists give None (not text).
    """
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n\n".join(v for v in value if v.strip())
    return None


class RecordRoles:
    """Resolves the keys of JSON records (cached per key set) for one file.

    ``targets`` maps canonical fields to the key the reader understands (Foundry:
    prompt -> query, expected_response -> ground_truth); :meth:`rename` gives a record
    whose role columns carry those keys, values made text.
    """

    def __init__(self, targets: dict[str, str]) -> None:
        self.targets = targets
        self.cache: dict[tuple[str, ...], Resolution] = {}

    def resolution(self, keys: Sequence[str]) -> tuple[Resolution, bool]:
        """The resolution of a key set, and whether it is new to this file."""
        key = tuple(keys)
        res = self.cache.get(key)
        if res is not None:
            return res, False
        res = resolve(list(keys))
        self.cache[key] = res
        return res, True

    def rename(self, row: dict[str, Any], res: Resolution) -> dict[str, Any]:
        """``row`` with each resolved column under the reader's own key (order kept)."""
        renames: dict[str, str] = {}
        for f, i in res.cols.items():
            target = self.targets.get(f)
            header = res.headers[i]
            if target is None or header == target:
                continue
            if target in row:  # the reader's own column wins; the synonym stays a column
                continue
            if as_text(row[header]) is None and row[header] is not None:
                continue  # an object is not text: keep it as a column
            renames[header] = target
        return {renames.get(k, k): (as_text(v) if k in renames else v) for k, v in row.items()}

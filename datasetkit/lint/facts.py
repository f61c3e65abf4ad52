"""What the rules across cases need to know of a whole file, gathered as it streams by.

The first pass of a streamed lint (:mod:`datasetkit.lint.stream`) hands every part of
the file's cases to :meth:`Facts.add`; the second pass asks, part by part, which of its
cases repeat an earlier one (exactly, by prompt, by id, nearly) and the file's totals.
Per case only a line number is held in memory (an ``array``); every table that grows
with the file (first-seen keys, prompts to compare, the repeats found) is on disk.
"""

from __future__ import annotations

import hashlib
import json
from array import array
from collections import Counter
from collections.abc import Iterator
from typing import Any

from datasetkit.core.model import Case
from datasetkit.lint.context import LintContext, case_key_of
from datasetkit.lint.settings import LintConfig
from datasetkit.lint.spill import FirstSeen, scratch_db

# The rules each table serves: a table is filled only when one of them runs.
_NEEDS_DIGEST = {"lint.case.duplicate", "lint.prompt.duplicate", "lint.prompt.variants"}
_NEEDS_KEY = _NEEDS_DIGEST | {"lint.prompt.near-duplicate"}


class Facts:
    """Facts over a whole file's cases (see the module)."""

    def __init__(self, config: LintConfig, codes: set[str]) -> None:
        self.config = config
        self.codes = codes
        self.n = 0
        self.lines = array("i")  # each case's line, -1 for none
        self.flags: dict[str, bool] = {}
        self.categories: Counter[str] = Counter()
        # Prompts per group (the document a case came from) and the groups' subjects.
        self.group_sizes: Counter[str] = Counter()
        self._subjects: dict[str, str] | None = None
        self.gt_rows = (0, 0)  # rows the ground-truth evaluators score, rows with one
        self.db = scratch_db()
        self._digests = FirstSeen(self.db, "digest")
        self._keys = FirstSeen(self.db, "pkey")
        self._ids = FirstSeen(self.db, "tid")
        for ddl in (
            "CREATE TABLE ev_ident (i INTEGER PRIMARY KEY, first INTEGER)",
            "CREATE TABLE ev_same (i INTEGER PRIMARY KEY, first INTEGER, differ INTEGER)",
            "CREATE TABLE ev_near (i INTEGER PRIMARY KEY, first INTEGER, score REAL)",
            "CREATE TABLE ev_id (i INTEGER PRIMARY KEY, tid TEXT, first INTEGER)",
            "CREATE TABLE reps (g TEXT, i INTEGER, k TEXT, raw TEXT)",
            "CREATE TABLE subj (g TEXT, name TEXT, n INTEGER, PRIMARY KEY (g, name))",
        ):
            self.db.execute(ddl)

    # -- the first pass ----------------------------------------------------------------

    def add(self, cases: list[Case]) -> None:
        """Take the next part of the file's cases (in file order)."""
        from datasetkit.lint.rules.across_cases import case_category
        from datasetkit.lint.rules.coverage import CASE_TESTS
        from datasetkit.lint.rules.foundry_columns import has_ground_truth, is_gt_row

        lo = self.n
        self.n += len(cases)
        for c in cases:
            self.lines.append(c.source.line if c.source and c.source.line is not None else -1)
        for name, test in CASE_TESTS.items():
            if not self.flags.get(name):
                self.flags[name] = any(test(c) for c in cases)
        if "lint.category.singleton" in self.codes:
            self.categories.update(cat for c in cases if (cat := case_category(c)))
        rows = [c for c in cases if is_gt_row(c)]
        self.gt_rows = (
            self.gt_rows[0] + len(rows),
            self.gt_rows[1] + sum(1 for c in rows if has_ground_truth(c)),
        )
        identical = self._identical(cases, lo) if self.codes & _NEEDS_DIGEST else set()
        if self.codes & _NEEDS_KEY:
            self._same_prompts(cases, lo, identical)
        if "lint.case.duplicate-id" in self.codes:
            self._reused_ids(cases, lo)
        if self.codes & {"lint.prompt.no-subject", "lint.prompt.unnamed-in-mix"}:
            self._names(cases)

    def _names(self, cases: list[Case]) -> None:
        from datasetkit.lint.rules.subject import case_group
        from datasetkit.lint.subject import names_in

        rows: list[tuple[str, str]] = []
        for case in cases:
            found = case_group(case)
            if found:
                self.group_sizes[found[0]] += 1
                rows.extend((found[0], name) for name in names_in(found[1]))
        self.db.executemany(
            "INSERT INTO subj VALUES (?, ?, 1) ON CONFLICT (g, name) DO UPDATE SET n = n + 1",
            rows,
        )

    def subjects(self) -> dict[str, str]:
        """Each group's subject over the whole file (see :mod:`datasetkit.lint.subject`)."""
        from datasetkit.lint.subject import subject_of_set

        if self._subjects is None:
            self._subjects = {}
            for group, size in self.group_sizes.items():
                best = self.db.execute(
                    "SELECT name, n FROM subj WHERE g = ? "
                    "ORDER BY n DESC, length(name) DESC, name DESC LIMIT 1",
                    (group,),
                ).fetchone()
                subject = subject_of_set(tuple(best) if best else None, size)
                if subject:
                    self._subjects[group] = subject
        return self._subjects

    def _identical(self, cases: list[Case], lo: int) -> set[int]:
        from datasetkit.lint.rules.across_cases import case_digest

        batch = [(bytes.fromhex(case_digest(c)), lo + k, None) for k, c in enumerate(cases)]
        found = [
            (i, first)
            for (_, i, _), (first, _) in zip(batch, self._digests.first(batch), strict=True)
            if first != i
        ]
        self.db.executemany("INSERT INTO ev_ident VALUES (?, ?)", found)
        return {i for i, _ in found}

    def _same_prompts(self, cases: list[Case], lo: int, identical: set[int]) -> None:
        keyed = [
            (lo + k, c, key)
            for k, c in enumerate(cases)
            if (key := case_key_of(c)).replace("\x1f", "")
        ]
        batch = [
            (
                hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).digest(),
                i,
                _answers(c),
            )
            for i, c, key in keyed
        ]
        same, reps = [], []
        for (i, c, key), (first, answers) in zip(keyed, self._keys.first(batch), strict=True):
            if first == i:
                if "lint.prompt.near-duplicate" in self.codes:
                    raw = _raw_prompt(c)
                    reps.append((_group(raw), i, key, raw))
            elif i not in identical:
                same.append((i, first, int(_answers_differ(_answers(c), answers))))
        self.db.executemany("INSERT INTO ev_same VALUES (?, ?, ?)", same)
        self.db.executemany("INSERT INTO reps VALUES (?, ?, ?, ?)", reps)

    def _reused_ids(self, cases: list[Case], lo: int) -> None:
        from datasetkit.lint.rules.across_cases import case_test_id

        with_id = [
            (tid, lo + k, None) for k, c in enumerate(cases) if (tid := case_test_id(c)) is not None
        ]
        rows = [
            (i, tid, first)
            for (tid, i, _), (first, _) in zip(with_id, self._ids.first(with_id), strict=True)
            if first != i
        ]
        self.db.executemany("INSERT INTO ev_id VALUES (?, ?, ?)", rows)

    def finish(self) -> None:
        """After the last part: find the near-duplicate prompts (one digit group at a time)."""
        if "lint.prompt.near-duplicate" not in self.codes:
            return
        from datasetkit.lint.neardup.search import EXACT_LIMIT

        (total,) = self.db.execute("SELECT COUNT(*) FROM reps").fetchone()
        # The comparison lint makes on a file held whole: all against all up to the limit,
        # LSH candidates beyond it (each pair of a group is judged the same either way).
        exact = total <= EXACT_LIMIT
        cur = self.db.cursor()
        # The raw prompts stay on disk: only the pairs found need them.
        self.db.execute("CREATE INDEX reps_i ON reps (i)")
        cur.execute("SELECT g, i, k FROM reps ORDER BY g, i")
        ids: list[int] = []
        texts: list[str] = []
        last: str | None = None
        while rows := cur.fetchmany(4096):
            for g, i, k in rows:
                if g != last:
                    self._near_group(ids, texts, exact)
                    ids, texts, last = [], [], g
                ids.append(i)
                texts.append(k)
        self._near_group(ids, texts, exact)

    def _raw(self, i: int) -> str:
        row = self.db.execute("SELECT raw FROM reps WHERE i = ?", (i,)).fetchone()
        return str(row[0])

    def _near_group(self, ids: list[int], texts: list[str], exact: bool) -> None:
        if len(ids) < 2:
            return
        from datasetkit.lint.neardup.meaning import meaningful_difference
        from datasetkit.lint.neardup.search import exact_pairs, lsh_pairs

        idx = list(range(len(ids)))
        threshold = self.config.near_duplicate_threshold
        pairs = exact_pairs(texts, idx, threshold) if exact else lsh_pairs(texts, idx, threshold)
        best: dict[int, tuple[int, float]] = {}
        for a, b, score in pairs:
            ia, ib = ids[a], ids[b]
            if meaningful_difference(self._raw(ia), self._raw(ib)):
                continue
            first, later = (ia, ib) if ia < ib else (ib, ia)
            if later not in best or score > best[later][1]:
                best[later] = (first, score)
        self.db.executemany(
            "INSERT INTO ev_near VALUES (?, ?, ?)", [(i, f, s) for i, (f, s) in best.items()]
        )

    # -- the second pass ---------------------------------------------------------------

    def ref(self, index: int) -> str:
        """How a message names case ``index`` of the file (as ``LintContext.ref`` does)."""
        line = self.lines[index]
        return f"line {line}" if line >= 0 else f"case {index + 1}"

    def _between(self, table: str, cols: str, lo: int, hi: int) -> list[Any]:
        return self.db.execute(
            f"SELECT i, {cols} FROM {table} WHERE i >= ? AND i < ? ORDER BY i", (lo, hi)
        ).fetchall()

    def dupes(self, ctx: LintContext) -> ChunkDupes:
        """The repeats among a part's cases (indexes in the part, first cases in the file)."""
        lo = ctx.facts_offset  # type: ignore[attr-defined]
        hi = lo + len(ctx.cases)
        out = ChunkDupes()
        out.identical = {i - lo: f for i, f in self._between("ev_ident", "first", lo, hi)}
        for i, f, differ in self._between("ev_same", "first, differ", lo, hi):
            (out.variants if differ else out.repeats)[i - lo] = f
        out.near = {i - lo: (f, s) for i, f, s in self._between("ev_near", "first, score", lo, hi)}
        return out

    def reused_ids(self, ctx: LintContext) -> Iterator[tuple[int, str, int]]:
        """``(case in the part, id, first case in the file)`` of the part's reused ids."""
        lo = ctx.facts_offset  # type: ignore[attr-defined]
        for i, tid, first in self._between("ev_id", "tid, first", lo, lo + len(ctx.cases)):
            yield i - lo, tid, first

    def close(self) -> None:
        """Delete the tables now."""
        self.db.close()


class ChunkDupes:
    """The duplicate groups of one part of a streamed file (as ``across_cases._Dupes``)."""

    def __init__(self) -> None:
        self.identical: dict[int, int] = {}
        self.repeats: dict[int, int] = {}
        self.variants: dict[int, int] = {}
        self.near: dict[int, tuple[int, float]] = {}


def _answers(case: Case) -> str:
    return json.dumps([[t.expected_response, t.response] for t in case.turns])


def _answers_differ(mine: str, theirs: str | None) -> bool:
    """``across_cases._Dupes._answers_differ`` on the answers as :func:`_answers` keeps them."""
    from datasetkit.lint.text import normalize

    for (ea, ra), (eb, rb) in zip(json.loads(mine), json.loads(theirs or "[]"), strict=False):
        for x, y in ((ea, eb), (ra, rb)):
            nx, ny = normalize(x or ""), normalize(y or "")
            if nx and ny and nx != ny:
                return True
    return False


def _raw_prompt(case: Case) -> str:
    if case.turns:
        return "\n".join(t.prompt for t in case.turns)
    return case.seed.description if case.seed is not None else ""


def _group(raw: str) -> str:
    from datasetkit.lint.neardup.meaning import digit_runs

    return " ".join(digit_runs(raw))

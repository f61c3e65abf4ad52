"""Offline generation from long sheets: the cost of each added row, and of a declined language.

A check over a table's cells once compared every row with every other, and a 2,700-row
sheet took minutes where a 300-row one took a second; a sheet in a language no offline form
writes was read through every table form before the run said it gives no cases. This writes
workbooks of an order table (English) at 300, 1,000, 3,000 and 6,000 rows and the same
table in Russian at 300 and 3,000 rows, runs ``generate knowledge -n 30`` on each (interleaved after
a warm-up, ``measure.compare``) and ``ingest`` on the Russian ones, and prints:

- for each English size, the time each row beyond the 300-row sheet adds, against the same
  figure at 1,000 rows measured in the same run (flat when generation is linear in the rows;
  a pairwise check shows as a ratio that grows with the size). Target: <= 1.5 at every size.
- for the Russian sheet, the time each row beyond 300 adds to ``generate`` against what it
  adds to ``ingest`` of the same files: declining a language should cost per row about what
  reading the rows costs (the fixed cost of starting each command is left out). Target:
  <= 1.5.

    python bench/bench_generate_sheet.py            # 3 interleaved runs, medians
    python bench/bench_generate_sheet.py --runs 5
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from measure import Sample, compare, datasetkit, machine, mb  # noqa: E402

BASE = 300
REFERENCE = 1_000
SIZES = (BASE, REFERENCE, 3_000, 6_000)
DECLINED = 3_000
TARGET = 1.5

EN = {
    "header": ("Order", "Customer", "Region", "Product", "Quantity", "Unit price (USD)", "Ordered"),
    "regions": ("North", "South", "East", "West", "Central"),
    "products": (
        "Desk lamp",
        "Office chair",
        "Standing desk",
        "Monitor arm",
        "Keyboard",
        "Webcam",
        "Headset",
        "Docking station",
        "Notebook stand",
        "Cable tray",
    ),
    "first": ("Ana", "Ben", "Chloe", "David", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jonas"),
    "last": ("Keller", "Lopez", "Moreau", "Novak", "Okafor", "Petrov", "Quinn", "Rossi"),
    "title": "Customer orders",
}
RU = {
    "header": ("Заказ", "Клиент", "Регион", "Товар", "Количество", "Цена (руб.)", "Дата заказа"),
    "regions": ("Север", "Юг", "Восток", "Запад", "Центр"),
    "products": (
        "Настольная лампа",
        "Офисное кресло",
        "Письменный стол",
        "Кронштейн",
        "Клавиатура",
        "Веб-камера",
        "Гарнитура",
        "Подставка",
        "Кабельный лоток",
        "Док-станция",
    ),
    "first": ("Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Илья"),
    "last": ("Иванов", "Петров", "Сидоров", "Смирнов", "Кузнецов", "Попов", "Орлов"),
    "title": "Заказы клиентов",
}


def write_orders(path: Path, rows: int, words: dict, seed: int = 7) -> Path:
    """A workbook with a title row and an order table of ``rows`` rows, as people keep them."""
    from openpyxl import Workbook

    rng = random.Random(seed)
    wb = Workbook()
    ws = wb.active
    ws.title = words["title"][:31]
    ws.append([words["title"]])
    ws.append([])
    ws.append(list(words["header"]))
    start = dt.date(2024, 1, 2)
    for i in range(rows):
        ws.append(
            [
                f"SO-{10_000 + i}",
                f"{rng.choice(words['first'])} {rng.choice(words['last'])}",
                rng.choice(words["regions"]),
                rng.choice(words["products"]),
                rng.randint(1, 40),
                round(rng.uniform(9, 400), 2),
                start + dt.timedelta(days=rng.randint(0, 360)),
            ]
        )
    wb.save(path)
    return path


def _generate(path: Path, out: Path) -> list[str]:
    return datasetkit(
        "generate",
        "knowledge",
        str(path),
        "-n",
        "30",
        "--seed",
        "1",
        "-o",
        str(out),
        "--force",
        "-q",
    )


def measure(tmp: Path, runs: int) -> tuple[list[list[str]], list[str]]:
    """The English rows of the table and the Russian line."""
    files = {n: write_orders(tmp / f"orders-{n}.xlsx", n, EN) for n in SIZES}
    contestants = {f"en-{n}": _generate(p, tmp / f"out-{n}.json") for n, p in files.items()}
    for n in (BASE, DECLINED):
        ru = write_orders(tmp / f"orders-ru-{n}.xlsx", n, RU)
        contestants[f"ru-generate-{n}"] = _generate(ru, tmp / f"out-ru-{n}.json")
        contestants[f"ru-ingest-{n}"] = datasetkit("ingest", str(ru), "-f", "json", "-q")
    got = compare(contestants, runs)
    return _english(got), _russian(got)


def _added(got: dict[str, Sample], n: int, cpu: bool = False) -> float:
    """Seconds each row beyond the base sheet adds at ``n`` rows."""

    def t(s: Sample) -> float:
        return s.cpu if cpu else s.seconds

    return (t(got[f"en-{n}"]) - t(got[f"en-{BASE}"])) / (n - BASE)


def _english(got: dict[str, Sample]) -> list[list[str]]:
    rows = []
    ref, ref_cpu = _added(got, REFERENCE), _added(got, REFERENCE, cpu=True)
    for n in SIZES:
        s = got[f"en-{n}"]
        if n == BASE:
            rows.append([f"{n:,}", f"{s.seconds:.2f} s", "-", "-", "-", mb(s.rss), "base"])
            continue
        ratio, cpu = _added(got, n) / ref, _added(got, n, cpu=True) / ref_cpu
        # Load from elsewhere moves wall time more than CPU time: a row held only by its
        # CPU time says so instead of a plain yes or no.
        holds = "yes" if ratio <= TARGET else "CPU time only" if cpu <= TARGET else "**no**"
        rows.append(
            [
                f"{n:,}",
                f"{s.seconds:.2f} s",
                f"{_added(got, n) * 1e3:.2f} ms",
                f"{ratio:.2f}",
                f"{cpu:.2f}",
                mb(s.rss),
                holds,
            ]
        )
    return rows


def _russian(got: dict[str, Sample]) -> list[str]:
    def added(command: str, cpu: bool = False) -> float:
        big, small = got[f"ru-{command}-{DECLINED}"], got[f"ru-{command}-{BASE}"]
        return (big.cpu - small.cpu) if cpu else (big.seconds - small.seconds)

    gen, ing = got[f"ru-generate-{DECLINED}"], got[f"ru-ingest-{DECLINED}"]
    ratio = added("generate") / added("ingest")
    cpu = added("generate", cpu=True) / added("ingest", cpu=True)
    holds = "yes" if ratio <= TARGET else "CPU time only" if cpu <= TARGET else "**no**"
    return [
        f"{DECLINED:,}",
        f"{gen.seconds:.2f} s",
        f"{ing.seconds:.2f} s",
        f"{added('generate'):.2f} s",
        f"{added('ingest'):.2f} s",
        f"{ratio:.2f}",
        f"{cpu:.2f}",
        holds,
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per command after the warm-up")
    args = ap.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="datasetkit-gensheet-") as tmp:
        english, russian = measure(Path(tmp), args.runs)
    print(f"\nMachine: {machine()}; {args.runs} interleaved runs after a warm-up, medians;")
    print(f"took {(time.perf_counter() - started) / 60:.1f} min. Target: <= {TARGET}.\n")
    print("English order table, `generate knowledge -n 30`: time each row beyond")
    print(f"{BASE:,} adds, against the same at {REFERENCE:,} rows (flat = linear in the rows).\n")
    head = [
        "Rows",
        "Time",
        "Per added row",
        f"vs {REFERENCE:,}",
        f"CPU vs {REFERENCE:,}",
        "Peak RSS",
        "Holds",
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in english:
        print("| " + " | ".join(r) + " |")
    print("\nThe same table in Russian (no offline form writes Russian): what the rows beyond")
    print(f"{BASE:,} add to `generate`, against what they add to `ingest` of the same files.\n")
    head = [
        "Rows",
        "generate",
        "ingest",
        "generate, added",
        "ingest, added",
        "ratio",
        "CPU ratio",
        "Holds",
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    print("| " + " | ".join(russian) + " |")


if __name__ == "__main__":
    main()

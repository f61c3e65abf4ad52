"""All the near-duplicate pairs of a set of texts, fast on large datasets.

Texts (already normalised, unique) are compared with rapidfuzz's normalised Indel
similarity. A small set is compared all-against-all in C (``process.cdist``). A large
one first finds candidate pairs with MinHash over character 3-grams and
locality-sensitive hashing (32 bands of 4 rows, computed with numpy), so the work grows
roughly linearly with the number of texts; only candidates are scored exactly.

LSH is probabilistic: a pair whose 3-gram Jaccard similarity is 0.6 is found with
probability ~0.99, and pairs that pass a 0.9 similarity threshold almost always share
far more 3-grams than that. Everything is seeded, so results are deterministic.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

# All-against-all comparison below this many texts (a few million C comparisons).
EXACT_LIMIT = 1000
# 20 bands of 5 rows: a pair with 3-gram Jaccard 0.75 becomes a candidate with
# probability 0.995, one with Jaccard 0.3 with probability 0.05.
LSH_BANDS = 20
LSH_ROWS = 5
# Candidates whose signatures agree on fewer than this share of positions are dropped
# before exact scoring (pairs above a 0.9 similarity agree on ~0.75 or more).
MIN_AGREEMENT = 0.45
_SEED = 20260501


def near_duplicate_pairs(
    texts: list[str], threshold: float, groups: Sequence[Hashable] | None = None
) -> list[tuple[int, int, float]]:
    """Pairs ``(i, j, similarity)`` with ``i < j`` and similarity >= ``threshold``.

    ``texts`` should be normalised and distinct; empty texts are never paired. With
    ``groups`` (one label per text), only texts with equal labels are paired: lint passes
    what :func:`~datasetkit.lint.neardup.meaning.meaningful_difference` tells apart
    without comparing (the digits), so the pairs it would reject anyway (a thousand
    "order 10452?" prompts) are never built.
    """
    idx = [i for i, t in enumerate(texts) if t]
    if len(idx) < 2:
        return []
    gid = _group_ids(groups, idx)
    if len(idx) <= EXACT_LIMIT:
        pairs = exact_pairs(texts, idx, threshold)
        if gid is None:
            return pairs
        pos = {i: k for k, i in enumerate(idx)}
        return [p for p in pairs if gid[pos[p[0]]] == gid[pos[p[1]]]]
    return lsh_pairs(texts, idx, threshold, gid)


def _group_ids(groups: Sequence[Hashable] | None, idx: list[int]) -> Any:
    """Dense integer labels for the texts ``idx`` (None without groups)."""
    if groups is None:
        return None
    import numpy as np

    ids: dict[Hashable, int] = {}
    return np.fromiter(
        (ids.setdefault(groups[i], len(ids)) for i in idx), dtype=np.int64, count=len(idx)
    )


def exact_pairs(texts: list[str], idx: list[int], threshold: float) -> list[tuple[int, int, float]]:
    """The pairs of texts ``idx`` at least ``threshold`` similar, compared all against all."""
    import numpy as np
    from rapidfuzz import fuzz, process

    subset = [texts[i] for i in idx]
    cutoff = threshold * 100
    matrix = process.cdist(
        subset, subset, scorer=fuzz.ratio, score_cutoff=cutoff, dtype=np.float32, workers=-1
    )
    upper = np.triu(matrix, k=1)
    rows, cols = np.nonzero(upper >= cutoff)
    out = [
        (idx[int(r)], idx[int(c)], float(upper[r, c]) / 100.0)
        for r, c in zip(rows, cols, strict=True)
    ]
    out.sort()
    return out


# Texts signed per batch: the batch's gram arrays take ~100 bytes per character, so a
# batch, not the whole set, bounds the memory signing needs.
_SIGN_BATCH = 4096


def minhash_signatures(texts: list[str], num_perm: int = LSH_BANDS * LSH_ROWS) -> Any:
    """MinHash signatures (``len(texts)`` x ``num_perm`` uint32) over character 3-grams."""
    import numpy as np

    rng = np.random.RandomState(_SEED)
    a = (rng.randint(0, 2**31, size=(num_perm, 1), dtype=np.int64) * 2 + 1).astype(np.uint32)
    b = rng.randint(0, 2**31, size=(num_perm, 1), dtype=np.int64).astype(np.uint32)
    sig = np.empty((len(texts), num_perm), dtype=np.uint32)
    for s in range(0, len(texts), _SIGN_BATCH):
        _sign_batch(texts[s : s + _SIGN_BATCH], a, b, sig[s : s + _SIGN_BATCH])
    return sig


def _sign_batch(texts: list[str], a: Any, b: Any, out: Any) -> None:
    """Fill ``out`` with the signatures of ``texts`` (one row each)."""
    import numpy as np

    num_perm = out.shape[1]
    padded = [t if len(t) >= 3 else t.ljust(3) for t in texts]
    # One code-point array for all texts, separated by U+0000, so the 3-grams of every
    # text are computed at once; grams that straddle a separator are dropped.
    joined = "\x00".join(padded) + "\x00"
    cps = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    codes = (cps[:-2] << np.uint64(42)) ^ (cps[1:-1] << np.uint64(21)) ^ cps[2:]
    valid = (cps[:-2] != 0) & (cps[1:-1] != 0) & (cps[2:] != 0)
    lengths = np.fromiter((len(t) for t in padded), dtype=np.int64, count=len(padded))
    doc = np.repeat(np.arange(len(padded), dtype=np.int64), lengths + 1)[:-2][valid]
    with np.errstate(over="ignore"):
        # Mix the gram codes into well-spread 32-bit values (64-bit multiply-shift).
        grams = ((codes[valid] * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)).astype(np.uint32)
    del cps, codes, valid
    starts = np.searchsorted(doc, np.arange(len(padded)))
    chunk = 10
    buf = np.empty((chunk, grams.size), dtype=np.uint32)
    for k in range(0, num_perm, chunk):
        m = min(chunk, num_perm - k)
        # An odd multiplier mod 2**32 is a permutation of the 32-bit values.
        np.multiply(a[k : k + m], grams[None, :], out=buf[:m])
        np.add(buf[:m], b[k : k + m], out=buf[:m])
        out[:, k : k + m] = np.minimum.reduceat(buf[:m], starts, axis=1).T


_PERMS: Any = None


def minhash_signature(text: str) -> Any:
    """:func:`minhash_signatures` of one text (the same values, without the batch set-up)."""
    import numpy as np

    global _PERMS
    if _PERMS is None:
        rng = np.random.RandomState(_SEED)
        num_perm = LSH_BANDS * LSH_ROWS
        a = (rng.randint(0, 2**31, size=(num_perm, 1), dtype=np.int64) * 2 + 1).astype(np.uint32)
        b = rng.randint(0, 2**31, size=(num_perm, 1), dtype=np.int64).astype(np.uint32)
        _PERMS = (a, b)
    a, b = _PERMS
    padded = text if len(text) >= 3 else text.ljust(3)
    cps = np.frombuffer(padded.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    codes = (cps[:-2] << np.uint64(42)) ^ (cps[1:-1] << np.uint64(21)) ^ cps[2:]
    with np.errstate(over="ignore"):
        grams = ((codes * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)).astype(np.uint32)
        return (a * grams[None, :] + b).min(axis=1)


# At most this many index pairs are held at once while buckets are expanded: a bucket of
# k texts has k(k-1)/2 pairs, and templated prompts make buckets of thousands.
_PAIR_CHUNK = 100_000
# Candidate pairs compared signature against signature at a time: each pair reads two
# signature rows, so this bounds the arrays the comparison makes (~1 KB a pair).
_AGREE_BATCH = 16_384


def _bucket_pairs(keys: Any) -> Iterator[Any]:
    """Index pairs (i < j) of equal keys, as (m, 2) int64 arrays of bounded size."""
    import numpy as np

    n = keys.size
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    change = np.ones(n, dtype=bool)
    change[1:] = sk[1:] != sk[:-1]
    starts = np.flatnonzero(change)
    sizes = np.diff(np.append(starts, n))
    for size in np.unique(sizes[sizes > 1]).tolist():
        runs = starts[sizes == size]
        if size * (size - 1) // 2 > _PAIR_CHUNK:
            for start in runs.tolist():
                yield from _big_bucket_pairs(np.sort(order[start : start + size]))
            continue
        iu, ju = np.triu_indices(size, k=1)
        # Buckets of one size together, as many at a time as fit in a chunk; a bucket
        # too big for one chunk alone goes in slices of its pair list.
        per = max(1, _PAIR_CHUNK // iu.size)
        for s in range(0, runs.size, per):
            members = order[runs[s : s + per, None] + np.arange(size)[None, :]]
            members.sort(axis=1)
            for t in range(0, iu.size, _PAIR_CHUNK):
                i, j = iu[t : t + _PAIR_CHUNK], ju[t : t + _PAIR_CHUNK]
                yield np.stack([members[:, i].ravel(), members[:, j].ravel()], axis=1).astype(
                    np.int64
                )


def _big_bucket_pairs(members: Any) -> Iterator[Any]:
    """The pairs of one bucket too big to expand at once, a block of rows at a time."""
    import numpy as np

    size = members.size
    r = 0
    while r < size - 1:
        # Rows r..e-1 pair with every later member: at most about _PAIR_CHUNK pairs.
        e, count = r, 0
        while e < size - 1 and count < _PAIR_CHUNK:
            count += size - 1 - e
            e += 1
        left = np.repeat(members[r:e], np.arange(size - 1 - r, size - 1 - e, -1))
        right = np.concatenate([members[k + 1 :] for k in range(r, e)])
        yield np.stack([left, right], axis=1).astype(np.int64)
        r = e


def _band_keys(sig: Any, gid: Any) -> Iterator[Any]:
    """Each band's bucket key per text (the group folded in, when there are groups)."""
    import numpy as np

    n = sig.shape[0]
    with np.errstate(over="ignore"):
        for band in range(LSH_BANDS):
            block = sig[:, band * LSH_ROWS : (band + 1) * LSH_ROWS].astype(np.uint64)
            key = np.zeros(n, dtype=np.uint64)
            for r in range(LSH_ROWS):
                key = (key * np.uint64(0x100000001B3)) ^ block[:, r]
            if gid is not None:
                key ^= gid.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
            yield key


def _candidates(sig: Any, gid: Any) -> Iterator[tuple[Any, Any]]:
    """Pairs that share a bucket in some band, agree on enough of their signature, and
    are of one group, in chunks of (left, right) index arrays; each pair comes once.

    A pair is taken in the first band it shares a bucket in (a later band that pairs it
    again drops it), so no set of every candidate is built: memory stays that of a chunk
    however many candidates a templated set makes.
    """
    import numpy as np

    keys = np.stack(list(_band_keys(sig, gid))) if sig.shape[0] else np.empty((LSH_BANDS, 0))
    for band in range(LSH_BANDS):
        for pairs in _bucket_pairs(keys[band]):
            left, right = pairs[:, 0], pairs[:, 1]
            ok = np.empty(left.size, dtype=bool)
            for s in range(0, left.size, _AGREE_BATCH):
                a, b = left[s : s + _AGREE_BATCH], right[s : s + _AGREE_BATCH]
                ok[s : s + _AGREE_BATCH] = (sig[a] == sig[b]).mean(axis=1) >= MIN_AGREEMENT
            if gid is not None:
                ok &= gid[left] == gid[right]
            left, right = left[ok], right[ok]
            for earlier in keys[:band]:
                fresh = earlier[left] != earlier[right]
                left, right = left[fresh], right[fresh]
            if left.size:
                yield left, right


def lsh_pairs(
    texts: list[str], idx: list[int], threshold: float, gid: Any = None
) -> list[tuple[int, int, float]]:
    """The pairs of texts ``idx`` at least ``threshold`` similar, scored only among the
    MinHash LSH candidates (of equal group ids ``gid``, when given)."""
    import numpy as np
    from rapidfuzz import fuzz, process

    subset = [texts[i] for i in idx]
    sig = minhash_signatures(subset)
    cutoff = threshold * 100
    out: list[tuple[int, int, float]] = []
    for left_a, right_a in _candidates(sig, gid):
        for s in range(0, left_a.size, _AGREE_BATCH):
            left, right = (
                left_a[s : s + _AGREE_BATCH].tolist(),
                right_a[s : s + _AGREE_BATCH].tolist(),
            )
            scores = process.cpdist(
                [subset[i] for i in left],
                [subset[j] for j in right],
                scorer=fuzz.ratio,
                score_cutoff=cutoff,
                dtype=np.float32,
                workers=-1,
            )
            out.extend(
                (idx[i], idx[j], float(sc) / 100.0)
                for i, j, sc in zip(left, right, scores.tolist(), strict=True)
                if sc >= cutoff
            )
    out.sort()
    return out

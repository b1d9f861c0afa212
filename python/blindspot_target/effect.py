"""The Effect of an episode (docs/protocol.md): per table, the rows added, updated
and removed between two flattened states. A table is keyed (rows with their own
identity, compared key by key) or a multiset (rows without one, compared by
value: a changed row reads as one removed and one added, under surrogate keys
`#<position>`). Nothing here knows a benchmark or calls a checker."""

from __future__ import annotations

import json
import operator
from collections import Counter
from collections.abc import Callable
from typing import Any

Json = Any
# table -> ("keyed", {key: values}) or ("multiset", [values, ...])
Flat = dict[str, tuple[str, Any]]


def canonical(values: Json) -> str:
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def same(a: Json, b: Json) -> bool:
    """Equality of JSON values as JSON sees them: Python's `==` takes 0 for False
    and 1 for True, which are different JSON values."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def _diff_keyed(before: dict[str, Json], after: dict[str, Json], equal: Callable[[Json, Json], bool] = operator.eq) -> dict[str, list]:
    return {
        "added": [{"key": k, "values": after[k]} for k in after if k not in before],
        "updated": [
            {"key": k, "before": before[k], "after": after[k]}
            for k in after
            # dict equality ignores key order, like canonical JSON, at a fraction of the cost
            if k in before and not equal(before[k], after[k])
        ],
        "removed": [{"key": k, "values": before[k]} for k in before if k not in after],
    }


def _multiset_minus(rows: list[Json], other: list[Json]) -> list[tuple[int, Json]]:
    left = Counter(canonical(r) for r in other)
    out = []
    for i, r in enumerate(rows):
        c = canonical(r)
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append((i, r))
    return out


def _diff_multiset(before: list[Json], after: list[Json]) -> dict[str, list]:
    return {
        "added": [{"key": f"#{i}", "values": r} for i, r in _multiset_minus(after, before)],
        "updated": [],
        "removed": [{"key": f"#{i}", "values": r} for i, r in _multiset_minus(before, after)],
    }


def _as_keyed(table: tuple[str, Any]) -> dict[str, Json]:
    kind, rows = table
    return rows if kind == "keyed" else {f"#{i}": r for i, r in enumerate(rows)}


def _as_multiset(table: tuple[str, Any]) -> list[Json]:
    kind, rows = table
    return list(rows.values()) if kind == "keyed" else rows


def diff(before: Flat, after: Flat, equal: Callable[[Json, Json], bool] = operator.eq) -> dict[str, dict[str, list]]:
    """Per table, rows added / updated / removed; unchanged tables are left out.
    Rows are compared with `equal`: the AgentDojo and BFCL bridges keep Python's
    `==`, the fast one, which their committed runs were read back with; the
    generic readback, whose snapshots are anyone's JSON, passes `same`."""
    effect: dict[str, dict[str, list]] = {}
    for table in sorted(set(before) | set(after)):
        b = before.get(table, ("keyed", {}))
        a = after.get(table, ("keyed", {}))
        if equal(b[1], a[1]) and b[0] == a[0]:
            continue
        # An empty side takes the other side's kind (a list that was empty had no
        # way to show its rows' identity); otherwise differing kinds compare as values.
        kind_b = a[0] if not b[1] else b[0]
        kind_a = b[0] if not a[1] else a[0]
        if kind_b == kind_a == "keyed":
            d = _diff_keyed(_as_keyed(b), _as_keyed(a), equal)
        else:
            d = _diff_multiset(_as_multiset(b), _as_multiset(a))
        if d["added"] or d["updated"] or d["removed"]:
            effect[table] = d
    return effect

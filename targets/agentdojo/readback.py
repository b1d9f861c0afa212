"""Readback of an AgentDojo environment as per-collection effects.

The environment is a tree of pydantic models. It is flattened into tables with
no knowledge of any suite: a model's scalar fields form a one-row table named
after its path; each list or dict field is a table of its elements. Rows keep
their own identity when they have one (`id`/`id_` field, dict key); rows with
none (a slack message, a web request) are compared as a multiset of values.
Nothing here calls a checker, so the readback is independent of it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

Json = Any
# table -> ("keyed", {key: values}) or ("multiset", [values, ...])
Flat = dict[str, tuple[str, Any]]

ID_FIELDS = ("id", "id_")
SELF_KEY = "self"


def jsonable(value: Any) -> Json:
    return to_jsonable_python(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (BaseModel, list, tuple, dict, set))


def _row(value: Any) -> dict[str, Json]:
    data = jsonable(value)
    return data if isinstance(data, dict) else {"value": data}


def _list_table(flat: Flat, path: str, items: list[Any]) -> None:
    rows = [_row(x) for x in items]
    keys = [next((r[f] for f in ID_FIELDS if f in r), None) for r in rows]
    if rows and all(k is not None for k in keys) and len(set(map(str, keys))) == len(keys):
        flat[path] = ("keyed", {str(k): r for k, r in zip(keys, rows)})
    else:
        flat[path] = ("multiset", rows)


def _dict_table(flat: Flat, path: str, items: dict[Any, Any]) -> None:
    keyed: dict[str, Json] = {}
    for key, value in items.items():
        if isinstance(value, (list, tuple)):
            _list_table(flat, f"{path}[{key}]", list(value))
        else:
            keyed[str(key)] = _row(value)
    if keyed or not items:
        flat[path] = ("keyed", keyed)


def _walk(flat: Flat, path: str, model: BaseModel) -> None:
    scalars: dict[str, Json] = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        child = f"{path}.{name}" if path else name
        if isinstance(value, BaseModel):
            _walk(flat, child, value)
        elif isinstance(value, (list, tuple, set)):
            _list_table(flat, child, list(value))
        elif isinstance(value, dict):
            _dict_table(flat, child, value)
        else:
            scalars[name] = jsonable(value)
    if scalars:
        flat[path or "environment"] = ("keyed", {SELF_KEY: scalars})


def flatten(environment: BaseModel) -> Flat:
    flat: Flat = {}
    _walk(flat, "", environment)
    return flat


def canonical(values: Json) -> str:
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def _diff_keyed(before: dict[str, Json], after: dict[str, Json]) -> dict[str, list]:
    return {
        "added": [{"key": k, "values": after[k]} for k in after if k not in before],
        "updated": [
            {"key": k, "before": before[k], "after": after[k]}
            for k in after
            # dict equality ignores key order, like canonical JSON, at a fraction of the cost
            if k in before and before[k] != after[k]
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


def diff(before: Flat, after: Flat) -> dict[str, dict[str, list]]:
    """Per table, rows added / updated / removed; unchanged tables are left out."""
    effect: dict[str, dict[str, list]] = {}
    for table in sorted(set(before) | set(after)):
        b = before.get(table, ("keyed", {}))
        a = after.get(table, ("keyed", {}))
        if b == a:
            continue
        # An empty side takes the other side's kind (a list that was empty had no
        # way to show its rows' identity); otherwise differing kinds compare as values.
        kind_b = a[0] if not b[1] else b[0]
        kind_a = b[0] if not a[1] else a[0]
        if kind_b == kind_a == "keyed":
            d = _diff_keyed(_as_keyed(b), _as_keyed(a))
        else:
            d = _diff_multiset(_as_multiset(b), _as_multiset(a))
        if d["added"] or d["updated"] or d["removed"]:
            effect[table] = d
    return effect

"""A generic readback: a benchmark's state, as JSON-serialisable data, flattened
into keyed tables whose diff against the initial state is the episode's Effect.
It knows no benchmark and calls no checker, so it is independent of the checker
it audits.

Rules (docs/write-a-target.md repeats them for authors):

- The snapshot is a record (a JSON object). A record's scalar fields form a
  one-row table named after its path (the root is `state`), keyed `self`.
- A field holding a **list** is a table named `<path>.<field>`, one row per
  element (a record is the row; anything else is the row `{"value": x}`). Its
  rows are keyed by the table's id field: the one declared in `ids`, or else
  the first of `id`, `id_`, `uuid`, `key` that every row has, with values that
  are scalars and distinct. A list with no such field is a multiset: its rows
  are compared by value, so a changed row reads as one removed and one added
  row, under surrogate keys `#<rank>`, ranked by the rows' canonical JSON.
- A field holding a **map** is a table keyed by the map's keys. An object is a
  map when it is declared in `maps`, or when it is non-empty and all its values
  are objects, or all lists; a map's object values are its rows, its list values
  tables of their own (`<path>.<field>[<key>]`, by the rules for lists), its
  other values rows `{"value": x}`. An empty object is an empty map.
- Any other object (one with a scalar value, or declared in `records`) is a
  **nested record**: its own tables, by these rules, under `<path>.<field>`.
- A row is compared as a whole: objects and lists inside a row are values of
  its columns, not tables.
- Table names in `ids`, `maps` and `records` are exact names or patterns with
  `*` (`inbox[*]`, `shop.*`).

Rows are stored sorted by key (multiset rows by canonical JSON), so the Effect
does not depend on the order of a map's keys or of a list's elements.
"""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Iterable
from typing import Any

from .effect import Flat, Json, canonical, diff, same

ID_FIELDS = ("id", "id_", "uuid", "key")
SELF_KEY = "self"
ROOT = "state"


def _matches(name: str, patterns: Iterable[str]) -> bool:
    return any(name == p or fnmatch.fnmatchcase(name, p) for p in patterns)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


class Readback:
    """Flattens snapshots by the module's rules, under an author's declarations:
    `ids` maps a list table (or pattern) to its id field; `maps` and `records`
    name the objects that detection would read the other way."""

    def __init__(self, ids: dict[str, str] | None = None, maps: Iterable[str] = (), records: Iterable[str] = ()) -> None:
        self.ids = dict(ids or {})
        self.maps = tuple(maps)
        self.records = tuple(records)

    def flatten(self, state: Json) -> Flat:
        if not isinstance(state, dict):
            raise TypeError(f"a snapshot is a JSON object (a record), not {type(state).__name__}")
        flat: Flat = {}
        self._record(flat, ROOT, state)
        return flat

    def effect(self, initial: Json, current: Json) -> dict[str, dict[str, list]]:
        """What changed from `initial` to `current`, per table (docs/protocol.md's Effect)."""
        return diff(self.flatten(initial), self.flatten(current), same)

    def _record(self, flat: Flat, path: str, record: dict[str, Json]) -> None:
        scalars: dict[str, Json] = {}
        for name, value in record.items():
            child = f"{path}.{name}" if path != ROOT else name
            if isinstance(value, list):
                self._list(flat, child, value)
            elif isinstance(value, dict):
                self._object(flat, child, value)
            else:
                scalars[name] = value
        if scalars:
            flat[path] = ("keyed", {SELF_KEY: scalars})

    def _is_map(self, path: str, value: dict[str, Json]) -> bool:
        if _matches(path, self.maps):
            return True
        if _matches(path, self.records) or not value:
            return not value
        values = list(value.values())
        return all(isinstance(v, dict) for v in values) or all(isinstance(v, list) for v in values)

    def _object(self, flat: Flat, path: str, value: dict[str, Json]) -> None:
        if not self._is_map(path, value):
            self._record(flat, path, value)
            return
        rows: dict[str, Json] = {}
        for key, item in value.items():
            if isinstance(item, list):
                self._list(flat, f"{path}[{key}]", item)
            else:
                rows[str(key)] = _row(item)
        if rows or not value:
            flat[path] = ("keyed", dict(sorted(rows.items())))

    def _id_field(self, path: str, rows: list[dict[str, Json]]) -> str | None:
        declared = next((f for p, f in self.ids.items() if _matches(path, [p])), None)
        for name in (declared,) if declared else ID_FIELDS:
            keys = [r.get(name) for r in rows]
            if all(name in r and _is_scalar(r[name]) and r[name] is not None for r in rows) and len(set(map(str, keys))) == len(keys):
                return name
        return None

    def _list(self, flat: Flat, path: str, items: list[Json]) -> None:
        rows = [_row(x) for x in items]
        field = self._id_field(path, rows) if rows else None
        if field is not None:
            flat[path] = ("keyed", dict(sorted((str(r[field]), r) for r in rows)))
        else:
            flat[path] = ("multiset", sorted(rows, key=canonical))


def _row(value: Json) -> dict[str, Json]:
    return value if isinstance(value, dict) else {"value": value}


def world_id(state: Json) -> str:
    """An opaque id of an initial state: tasks whose environments start equal
    share it (the first 16 hex digits of the sha256 of its canonical JSON)."""
    return hashlib.sha256(canonical(state).encode()).hexdigest()[:16]

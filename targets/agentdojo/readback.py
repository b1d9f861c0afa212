"""Readback of an AgentDojo environment as per-collection effects.

The environment is a tree of pydantic models. It is flattened into tables with
no knowledge of any suite: a model's scalar fields form a one-row table named
after its path; each list or dict field is a table of its elements. Rows keep
their own identity when they have one (`id`/`id_` field, dict key); rows with
none (a slack message, a web request) are compared as a multiset of values.
Nothing here calls a checker, so the readback is independent of it. The diff
of two flattened environments is the SDK's (python/blindspot_target/effect.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from blindspot_target.effect import Flat, Json

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

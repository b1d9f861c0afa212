"""Readback of BFCL's API instances, with no knowledge of any class and without
the checker: every attribute of every instance, private ones included (the
state checker skips those starting with `_`; readback does not).

An instance is flattened into tables like AgentDojo's environment
(targets/agentdojo/readback.py; the diff is the SDK's, python/blindspot_target/effect.py): an object's scalar
attributes form a one-row table named after its path; a dict of objects is a
table per object (`GorillaFileSystem.root.contents[workspace]`), any other dict
a keyed table, a list a multiset. An object met a second time (a directory's
`parent`, the file system's `_current_dir`) is written as a reference to the
path where it was first met, so cycles end and the working directory reads as
a path. A `random.Random` reads as a digest of its state: a call that draws an
id moves it even when nothing else shows."""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import Any

from blindspot_target.effect import Flat, canonical

SELF_KEY = "self"
Json = Any


def _is_object(value: Any) -> bool:
    return hasattr(value, "__dict__") and not isinstance(value, (type, random.Random))


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    # public first: an object reachable both ways is written where the checker looks
    return sorted(vars(obj).items(), key=lambda kv: (kv[0].startswith("_"), kv[0]))


class _Walker:
    def __init__(self) -> None:
        self.flat: Flat = {}
        self.seen: dict[int, str] = {}

    def value(self, value: Any, path: str) -> Json:
        """A JSON value for a row; objects inside rows are inlined (or referenced)."""
        if isinstance(value, random.Random):
            return "random:" + hashlib.sha256(repr(value.getstate()).encode()).hexdigest()[:16]
        if isinstance(value, (datetime.datetime, datetime.date)):
            return value.isoformat()
        if isinstance(value, dict):
            return {str(k): self.value(v, f"{path}[{k}]") for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v, f"{path}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, (set, frozenset)):
            return sorted((self.value(v, path) for v in value), key=canonical)
        if _is_object(value):
            if id(value) in self.seen:
                return {"$ref": self.seen[id(value)]}
            self.seen[id(value)] = path
            return {name: self.value(v, f"{path}.{name}") for name, v in _attributes(value)}
        if value is None or isinstance(value, (str, int, float, bool)):
            return value
        return repr(value)

    def obj(self, obj: Any, path: str) -> None:
        self.seen[id(obj)] = path
        scalars: dict[str, Json] = {}
        for name, value in _attributes(obj):
            child = f"{path}.{name}"
            if _is_object(value) and id(value) not in self.seen:
                self.obj(value, child)
            elif isinstance(value, dict):
                self.dict(value, child)
            elif isinstance(value, (list, tuple)):
                self.flat[child] = ("multiset", [self.row(v, child) for v in value])
            else:
                scalars[name] = self.value(value, child)
        self.flat[path] = ("keyed", {SELF_KEY: scalars})

    def dict(self, items: dict, path: str) -> None:
        keyed: dict[str, Json] = {}
        for key, value in items.items():
            if _is_object(value) and id(value) not in self.seen:
                self.obj(value, f"{path}[{key}]")
            else:
                keyed[str(key)] = self.row(value, f"{path}[{key}]")
        self.flat[path] = ("keyed", keyed)

    def row(self, value: Any, path: str) -> dict[str, Json]:
        data = self.value(value, path)
        return data if isinstance(data, dict) else {"value": data}


def snapshot(instances: dict[str, Any]) -> Flat:
    """Every instance's attributes as tables named `<Class>.<attribute>...`."""
    walker = _Walker()
    for name in sorted(instances):
        walker.obj(instances[name], name)
    return walker.flat

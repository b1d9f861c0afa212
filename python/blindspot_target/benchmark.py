"""A protocol target from five functions: subclass `Benchmark`, fill in `tasks`,
`environment`, `step`, `snapshot` and `grade`, declare what is plain data
(checker files, semantics, the answer, readback ids), and call `serve()`.

The SDK supplies the rest of docs/protocol.md: handshake and version
negotiation (1-3), episodes, checker and corpus hashes, world ids (a hash of
each task's initial snapshot), the readback (the generic one of readback.py:
the snapshot after delivery diffed against the snapshot before it), and
answers shaped for the version the client accepted.

An episode starts when the first trajectory is delivered to it, in the world of
`trajectory.world` if given (another task's initial state), else its task's;
a check on an episode nothing was delivered to grades the checked task's
untouched environment. Claim steps are not run: they join the delivered calls
`grade` receives, which is where a checker reads an agent's final answer."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .effect import canonical
from .readback import Readback, world_id
from .server import Episodes, ProtocolError, bridge_handlers, delivery_params, files_hash, handshake_answer, handshake_options, require, serve, without

# what protocol 1 does not know, left out of its answers
_PROTOCOL_2_TASK_FIELDS = ("world",)
_PROTOCOL_2_STEP_FIELDS = ("free", "domains", "turn")


@dataclass
class Episode:
    env: Any = None
    initial: Any = None
    task: dict[str, Any] | None = None
    calls: list[dict[str, Any]] = field(default_factory=list)


def as_bool(value: Any) -> bool | None:
    """A verdict as the bool it is, or None when it is no bool at all.

    NumPy's boolean scalar (numpy.bool_, named numpy.bool in NumPy 2) is what
    np.all(...) or a comparison of numpy values returns, so checkers hand it back
    as their verdict; it is no subclass of bool. It is recognised by its type's
    module and name, so that the SDK keeps to the standard library."""
    if isinstance(value, bool):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"):
        return bool(value)
    return None


class Benchmark:
    """Override the five functions; set the declarations as class attributes."""

    name = "benchmark"
    version = "0"
    # files whose content decides verdicts; any change is a new checker hash
    checker_files: list[str | Path] = []
    # the folder checker files are named relative to (default: the adapter's folder)
    checker_root: str | Path | None = None
    # docs/protocol.md `semantics.tables` / `semantics.arguments`
    tables: list[dict[str, Any]] = []
    arguments: list[dict[str, Any]] = []
    # the claim argument carrying the final answer, e.g. {"call": "answer", "arg": "text"}
    answer: dict[str, str] | None = None
    # readback declarations (readback.py): list table -> id field; objects read as maps / records
    ids: dict[str, str] = {}
    maps: list[str] = []
    records: list[str] = []

    # -- the five functions ------------------------------------------------------

    def tasks(self) -> list[dict[str, Any]]:
        """Every task: {id, instruction, steps, split?, params?, generator?, variant?, scenario?}."""
        raise NotImplementedError("tasks(): return every task as a dict with id, instruction and steps (its reference)")

    def environment(self, task: dict[str, Any]) -> Any:
        """A fresh environment in `task`'s initial state."""
        raise NotImplementedError("environment(task): return a fresh environment in the task's initial state")

    def step(self, env: Any, step: dict[str, Any]) -> Any:
        """Runs one write or read step on `env`; raises when the benchmark rejects it."""
        raise NotImplementedError("step(env, step): run step['call'] with step['args'] on env; raise if it is rejected")

    def snapshot(self, env: Any) -> Any:
        """The environment's state as JSON-serialisable data (a dict), without any checker."""
        raise NotImplementedError("snapshot(env): return env's state as a JSON object")

    def grade(self, env: Any, task: dict[str, Any], calls: list[dict[str, Any]]) -> bool | tuple[bool, str]:
        """The task's own checker on `env` after `calls` (every delivered step, claims included)."""
        raise NotImplementedError("grade(env, task, calls): return the checker's verdict, True or False (or (bool, detail))")

    # -- the protocol, from the five functions ------------------------------------

    def serve(self) -> None:
        self.protocol = 3
        self._episodes: Episodes[Episode] = Episodes(Episode)
        # the declarations are fixed: one Readback serves every request
        self._readback = Readback(self.ids, self.maps, self.records)
        serve(bridge_handlers(self, self._episodes))

    def handshake(self, params: dict[str, Any]) -> dict[str, Any]:
        version, _ = handshake_options(params, (), self.name)
        unfilled = self._unfilled()
        if unfilled:
            raise ProtocolError("internal", "the adapter is not filled in yet:\n" + "\n".join(unfilled))
        return handshake_answer(self, version, params)

    def _unfilled(self) -> list[str]:
        """What the skeleton still leaves to the author: each function that raises
        NotImplementedError, probed with placeholders once one does."""
        try:
            task = self._tasks()[0]
            env = self.environment(task)
            self.snapshot(env)
            steps = [s for s in task["steps"] if s.get("kind") != "claim"]
            if steps:
                self.step(self.environment(task), steps[0])
            self.grade(self.environment(task), task, [])
            return []
        except NotImplementedError:
            pass
        except Exception:  # a filled-in function failing is for target check to report
            return []
        missing = []
        probe: dict[str, Any] = {"id": "?", "instruction": "", "steps": []}
        for call in (self.tasks, lambda: self.environment(probe), lambda: self.step(None, {}), lambda: self.snapshot(None), lambda: self.grade(None, probe, [])):
            try:
                call()
            except NotImplementedError as e:
                missing.append(str(e))
            except Exception:
                pass
        return missing

    def _tasks(self) -> list[dict[str, Any]]:
        """The author's tasks, asked for once: every request names tasks, and a
        listing computes each one's world from a fresh environment."""
        if getattr(self, "_task_list", None) is None:
            self._task_list = self.tasks()
            self._by_id = {t["id"]: t for t in self._task_list}
            self._infos: dict[str, dict[str, Any]] = {}
        return self._task_list

    def task(self, task_id: Any) -> dict[str, Any]:
        self._tasks()
        if task_id not in self._by_id:
            raise ProtocolError("unknown-task", f"unknown task {task_id}")
        return self._by_id[task_id]

    def state(self, env: Any) -> Any:
        """The snapshot as plain JSON data, detached from `env`: a snapshot that
        returns the environment's own dicts would otherwise change with it."""
        try:
            return json.loads(json.dumps(self.snapshot(env), allow_nan=False))
        except (TypeError, ValueError) as e:  # json's own message names the value, not whose it is
            raise TypeError(f"snapshot(env) returned what is not JSON data: {e}") from e

    def world(self, task: dict[str, Any]) -> str:
        return world_id(self.state(self.environment(task)))

    def task_info(self, task: dict[str, Any]) -> dict[str, Any]:
        if task["id"] not in self._infos:
            self._infos[task["id"]] = self._task_info(task)
        return self._infos[task["id"]]

    def _task_info(self, task: dict[str, Any]) -> dict[str, Any]:
        info = {
            "id": task["id"],
            "generator": task.get("generator", task["id"]),
            "variant": task.get("variant", 0),
            "split": task.get("split", "dev"),
            "instruction": task["instruction"],
            "params": task.get("params", {}),
            "world": self.world(task),
        }
        if "scenario" in task:
            info["scenario"] = task["scenario"]
        return info

    def list_tasks(self) -> list[dict[str, Any]]:
        infos = [self.task_info(t) for t in self._tasks()]
        return infos if self.protocol >= 2 else without(infos, _PROTOCOL_2_TASK_FIELDS)

    def get_reference(self, params: dict[str, Any]) -> dict[str, Any]:
        task = self.task(require(params, "task"))
        steps = task["steps"] if self.protocol >= 2 else without(task["steps"], _PROTOCOL_2_STEP_FIELDS)
        return {"trajectory": {"task": task["id"], "steps": steps}}

    def semantics(self) -> dict[str, Any]:
        declared = {"tables": self.tables, "arguments": self.arguments, "answer": self.answer}
        return {k: v for k, v in declared.items() if v}

    def describe(self) -> dict[str, Any]:
        import __main__

        root = Path(self.checker_root or Path(getattr(__main__, "__file__", ".")).resolve().parent)
        missing = [str(p) for p in self.checker_files if not Path(root, p).is_file()]
        if missing:
            raise ProtocolError("internal", f"checker_files: no file {', '.join(missing)} in {root} (they are named relative to the adapter's folder, or to checker_root)")
        checker_hash, files = files_hash(root, root.name, [Path(root, p) for p in self.checker_files])
        corpus = {"tasks": [self.task_info(t) for t in self._tasks()], "references": [t["steps"] for t in self._tasks()], "semantics": self.semantics()}
        return {
            "name": self.name,
            "version": self.version,
            "checkerHash": checker_hash,
            "checkerFiles": files,
            "corpusHash": hashlib.sha256(canonical(corpus).encode()).hexdigest(),
            "capabilities": ["api", "readback", "pipeline"],
            "semantics": self.semantics(),
        }

    def _start(self, ep: Episode, task: dict[str, Any]) -> None:
        ep.env = self.environment(task)
        ep.initial = self.state(ep.env)
        ep.task = task

    def deliver(self, params: dict[str, Any]) -> dict[str, Any]:
        ep = self._episodes.get(params)
        steps, task_id, world = delivery_params(params, self.task)
        if ep.task is not None:
            raise ProtocolError("invalid-params", "this episode has been delivered already; open a fresh one")
        self._start(ep, self.task(world or task_id))
        for i, step in enumerate(steps):
            if not isinstance(step, dict) or not isinstance(step.get("call"), str):
                raise ProtocolError("invalid-params", f"step {i} is not {{call, args, kind}}")
            ep.calls.append(step)
            if step.get("kind") == "claim":
                continue
            try:
                self.step(ep.env, step)
            except Exception as e:  # the benchmark rejecting a call ends the delivery, as the protocol says
                return {"completed": False, "stepsRun": i, "error": f"step {i} {step['call']}: {type(e).__name__}: {e}"}
        return {"completed": True, "stepsRun": len(steps)}

    def readback(self, params: dict[str, Any]) -> dict[str, Any]:
        ep = self._episodes.get(params)
        if ep.task is None:
            return {"effect": {}}
        return {"effect": self._readback.effect(ep.initial, self.state(ep.env))}

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        ep = self._episodes.get(params)
        task = self.task(require(params, "task"))
        if ep.task is None:
            self._start(ep, task)
        try:
            verdict = self.grade(ep.env, task, list(ep.calls))
        except Exception as e:  # a checker that crashes is an error verdict, never a pass
            return {"verdict": "error", "detail": f"{type(e).__name__}: {e}"}
        ok, detail = verdict if isinstance(verdict, tuple) and len(verdict) == 2 else (verdict, "")
        ok = as_bool(ok)
        if ok is None:
            # a grade() that forgot its return (None) or answers 1 or "pass" would
            # read as a Fail, and an audit would report a checker that rejects
            # every construction instead of the adapter's mistake
            return {"verdict": "error", "detail": f"grade() returned {verdict!r} for task {task['id']}; expected True or False, or (verdict, detail)"}
        return {"verdict": "pass" if ok else "fail", "detail": detail or ("passed" if ok else "failed")}

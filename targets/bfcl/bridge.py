"""BFCL multi-turn (PyPI `bfcl-eval`) behind the blindspot target protocol.

Tasks are the multi-turn entries of the chosen categories (option
`suite=base,miss_param,miss_func,long_context`; default `base`). A reference is
the entry's ground truth, one step per call, each step carrying the `turn` it
belongs to. Delivery runs the calls on the package's own API classes, loaded
from the entry's initial_config the way the package loads them, and snapshots
every instance after each turn; readback is the per-turn difference of those
snapshots (state.py). The checker is the package's own `multi_turn_checker`,
called as `eval_runner._evaluate_single_multi_turn_entry` calls it: that
function cannot be imported from a clean install (eval_runner imports every
model handler, and qwen_agent's needs `soundfile`, which bfcl-eval does not
declare), so its input is built here the way it builds it: one list per turn
of the ground truth, one decoded step per delivered call, each step the call
as text (what a handler's `decode_execute` returns), and the runner's own
pre-check (a turn count that differs is a "force_terminated" Fail) is kept.

Every category here runs offline: the classes involved are the file system,
math, messaging, posting, ticket, trading, travel and vehicle APIs. The
categories left out are web search (a hosted search service) and memory (an
agentic category whose checker reads a model's answer, not a state)."""

from __future__ import annotations

import copy
import datetime as _datetime
import hashlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# the framing and the table diff come from the SDK (python/blindspot_target) of this checkout
sys.path.insert(1, str(HERE.parents[1] / "python"))

from calls import CallError, bind, parse, render  # noqa: E402
from blindspot_target.server import (  # noqa: E402
    PROTOCOL_VERSIONS,
    Episodes,
    ProtocolError,
    bridge_handlers,
    checker_copies,
    chosen,
    delivery_params,
    files_hash,
    frozen_datetime,
    handshake_answer,
    handshake_options,
    require,
    serve,
    without,
)
from blindspot_target.effect import Flat, canonical, diff  # noqa: E402
from state import snapshot  # noqa: E402

import bfcl_eval  # noqa: E402
from bfcl_eval.constants.executable_backend_config import CLASS_FILE_PATH_MAPPING, STATELESS_CLASSES  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval.func_source_code import gorilla_file_system  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker  # noqa: E402

# What a difference in readback means, from how the API classes behave. Readback
# keeps every attribute; these say which differences alone are no wrong outcome.
SEMANTICS = {
    "tables": [
        {
            "table": "turn*/TravelAPI._flight_cost_lookup",
            "kind": "log",
            "why": "travel_booking.py: get_flight_cost empties and refills this private cache on every call, and book_flight "
            "reads only the entry its own get_flight_cost call has just written; it holds the last price asked for, not a booking",
        },
        {
            "table": "turn*/GorillaFileSystem",
            "ignore": ["_current_dir"],
            "why": "gorilla_file_system.py: the working directory is where the session stands, not a change to any file; "
            "files and directories are compared in their own tables, where a call run from the wrong directory shows",
        },
        {
            "table": "turn*",
            "ignore": ["_random"],
            "why": "a class's random.Random: a call that draws from it (a temperature, a booking id) moves its state, and every "
            "draw that matters lands in a public attribute (booking_record, credit_card_list, inbox), which readback compares",
        },
    ]
}
CATEGORIES = ("base", "miss_param", "miss_func", "long_context")
DEFAULT_CATEGORIES = ("base",)
PACKAGE_DIR = Path(bfcl_eval.__file__).resolve().parent
DATA = PACKAGE_DIR / "data"
SOURCE = PACKAGE_DIR / "eval_checker" / "multi_turn_eval"
# A file's private _last_modified is stamped with the wall clock; a fixed clock
# makes two deliveries read back the same. The state checker never reads it.
FROZEN_NOW = _datetime.datetime(2024, 9, 1, 10, 30)
DOC_TYPES = {"string": "string", "integer": "integer", "float": "number", "number": "number", "boolean": "boolean"}


gorilla_file_system.datetime = frozen_datetime(FROZEN_NOW)  # type: ignore[attr-defined]


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files_hash(paths: list[Path]) -> tuple[str, list[dict[str, str]]]:
    return files_hash(PACKAGE_DIR, "bfcl_eval", paths)


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _category(task_id: str) -> str:
    return task_id.removeprefix("multi_turn_").rsplit("_", 1)[0]


@dataclass
class Entry:
    category: str
    test: dict
    ground_truth: list[list[str]]

    @property
    def long_context(self) -> bool:
        # as the checker decides it, from the entry id
        return "long_context" in self.test["id"] or "composite" in self.test["id"]


@dataclass
class Episode:
    world: str | None = None
    instances: dict[str, Any] = field(default_factory=dict)
    methods: dict[str, str] = field(default_factory=dict)
    # per turn: the delivered calls (method, args) and the state after the turn
    calls: list[list[tuple[str, dict]]] = field(default_factory=list)
    states: list[Flat] = field(default_factory=list)
    initial: Flat | None = None


def in_turns(steps: list[Any]) -> list[tuple[int, dict]]:
    """The steps with their turns, turn by turn, in delivery order within a turn. A
    step keeps its turn wherever an edit moved it (a search reorder of two calls
    of different turns swaps nothing the model would have done differently); a
    step without one belongs to the turn of the step before it (turn 0 first)."""
    out: list[tuple[int, dict]] = []
    turn = 0
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or not isinstance(step.get("call"), str) or not isinstance(step.get("args", {}), dict):
            raise ProtocolError("invalid-params", f"step {i} is not {{call, args, kind, turn}}")
        turn = step.get("turn", turn)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise ProtocolError("invalid-params", f"step {i}: turn {turn!r} is not a turn number")
        out.append((turn, step))
    return sorted(out, key=lambda ts: ts[0])


def load_instances(entry: Entry) -> tuple[dict[str, Any], dict[str, str]]:
    """The entry's API instances as the package loads them (multi_turn_utils), and
    which class serves each public method (a later class wins, as there)."""
    instances: dict[str, Any] = {}
    methods: dict[str, str] = {}
    for name in entry.test["involved_classes"]:
        cls = getattr(importlib.import_module(CLASS_FILE_PATH_MAPPING[name]), name)
        instance = cls()
        if name not in STATELESS_CLASSES:
            config = copy.deepcopy(entry.test["initial_config"].get(name, {}))
            instance._load_scenario(config, long_context=entry.long_context)
        instances[name] = instance
        for method, _ in inspect.getmembers(instance, predicate=inspect.ismethod):
            if not method.startswith("_"):
                methods[method] = name
    return instances, methods


def function_docs() -> dict[str, dict]:
    docs: dict[str, dict] = {}
    for path in sorted((DATA / "multi_turn_func_doc").glob("*.json")):
        for doc in _jsonl(path):
            docs[doc["name"]] = doc
    return docs


class Bridge:
    def __init__(self) -> None:
        self.entries: dict[str, Entry] = {}
        for category in CATEGORIES:
            tests = _jsonl(DATA / f"BFCL_v4_multi_turn_{category}.json")
            answers = {a["id"]: a["ground_truth"] for a in _jsonl(DATA / "possible_answer" / f"BFCL_v4_multi_turn_{category}.json")}
            for test in tests:
                self.entries[test["id"]] = Entry(category, test, answers[test["id"]])
        self.categories = list(DEFAULT_CATEGORIES)
        self.docs = function_docs()
        self.episodes = Episodes(Episode)
        self._next_check = 1
        self._references: dict[str, dict] = {}
        self._values: dict[str, dict[tuple[str, str], list[Any]]] = {}
        self._worlds: dict[str, str] = {}
        self.protocol = max(PROTOCOL_VERSIONS)
        # the checker that judges: the installed one, or a copy (handshake's checkerDir)
        self.checker = multi_turn_checker
        self.copies_root: Path | None = None

    # -- tasks -----------------------------------------------------------------

    def entry(self, task_id: Any) -> Entry:
        if not isinstance(task_id, str) or task_id not in self.entries or self.entries[task_id].category not in self.categories:
            raise ProtocolError("unknown-task", f"unknown task {task_id!r} (ids look like multi_turn_base_0; categories served: {', '.join(self.categories)})")
        return self.entries[task_id]

    def task_ids(self) -> list[str]:
        return [t for t, e in self.entries.items() if e.category in self.categories]

    def world(self, task_id: str) -> str:
        """Tasks with the same classes, configuration and loading start from one state."""
        if task_id not in self._worlds:
            e = self.entries[task_id]
            key = {"classes": e.test["involved_classes"], "config": e.test["initial_config"], "long_context": e.long_context}
            self._worlds[task_id] = _sha256(canonical(key).encode())[:16]
        return self._worlds[task_id]

    def task_infos(self) -> list[dict]:
        out = []
        for task_id in self.task_ids():
            e = self.entries[task_id]
            params: dict[str, Any] = {"turns": len(e.ground_truth), "involved_classes": e.test["involved_classes"]}
            empty = [i for i, calls in enumerate(e.ground_truth) if not calls]
            if empty:
                params["empty_turns"] = empty
            if "missed_function" in e.test:
                params["missed_function"] = e.test["missed_function"]
            out.append({
                "id": task_id,
                "generator": task_id,
                "variant": 0,
                "split": "dev",
                "scenario": e.category,
                "instruction": "\n".join(f"[turn {i}] " + " ".join(m["content"] for m in turn if m.get("role") == "user") for i, turn in enumerate(e.test["question"])),
                "params": params,
                "world": self.world(task_id),
            })
        return out

    # -- references ------------------------------------------------------------

    def ground_truth_steps(self, task_id: str) -> list[dict]:
        """The ground truth as steps, run one by one on fresh instances: a step is
        a write when the state (private attributes included) changed."""
        e = self.entries[task_id]
        instances, methods = load_instances(e)
        before = snapshot(instances)
        steps = []
        for turn, texts in enumerate(e.ground_truth):
            for text in texts:
                name, positional, keywords = parse(text)
                if name not in methods:
                    raise CallError(f"{task_id} turn {turn}: {name} belongs to none of {e.test['involved_classes']}")
                method = getattr(instances[methods[name]], name)
                args = bind(method, positional, keywords)
                # a fresh copy per call, as the checker's eval() of the text makes:
                # an API that keeps an argument list must not alias the step's
                method(**copy.deepcopy(args))
                after = snapshot(instances)
                steps.append({"call": f"{methods[name]}.{name}", "args": args, "kind": "write" if diff(before, after) else "read", "turn": turn})
                before = after
        return steps

    def category_values(self, category: str) -> dict[tuple[str, str], list[Any]]:
        """Every value the category's references pass to each (call, argument):
        legal by construction, since the benchmark's own ground truth uses them."""
        if category not in self._values:
            seen: dict[tuple[str, str], dict[str, Any]] = {}
            for task_id, e in self.entries.items():
                if e.category == category:
                    for s in self.ground_truth_steps(task_id):
                        for arg, value in s["args"].items():
                            seen.setdefault((s["call"], arg), {})[canonical(value)] = value
            self._values[category] = {k: [v[c] for c in sorted(v)] for k, v in seen.items()}
        return self._values[category]

    def alternatives(self, category: str, call: str, args: dict) -> dict[str, list]:
        values = self.category_values(category)
        out: dict[str, list] = {}
        for arg, current in args.items():
            others = [v for v in values.get((call, arg), []) if canonical(v) != canonical(current)]
            if not others and isinstance(current, bool):
                others = [not current]
            elif not others and isinstance(current, (int, float)):
                others = [current + 1]
            if others:
                out[arg] = others
        return out

    def domains(self, call: str, args: dict) -> dict[str, dict]:
        """Argument types from the function docs the model is given."""
        properties = self.docs.get(call.split(".", 1)[1], {}).get("parameters", {}).get("properties", {})
        out = {}
        for arg in args:
            kind = DOC_TYPES.get(properties.get(arg, {}).get("type", ""))
            if kind:
                out[arg] = {"type": kind}
        return out

    def reference(self, task_id: str) -> dict:
        if task_id not in self._references:
            category = self.entries[task_id].category
            steps = []
            for s in self.ground_truth_steps(task_id):
                if s["kind"] == "write":
                    alts = self.alternatives(category, s["call"], s["args"])
                    if alts:
                        s["alternatives"] = alts
                    doms = self.domains(s["call"], s["args"])
                    if doms:
                        s["domains"] = doms
                steps.append(s)
            self._references[task_id] = {"task": task_id, "steps": steps}
        return self._references[task_id]

    # -- protocol methods ------------------------------------------------------

    def handshake(self, params: dict) -> dict:
        version, options = handshake_options(params, ("suite",), "BFCL", copies=True)
        if "suite" in options:
            self.categories = chosen(options["suite"], CATEGORIES, "category", every="all")
        return handshake_answer(self, version, params)

    @staticmethod
    def checker_paths() -> list[Path]:
        # the checker executes both call lists on the API classes: they are part of its verdict
        return [SOURCE / "multi_turn_checker.py", SOURCE / "multi_turn_utils.py", *(SOURCE / "func_source_code").glob("*.py")]

    def load_copies(self, checker_dir: str) -> None:
        """Grades with copies of the checker files (a repair's patched checkers): a
        changed multi_turn_checker.py is loaded as a module of its own and its
        multi_turn_checker judges; the API classes are the installed ones."""
        root, changed = checker_copies(checker_dir, PACKAGE_DIR, "bfcl_eval", self.checker_paths())
        self.copies_root = root
        for installed, copy in changed:
            if installed.name != "multi_turn_checker.py":
                raise ProtocolError("unsupported", f"the BFCL bridge loads a copy of multi_turn_checker.py only, not of {installed.name}")
            spec = importlib.util.spec_from_file_location("blindspot_copy_multi_turn_checker", copy)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self.checker = module.multi_turn_checker

    def describe(self) -> dict:
        checker_paths = self.checker_paths()
        if self.copies_root is None:
            checker_hash, checker_files = _files_hash(checker_paths)
        else:
            copies = [self.copies_root / p.relative_to(PACKAGE_DIR) for p in checker_paths]
            checker_hash, checker_files = files_hash(self.copies_root, "bfcl_eval", copies)
        data_hash, _ = _files_hash(
            [DATA / f"BFCL_v4_multi_turn_{c}.json" for c in self.categories]
            + [DATA / "possible_answer" / f"BFCL_v4_multi_turn_{c}.json" for c in self.categories]
            + sorted((DATA / "multi_turn_func_doc").glob("*.json"))
        )
        corpus = {"data": data_hash, "tasks": self.task_infos(), "references": [self.reference(t) for t in self.task_ids()], "semantics": SEMANTICS}
        return {
            "name": "bfcl",
            "version": importlib.metadata.version("bfcl-eval"),
            "checkerHash": checker_hash,
            "checkerFiles": checker_files,
            "corpusHash": _sha256(canonical(corpus).encode()),
            "capabilities": ["api", "readback", "checker-dir", "pipeline"],
            "semantics": SEMANTICS,
        }

    def list_tasks(self) -> list[dict]:
        tasks = self.task_infos()
        if self.protocol < 2:
            tasks = without(tasks, ("world",))
        return tasks

    def get_reference(self, params: dict) -> dict:
        task_id = require(params, "task")
        self.entry(task_id)
        trajectory = self.reference(task_id)
        if self.protocol < 2:
            trajectory = {**trajectory, "steps": without(trajectory["steps"], ("domains",))}
        return {"trajectory": trajectory}

    def episode(self, params: dict) -> Episode:
        return self.episodes.get(params)

    def deliver(self, params: dict) -> dict:
        ep = self.episode(params)
        steps, task_id, world = delivery_params(params, self.entry)
        if ep.world is not None:
            raise ProtocolError("invalid-params", "this episode has been delivered already; open a fresh one")
        start = world or task_id
        ep.world = self.world(start)
        ep.instances, ep.methods = load_instances(self.entries[start])
        ep.initial = snapshot(ep.instances)
        for i, (turn, step) in enumerate(in_turns(steps)):
            self._advance(ep, turn)
            failure = self._run(ep, step["call"], step.get("args", {}))
            ep.calls[turn].append((step["call"].rsplit(".", 1)[-1], step.get("args", {})))
            if failure:
                ep.states[-1] = snapshot(ep.instances)
                return {"completed": False, "stepsRun": i, "error": f"step {i} (turn {turn}) {step['call']}: {failure}"}
        self._advance(ep, len(self.entries[task_id].ground_truth) - 1)
        ep.states[-1] = snapshot(ep.instances)
        return {"completed": True, "stepsRun": len(steps)}

    def _advance(self, ep: Episode, turn: int) -> None:
        """Closes the turns before `turn`, snapshotting the state each leaves."""
        while len(ep.calls) <= turn:
            if ep.calls:
                ep.states[-1] = snapshot(ep.instances)
            ep.calls.append([])
            ep.states.append({})

    def _run(self, ep: Episode, call: str, args: dict) -> str | None:
        cls, _, name = call.rpartition(".")
        if name not in ep.methods or (cls and ep.methods[name] != cls):
            return f"no method {call} among {sorted(ep.instances)}"
        try:
            getattr(ep.instances[ep.methods[name]], name)(**copy.deepcopy(args))
        except Exception as e:  # a call the API rejects by raising: the model would see the error
            return f"{type(e).__name__}: {e}"
        return None

    def readback(self, params: dict) -> dict:
        ep = self.episode(params)
        effect: dict[str, Any] = {}
        before = ep.initial
        for turn, after in enumerate(ep.states):
            for table, change in diff(before, after).items():
                effect[f"turn{turn}/{table}"] = change
            before = after
        return {"effect": effect}

    def check(self, params: dict) -> dict:
        ep = self.episode(params)
        task_id = require(params, "task")
        e = self.entry(task_id)
        if len(ep.calls) > len(e.ground_truth):
            # eval_runner's own pre-check, before the checker is called
            return {"verdict": "fail", "detail": f"force_terminated: {len(ep.calls)} turns delivered, the ground truth has {len(e.ground_truth)}", "cause": "multi_turn:force_terminated"}
        decoded = [[[render(m, a)] for m, a in turn] for turn in ep.calls]
        decoded += [[] for _ in range(len(e.ground_truth) - len(decoded))]
        model_name = f"blindspot_check_{self._next_check}"
        self._next_check += 1
        try:
            result = self.checker(decoded, e.ground_truth, copy.deepcopy(e.test), f"multi_turn_{e.category}", model_name)
        except Exception as ex:
            return {"verdict": "error", "detail": f"checker raised {type(ex).__name__}: {ex}"}
        finally:
            # the checker keeps its instances in its module's globals, keyed by model name
            for key in [k for k in vars(multi_turn_utils) if k.startswith(model_name + "_")]:
                delattr(multi_turn_utils, key)
        if not isinstance(result, dict) or not isinstance(result.get("valid"), bool):
            return {"verdict": "error", "detail": f"checker returned {result!r:.200}"}
        if result["valid"]:
            return {"verdict": "pass", "detail": "multi_turn_checker: valid"}
        return {"verdict": "fail", "detail": f"{result.get('error_type')}: {result.get('error_message')}", "cause": str(result.get("error_type"))}

    def handlers(self) -> dict:
        return bridge_handlers(self, self.episodes)


if __name__ == "__main__":
    serve(Bridge().handlers())

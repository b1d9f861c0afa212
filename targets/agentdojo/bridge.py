"""AgentDojo behind the blindspot target protocol.

Tasks are the user tasks of the pinned benchmark version; a reference is the
task's own `ground_truth(pre_environment)` followed by a claim carrying its
`GROUND_TRUTH_OUTPUT`; delivery runs each call through AgentDojo's own
FunctionsRuntime on a fresh deep copy of the suite environment; the checker is
the suite's own utility check (`utility_from_traces`, else `utility`) with the
delivered claim as the model output. One process serves many episodes: each
suite's environment is loaded once and copied per episode.

Protocol 2 (protocol 1 is still served, without what 2 adds):
- the target info carries the effect semantics of semantics.py;
- each write step of a reference carries `free` (arguments the task does not
  determine) and `domains` (what each argument can take): arguments.py says how
  both are decided;
- each task carries `world`, the first 16 hex digits of the sha256 of its
  canonical flattened pre-environment: tasks with equal worlds start from the
  same state (in AgentDojo 0.1.35 that is every task of a suite);
- `deliver` honours `trajectory.world`, a task id whose pre-environment the
  episode starts from instead of `trajectory.task`'s; `check` still judges with
  the asked task's checker, on the episode's environment.

Protocol 3 adds two methods, advertised as the capabilities `inputs` and `call`
(inputs.py says where each part comes from):
- `inputs {task}`: what an agent is shown for the task (utterance, procedure,
  context, tool contract);
- `call {episode, task, step}`: one tool call of an interactive agent, run on
  the episode's environment (the task's pre-environment on first use) as
  AgentDojo's ToolsExecutor runs a model's call, answered with the output as
  that executor shows it to the model (`{ok: true, result}`) or its error
  (`{ok: false, error}`). The call joins the episode's traces, so a later
  readback or check sees it, as after `deliver`.
Each task's params also carry the ground truth's argument values its prompt
states verbatim (inputs.stated), which utterance perturbations edit.

Run it as `python targets/agentdojo/bridge.py`; it speaks on stdin/stdout. It
re-executes itself with PYTHONHASHSEED=0: AgentDojo's calendar stores a new
event's participants as list(set(...)), whose order otherwise changes from one
process to the next, and a worker's effects must compare with another's."""

from __future__ import annotations

import datetime as _datetime
import hashlib
import importlib.metadata
import os
import sys
import types
from ast import literal_eval
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import Known, domains, free, required, strings  # noqa: E402
from inputs import context, procedure, stated, tool_contract  # noqa: E402
from protocol_server import (  # noqa: E402
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
from readback import Flat, canonical, diff, flatten, jsonable  # noqa: E402
from semantics import effect_semantics, normalised, placeholder  # noqa: E402

BENCHMARK_VERSION = "v1.2.2"
SUITE_NAMES = ("workspace", "slack", "banking", "travel")
CLAIM = "answer"
# AgentDojo stamps sent emails and edited files with the wall clock; a fixed clock
# makes two deliveries of one trajectory read back the same. No checker reads it.
FROZEN_NOW = _datetime.datetime(2024, 5, 15, 12, 0, 0)


def _freeze_clock(modules: list[types.ModuleType]) -> None:
    shim = frozen_datetime(FROZEN_NOW)
    for m in modules:
        if getattr(m, "datetime", None) is _datetime:
            m.datetime = shim  # type: ignore[attr-defined]


import agentdojo  # noqa: E402
from agentdojo.default_suites.v1.tools import cloud_drive_client, email_client  # noqa: E402
from agentdojo.agent_pipeline.tool_execution import is_string_list, tool_result_to_str  # noqa: E402
from agentdojo.functions_runtime import FunctionCall, FunctionsRuntime  # noqa: E402
from agentdojo.task_suite.load_suites import get_suites  # noqa: E402
from agentdojo.task_suite.task_suite import TaskSuite  # noqa: E402
from agentdojo.types import text_content_block_from_string  # noqa: E402

_freeze_clock([email_client, cloud_drive_client])

PACKAGE_DIR = Path(agentdojo.__file__).resolve().parent


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files_hash(paths: list[Path]) -> tuple[str, list[dict[str, str]]]:
    return files_hash(PACKAGE_DIR, "agentdojo", paths)


def _copied_tasks(path: Path) -> dict[str, type]:
    """The user-task classes a copy of a user_tasks.py defines, by task id. The
    copy registers them into the installed suites when executed; registration is
    redirected here for that, so the installed tasks stay as they are."""
    collected: dict[str, type] = {}
    register = TaskSuite.register_user_task

    def collect(suite: TaskSuite, task: type) -> type:
        collected[f"{suite.name}/user_task_{suite._get_task_number(task, 'UserTask')}"] = task
        return task

    TaskSuite.register_user_task = collect  # type: ignore[method-assign]
    try:
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), {"__name__": f"blindspot_copy_{path.parent.name}", "__file__": str(path)})
    finally:
        TaskSuite.register_user_task = register  # type: ignore[method-assign]
    return collected


def _task_number(task_id: str) -> int:
    return int(task_id.rsplit("_", 1)[1])


@dataclass
class Episode:
    suite: str | None = None
    world: str | None = None
    pre: Any = None
    env: Any = None
    pre_flat: Flat | None = None
    model_output: str = ""
    traces: list[FunctionCall] = field(default_factory=list)


class Bridge:
    def __init__(self) -> None:
        self.all_suites = get_suites(BENCHMARK_VERSION)
        self.suites = list(SUITE_NAMES)
        self.runtimes = {name: FunctionsRuntime(self.all_suites[name].tools) for name in SUITE_NAMES}
        self._base: dict[str, Any] = {}
        self._pre: dict[str, tuple[Any, Flat]] = {}
        self._worlds: dict[str, str] = {}
        self._known: dict[str, Known] = {}
        self._references: dict[str, dict] = {}
        # a task's reference and its suite's alternative values both need its ground truth
        self._ground_truth: dict[str, list[dict]] = {}
        self._values: dict[str, dict[tuple[str, str], list[Any]]] = {}
        self.episodes = Episodes(Episode)
        self.protocol = max(PROTOCOL_VERSIONS)
        # checker copies to grade with (handshake's checkerDir), by task id
        self.copies_root: Path | None = None
        self.copied: dict[str, Any] = {}

    # -- tasks and environments -------------------------------------------------

    def task(self, task_id: Any) -> tuple[str, Any]:
        if not isinstance(task_id, str) or "/" not in task_id:
            raise ProtocolError("unknown-task", f"unknown task {task_id!r} (ids look like banking/user_task_0)")
        suite, tid = task_id.split("/", 1)
        if suite not in self.suites or tid not in self.all_suites[suite].user_tasks:
            raise ProtocolError("unknown-task", f"unknown task {task_id!r}")
        return suite, self.all_suites[suite].user_tasks[tid]

    def task_ids(self) -> list[str]:
        return [
            f"{suite}/{tid}"
            for suite in self.suites
            for tid in sorted(self.all_suites[suite].user_tasks, key=_task_number)
        ]

    def pre_environment(self, task_id: str) -> tuple[Any, Flat]:
        """The task's pre-task environment (default injections, the task's own
        init_environment), built once; episodes deep-copy it."""
        if task_id not in self._pre:
            suite, task = self.task(task_id)
            if suite not in self._base:
                self._base[suite] = self.all_suites[suite].load_and_inject_default_environment({})
            pre = task.init_environment(self._base[suite].model_copy(deep=True))
            self._pre[task_id] = (pre, flatten(pre))
        return self._pre[task_id]

    def world(self, task_id: str) -> str:
        """The id of the task's pre-environment: tasks with equal ids start from one state."""
        if task_id not in self._worlds:
            _, flat = self.pre_environment(task_id)
            self._worlds[task_id] = _sha256(canonical(flat).encode())[:16]
        return self._worlds[task_id]

    def materialize(self, ep: Episode, task_id: str) -> None:
        """Starts the episode in the task's pre-environment, unless it has started."""
        if ep.suite is not None:
            return
        pre, flat = self.pre_environment(task_id)
        ep.suite = task_id.split("/", 1)[0]
        ep.world = self.world(task_id)
        ep.pre = pre.model_copy(deep=True)
        ep.env = pre.model_copy(deep=True)
        ep.pre_flat = flat

    # -- references ------------------------------------------------------------

    def ground_truth(self, task_id: str) -> list[dict]:
        if task_id not in self._ground_truth:
            _, task = self.task(task_id)
            pre, _ = self.pre_environment(task_id)
            calls = task.ground_truth(pre.model_copy(deep=True))
            self._ground_truth[task_id] = [{"call": c.function, "args": jsonable(dict(c.args))} for c in calls]
        return self._ground_truth[task_id]

    def known(self, task_id: str) -> Known:
        """What the agent is told or can read before its first call: the prompt and
        every string of the pre-environment (arguments.py). A fresh copy."""
        world = self.world(task_id)
        if world not in self._known:
            pre, _ = self.pre_environment(task_id)
            base = Known()
            base.add(strings(pre))
            self._known[world] = base
        known = self._known[world].copy()
        known.add([self.task(task_id)[1].PROMPT])
        return known

    def run_reference(self, task_id: str, calls: list[dict]) -> list[dict]:
        """Delivers the ground truth call by call on a fresh copy of the
        pre-environment. Per call: write when it changes the environment, read
        otherwise; and, decided before the call runs, which arguments are free
        given the prompt, the pre-environment and the earlier calls' results, and
        the arguments' domains."""
        pre, before = self.pre_environment(task_id)
        env = pre.model_copy(deep=True)
        runtime = self.runtimes[task_id.split("/", 1)[0]]
        known = self.known(task_id)
        facts = []
        for c in calls:
            parameters = runtime.functions[c["call"]].parameters
            frees = sorted(arg for arg, v in c["args"].items() if free(v, required(parameters, arg), known))
            doms = domains(c["call"], c["args"], parameters, pre)
            result, _ = runtime.run_function(env, c["call"], c["args"])
            known.add(strings(result))
            after = flatten(env)
            facts.append({"kind": "write" if diff(before, after) else "read", "free": frees, "domains": doms})
            before = after
        return facts

    def suite_values(self, suite: str) -> dict[tuple[str, str], list[Any]]:
        """Every value the suite's references pass to each (call, argument): legal by
        construction, since the benchmark's own ground truth uses them (placeholders
        aside: a stand-in for composed text is no legal value)."""
        seen: dict[tuple[str, str], dict[str, Any]] = {}
        for tid in sorted(self.all_suites[suite].user_tasks, key=_task_number):
            for c in self.ground_truth(f"{suite}/{tid}"):
                for arg, value in c["args"].items():
                    if not placeholder(value):
                        seen.setdefault((c["call"], arg), {})[canonical(value)] = value
        return {k: [v[c] for c in sorted(v)] for k, v in seen.items()}

    def placeholders(self) -> dict[str, list[str]]:
        """Per argument name, the placeholder values the served ground truths use."""
        found: dict[str, set[str]] = {}
        for task_id in self.task_ids():
            for c in self.ground_truth(task_id):
                for arg, value in c["args"].items():
                    if placeholder(value):
                        found.setdefault(arg, set()).add(value)
        return {arg: sorted(values) for arg, values in found.items()}

    def alternatives(self, suite: str, call: str, args: dict) -> dict[str, list]:
        if suite not in self._values:
            self._values[suite] = self.suite_values(suite)
        values = self._values[suite]
        out: dict[str, list] = {}
        for arg, current in args.items():
            same = canonical(normalised(call, arg, current))
            others = [v for v in values.get((call, arg), []) if canonical(normalised(call, arg, v)) != same]
            if not others and isinstance(current, (int, float)) and not isinstance(current, bool) and arg not in ("id", "n"):
                others = [current + 1]
            if others:
                out[arg] = others
        return out

    def reference(self, task_id: str) -> dict:
        if task_id not in self._references:
            suite, task = self.task(task_id)
            calls = self.ground_truth(task_id)
            steps = []
            for c, facts in zip(calls, self.run_reference(task_id, calls)):
                step = {"call": c["call"], "args": c["args"], "kind": facts["kind"]}
                if facts["kind"] == "write":
                    alts = self.alternatives(suite, c["call"], c["args"])
                    if alts:
                        step["alternatives"] = alts
                    if facts["free"]:
                        step["free"] = facts["free"]
                    if facts["domains"]:
                        step["domains"] = facts["domains"]
                steps.append(step)
            steps.append({"call": CLAIM, "args": {"output": task.GROUND_TRUTH_OUTPUT}, "kind": "claim"})
            self._references[task_id] = {"task": task_id, "steps": steps}
        return self._references[task_id]

    # -- protocol methods ------------------------------------------------------

    def handshake(self, params: dict) -> dict:
        version, options = handshake_options(params, ("suite",), "AgentDojo", copies=True)
        if "suite" in options:
            self.suites = chosen(options["suite"], SUITE_NAMES, "suite")
        return handshake_answer(self, version, params)

    @staticmethod
    def checker_paths() -> list[Path]:
        paths = [PACKAGE_DIR / "base_tasks.py", PACKAGE_DIR / "task_suite" / "task_suite.py"]
        return paths + list((PACKAGE_DIR / "default_suites").rglob("user_tasks.py"))

    def load_copies(self, checker_dir: str) -> None:
        """Grades with copies of the checker files (a repair's patched checkers): a
        changed user_tasks.py is executed with registration redirected, and its
        task classes judge in place of the installed ones they were copied from."""
        root, changed = checker_copies(checker_dir, PACKAGE_DIR, "agentdojo", self.checker_paths())
        self.copies_root = root
        for installed, copy in changed:
            if installed.name != "user_tasks.py":
                raise ProtocolError("unsupported", f"the AgentDojo bridge loads copies of user_tasks.py only, not of {installed.name}")
            module = "agentdojo." + ".".join(installed.relative_to(PACKAGE_DIR).with_suffix("").parts)
            for task_id, cls in _copied_tasks(copy).items():
                suite, tid = task_id.split("/", 1)
                # a task a later benchmark version replaced is served from another file
                served = self.all_suites[suite].user_tasks.get(tid) if suite in self.all_suites else None
                if served is not None and type(served).__module__ == module:
                    self.copied[task_id] = cls()

    def describe(self) -> dict:
        checker_paths = self.checker_paths()
        if self.copies_root is None:
            checker_hash, checker_files = _files_hash(checker_paths)
        else:
            copies = [self.copies_root / p.relative_to(PACKAGE_DIR) for p in checker_paths]
            checker_hash, checker_files = files_hash(self.copies_root, "agentdojo", copies)
        environment_hash, _ = _files_hash(list((PACKAGE_DIR / "data" / "suites").rglob("*.yaml")))
        semantics = effect_semantics(self.placeholders())
        # tasks carry their worlds and references their free arguments and
        # domains: a change in any of them, or in the semantics, is another corpus.
        # A task's stated values are read off its prompt and its ground truth, which
        # the corpus holds already: left out, so increments frozen before protocol 3
        # still verify.
        corpus = {
            "benchmark": BENCHMARK_VERSION,
            "environments": environment_hash,
            "tasks": self.task_infos(with_stated=False),
            "references": [self.reference(t) for t in self.task_ids()],
            "semantics": semantics,
        }
        return {
            "name": "agentdojo",
            "version": f"{importlib.metadata.version('agentdojo')}+{BENCHMARK_VERSION}",
            "checkerHash": checker_hash,
            "checkerFiles": checker_files,
            "corpusHash": _sha256(canonical(corpus).encode()),
            "capabilities": ["api", "readback", "claim", "checker-dir", *(["inputs", "call"] if self.protocol >= 3 else [])],
            "semantics": semantics,
        }

    def list_tasks(self) -> list[dict]:
        tasks = self.task_infos()
        if self.protocol < 2:
            tasks = without(tasks, ("world",))
        return tasks

    def task_infos(self, with_stated: bool = True) -> list[dict]:
        out = []
        for task_id in self.task_ids():
            suite, task = self.task(task_id)
            params = {"ground_truth_output": task.GROUND_TRUTH_OUTPUT, "difficulty": task.DIFFICULTY.name}
            if with_stated and self.protocol >= 3:
                params.update(stated(task.PROMPT, self.ground_truth(task_id), set(params)))
            out.append({
                "id": task_id,
                "generator": task_id,
                "variant": 0,
                "split": "dev",
                "scenario": suite,
                "instruction": task.PROMPT,
                "params": params,
                "world": self.world(task_id),
            })
        return out

    def episode(self, params: dict) -> Episode:
        return self.episodes.get(params)

    def deliver(self, params: dict) -> dict:
        ep = self.episode(params)
        steps, task_id, world = delivery_params(params, self.task)
        if world is not None and ep.suite is not None and ep.world != self.world(world):
            raise ProtocolError("invalid-params", f"episode already started in world {ep.world}, not in {world}'s")
        # a world of another suite is honoured too: the calls then find no such
        # tool there, and the delivery stops at the first one
        self.materialize(ep, world or task_id)
        runtime = self.runtimes[ep.suite]
        for i, step in enumerate(steps):
            if not isinstance(step, dict) or not isinstance(step.get("call"), str) or not isinstance(step.get("args", {}), dict):
                raise ProtocolError("invalid-params", f"step {i} is not {{call, args, kind}}")
            call, args = step["call"], step.get("args", {})
            if call == CLAIM:
                ep.model_output = str(args.get("output", ""))
                continue
            ep.traces.append(FunctionCall(function=call, args=args))
            _, error = runtime.run_function(ep.env, call, args)
            if error is not None:
                where = "" if ep.suite == task_id.split("/", 1)[0] else f" (the episode runs in a {ep.suite} world)"
                return {"completed": False, "stepsRun": i, "error": f"step {i} {call}: {error}{where}"}
        return {"completed": True, "stepsRun": len(steps)}

    def readback(self, params: dict) -> dict:
        ep = self.episode(params)
        if ep.suite is None:
            return {"effect": {}}
        return {"effect": diff(ep.pre_flat, flatten(ep.env))}

    def check(self, params: dict) -> dict:
        ep = self.episode(params)
        task_id = require(params, "task")
        suite, task = self.task(task_id)
        task = self.copied.get(task_id, task)
        self.materialize(ep, task_id)
        if ep.suite != suite:
            return {"verdict": "error", "detail": f"the {suite} checker cannot judge a {ep.suite} environment"}
        try:
            ok = self.all_suites[suite]._check_user_task_utility(
                task, [text_content_block_from_string(ep.model_output)], ep.pre, ep.env, ep.traces
            )
        except Exception as e:
            return {"verdict": "error", "detail": f"checker raised {type(e).__name__}: {e}"}
        if not isinstance(ok, bool):
            return {"verdict": "error", "detail": f"checker returned {ok!r}, not a bool"}
        return {"verdict": "pass" if ok else "fail", "detail": f"utility() returned {ok}"}

    def get_reference(self, params: dict) -> dict:
        task_id = require(params, "task")
        self.task(task_id)
        trajectory = self.reference(task_id)
        if self.protocol < 2:
            steps = without(trajectory["steps"], ("free", "domains"))
            trajectory = {**trajectory, "steps": steps}
        return {"trajectory": trajectory}

    # -- protocol 3: what an agent is shown, and its calls one at a time --------

    def inputs(self, params: dict) -> dict:
        task_id = require(params, "task")
        suite, task = self.task(task_id)
        pre, _ = self.pre_environment(task_id)
        tools = [tool_contract(f) for f in self.runtimes[suite].functions.values()]
        return {"inputs": {"utterance": task.PROMPT, "procedure": procedure(), "context": context(suite, pre), "tools": tools}}

    def call(self, params: dict) -> dict:
        ep = self.episode(params)
        task_id = require(params, "task")
        suite, _ = self.task(task_id)
        step = require(params, "step", dict)
        name = require(step, "call")
        args = step.get("args", {})
        if not isinstance(args, dict):
            raise ProtocolError("invalid-params", "step.args is an object")
        if ep.suite is not None and ep.world != self.world(task_id):
            raise ProtocolError("invalid-params", f"episode already started in world {ep.world}, not in {task_id}'s")
        self.materialize(ep, task_id)
        if name == CLAIM:
            ep.model_output = str(args.get("output", ""))
            return {"ok": True, "result": ""}
        # as AgentDojo's ToolsExecutor takes a model's call: a list written as a
        # string is a list, and an unknown tool is refused before anything runs
        args = {k: literal_eval(v) if isinstance(v, str) and is_string_list(v) else v for k, v in args.items()}
        ep.traces.append(FunctionCall(function=name, args=args))
        if name not in self.runtimes[suite].functions:
            return {"ok": False, "error": f"Invalid tool {name} provided."}
        result, error = self.runtimes[suite].run_function(ep.env, name, args)
        if error is not None:
            return {"ok": False, "error": error}
        return {"ok": True, "result": tool_result_to_str(result)}

    def handlers(self) -> dict:
        return {**bridge_handlers(self, self.episodes), "inputs": self.inputs, "call": self.call}


if __name__ == "__main__":
    serve(Bridge().handlers())

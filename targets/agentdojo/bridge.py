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

Recorded runs (the recorded-runs arm), all optional and outside the corpus:
- `trajectory.version` (a benchmark version AgentDojo registers, `VERSIONS`)
  starts the episode from that version's pre-environment with that version's
  tools, and the episode's `check` grades with the task as defined at that
  version; `reference {task, version?}` and `check {episode, task, version?}`
  take it too (check defaults to the episode's version). Without it, the bridge
  serves `BENCHMARK_VERSION` exactly as before;
- `trajectory.recorded: true` delivers the steps as AgentDojo's ToolsExecutor ran
  a model's calls: a failing or unknown call is answered with its error and the
  delivery goes on (`rejected` lists them); every call joins the traces as
  AgentDojo's functions_stack_trace holds it; a step with `executed: false` joins
  the traces without running (a call of the model's last message, which
  AgentDojo's tool loop stopped before running);
- `suite/injection_task_N` is accepted by reference, deliver, check and call
  (not listed by `tasks`): the injection task given to the agent as the user's
  request, from the suite's default environment, graded by its own security
  check as AgentDojo grades such a run;
- writes whose arguments the environment does not keep (semantics.OUTBOUND) are
  read back as tables `outbound.<call>`, one added row per successful call.

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
# the SDK (python/blindspot_target) from this checkout, so the shared venv needs no install
sys.path.insert(1, str(Path(__file__).resolve().parents[2] / "python"))

from arguments import Known, domains, free, required, strings  # noqa: E402
from inputs import context, procedure, stated, tool_contract  # noqa: E402
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
from readback import flatten, jsonable  # noqa: E402
from semantics import OUTBOUND, effect_semantics, normalised, placeholder  # noqa: E402

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
from agentdojo.base_tasks import BaseInjectionTask  # noqa: E402
from agentdojo.functions_runtime import FunctionCall, FunctionsRuntime  # noqa: E402
from agentdojo.task_suite import load_suites  # noqa: E402
from agentdojo.task_suite.load_suites import get_suites  # noqa: E402
from agentdojo.task_suite.task_suite import TaskSuite  # noqa: E402
from agentdojo.types import text_content_block_from_string  # noqa: E402

_freeze_clock([email_client, cloud_drive_client])

# Every benchmark version AgentDojo registers, oldest first (load_suites' table;
# read once, before any lookup could add an empty entry to its defaultdict).
VERSIONS: tuple[str, ...] = tuple(v for v, suites in load_suites._SUITES.items() if suites)
# The name Gemini's client gives a call the API returned without one; ToolsExecutor
# answers it with its own error (agentdojo.agent_pipeline.llms.google_llm).
EMPTY_FUNCTION_NAME = "<empty-function-name>"
OUTBOUND_ARGS: dict[str, list[str]] = {o["call"]: list(o["args"]) for o in OUTBOUND}

PACKAGE_DIR = Path(agentdojo.__file__).resolve().parent


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files_hash(paths: list[Path]) -> tuple[str, list[dict[str, str]]]:
    return files_hash(PACKAGE_DIR, "agentdojo", paths)


def _copied_tasks(path: Path) -> dict[str, type]:
    """The user-task classes a copy of a user_tasks.py defines, by task id. The
    copy registers them into the installed suites when executed (register_user_task,
    or update_user_task in a later version's file); registration is redirected here
    for that, so the installed tasks stay as they are."""
    collected: dict[str, type] = {}
    register, update = TaskSuite.register_user_task, TaskSuite.update_user_task

    def collect(suite: TaskSuite, task: type) -> type:
        collected[f"{suite.name}/user_task_{suite._get_task_number(task, 'UserTask')}"] = task
        return task

    # a later version's file redefines tasks with @task_suite.update_user_task(version)
    TaskSuite.register_user_task = collect  # type: ignore[method-assign]
    TaskSuite.update_user_task = lambda suite, version: (lambda task: collect(suite, task))  # type: ignore[method-assign]
    try:
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), {"__name__": f"blindspot_copy_{path.parent.name}", "__file__": str(path)})
    finally:
        TaskSuite.register_user_task = register  # type: ignore[method-assign]
        TaskSuite.update_user_task = update  # type: ignore[method-assign]
    return collected


def _task_number(task_id: str) -> int:
    return int(task_id.rsplit("_", 1)[1])


def _claim_text(output: Any) -> str:
    """A recorded final message's content as AgentDojo's checkers read it
    (get_text_content_as_str): text as is, content blocks joined by newlines, none
    as the empty string."""
    if output is None:
        return ""
    if isinstance(output, list):
        return "\n".join(str(b["content"]) for b in output if isinstance(b, dict) and b.get("content") is not None)
    return output if isinstance(output, str) else str(output)


@dataclass
class Episode:
    suite: str | None = None
    version: str = BENCHMARK_VERSION
    world: str | None = None
    pre: Any = None
    env: Any = None
    pre_flat: Flat | None = None
    model_output: str = ""
    traces: list[FunctionCall] = field(default_factory=list)
    # per OUTBOUND call, the declared arguments of each successful call, in order
    outbound: dict[str, list[dict]] = field(default_factory=dict)


class Bridge:
    def __init__(self) -> None:
        self.all_suites = get_suites(BENCHMARK_VERSION)
        self.suites = list(SUITE_NAMES)
        self.runtimes = {name: FunctionsRuntime(self.all_suites[name].tools) for name in SUITE_NAMES}
        # each benchmark version's suites, runtimes and task tables, loaded on first use
        self._versions: dict[str, dict[str, TaskSuite]] = {BENCHMARK_VERSION: self.all_suites}
        self._runtimes: dict[tuple[str, str], FunctionsRuntime] = {(BENCHMARK_VERSION, n): r for n, r in self.runtimes.items()}
        self._tables: dict[tuple[str, str], tuple[dict[str, Any], dict[str, Any]]] = {}
        self._base: dict[str, Any] = {}
        # caches below are keyed by (version, task id)
        self._pre: dict[tuple[str, str], tuple[Any, Flat]] = {}
        self._worlds: dict[tuple[str, str], str] = {}
        self._known: dict[str, Known] = {}
        self._references: dict[tuple[str, str], dict] = {}
        # a task's reference and its suite's alternative values both need its ground truth
        self._ground_truth: dict[tuple[str, str], list[dict]] = {}
        self._values: dict[tuple[str, str], dict[tuple[str, str], list[Any]]] = {}
        self.episodes = Episodes(Episode)
        self.protocol = max(PROTOCOL_VERSIONS)
        # checker copies to grade with (handshake's checkerDir), by (module of the
        # installed class they replace, task id)
        self.copies_root: Path | None = None
        self.copied: dict[tuple[str, str], Any] = {}

    # -- benchmark versions ------------------------------------------------------

    def version(self, value: Any) -> str:
        """A requested benchmark version (absent: the served one), or invalid-params."""
        if value is None:
            return BENCHMARK_VERSION
        if not isinstance(value, str) or value not in VERSIONS:
            raise ProtocolError("invalid-params", f"unknown benchmark version {value!r} (known: {', '.join(VERSIONS)})")
        if value not in self._versions:
            self._versions[value] = get_suites(value)
        return value

    def suite_at(self, version: str, suite: str) -> TaskSuite:
        return self._versions[version][suite]

    def runtime(self, suite: str, version: str = BENCHMARK_VERSION) -> FunctionsRuntime:
        key = (version, suite)
        if key not in self._runtimes:
            self._runtimes[key] = FunctionsRuntime(self.suite_at(version, suite).tools)
        return self._runtimes[key]

    def tables(self, suite: str, version: str = BENCHMARK_VERSION) -> tuple[dict[str, Any], dict[str, Any]]:
        """The suite's user tasks and injection tasks as defined at the version (the
        latest definition at or below it), by bare task id."""
        key = (version, suite)
        if key not in self._tables:
            s = self.suite_at(version, suite)
            self._tables[key] = (s.user_tasks, s.injection_tasks)
        return self._tables[key]

    # -- tasks and environments -------------------------------------------------

    def task(self, task_id: Any, version: str = BENCHMARK_VERSION, injections: bool = False) -> tuple[str, Any]:
        """A served task: a user task, or with `injections` an injection task too."""
        if not isinstance(task_id, str) or "/" not in task_id:
            raise ProtocolError("unknown-task", f"unknown task {task_id!r} (ids look like banking/user_task_0)")
        suite, tid = task_id.split("/", 1)
        if suite in self.suites:
            users, injection_tasks = self.tables(suite, version)
            if tid in users:
                return suite, users[tid]
            if injections and tid in injection_tasks:
                return suite, injection_tasks[tid]
        at = "" if version == BENCHMARK_VERSION else f" at benchmark version {version}"
        raise ProtocolError("unknown-task", f"unknown task {task_id!r}{at}")

    def any_task(self, task_id: Any, version: str = BENCHMARK_VERSION) -> tuple[str, Any]:
        return self.task(task_id, version, injections=True)

    def task_ids(self) -> list[str]:
        return [
            f"{suite}/{tid}"
            for suite in self.suites
            for tid in sorted(self.tables(suite)[0], key=_task_number)
        ]

    def pre_environment(self, task_id: str, version: str = BENCHMARK_VERSION) -> tuple[Any, Flat]:
        """The task's pre-task environment (default injections, a user task's own
        init_environment; an injection task run as the user's request starts from
        the default environment, as in TaskSuite.run_task_with_pipeline), built
        once per version; episodes deep-copy it."""
        key = (version, task_id)
        if key not in self._pre:
            suite, task = self.any_task(task_id, version)
            if suite not in self._base:
                # the environment files and tools are one for every version
                self._base[suite] = self.all_suites[suite].load_and_inject_default_environment({})
            pre = self._base[suite].model_copy(deep=True)
            if not isinstance(task, BaseInjectionTask):
                pre = task.init_environment(pre)
            self._pre[key] = (pre, flatten(pre))
        return self._pre[key]

    def world(self, task_id: str, version: str = BENCHMARK_VERSION) -> str:
        """The id of the task's pre-environment: tasks with equal ids start from one state."""
        key = (version, task_id)
        if key not in self._worlds:
            _, flat = self.pre_environment(task_id, version)
            self._worlds[key] = _sha256(canonical(flat).encode())[:16]
        return self._worlds[key]

    def materialize(self, ep: Episode, task_id: str, version: str = BENCHMARK_VERSION) -> None:
        """Starts the episode in the task's pre-environment, unless it has started."""
        if ep.suite is not None:
            return
        pre, flat = self.pre_environment(task_id, version)
        ep.suite = task_id.split("/", 1)[0]
        ep.version = version
        ep.world = self.world(task_id, version)
        ep.pre = pre.model_copy(deep=True)
        ep.env = pre.model_copy(deep=True)
        ep.pre_flat = flat

    # -- references ------------------------------------------------------------

    def ground_truth(self, task_id: str, version: str = BENCHMARK_VERSION) -> list[dict]:
        key = (version, task_id)
        if key not in self._ground_truth:
            _, task = self.any_task(task_id, version)
            pre, _ = self.pre_environment(task_id, version)
            calls = task.ground_truth(pre.model_copy(deep=True))
            self._ground_truth[key] = [{"call": c.function, "args": jsonable(dict(c.args))} for c in calls]
        return self._ground_truth[key]

    def known(self, task_id: str, version: str = BENCHMARK_VERSION) -> Known:
        """What the agent is told or can read before its first call: the prompt (an
        injection task's goal) and every string of the pre-environment
        (arguments.py). A fresh copy."""
        world = self.world(task_id, version)
        if world not in self._known:
            pre, _ = self.pre_environment(task_id, version)
            base = Known()
            base.add(strings(pre))
            self._known[world] = base
        known = self._known[world].copy()
        task = self.any_task(task_id, version)[1]
        known.add([task.GOAL if isinstance(task, BaseInjectionTask) else task.PROMPT])
        return known

    def run_reference(self, task_id: str, calls: list[dict], version: str = BENCHMARK_VERSION) -> list[dict]:
        """Delivers the ground truth call by call on a fresh copy of the
        pre-environment. Per call: write when it changes the environment, read
        otherwise; and, decided before the call runs, which arguments are free
        given the prompt, the pre-environment and the earlier calls' results, and
        the arguments' domains."""
        pre, before = self.pre_environment(task_id, version)
        env = pre.model_copy(deep=True)
        runtime = self.runtime(task_id.split("/", 1)[0], version)
        known = self.known(task_id, version)
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

    def suite_values(self, suite: str, version: str = BENCHMARK_VERSION) -> dict[tuple[str, str], list[Any]]:
        """Every value the suite's references pass to each (call, argument): legal by
        construction, since the benchmark's own ground truth uses them (placeholders
        aside: a stand-in for composed text is no legal value)."""
        seen: dict[tuple[str, str], dict[str, Any]] = {}
        for tid in sorted(self.tables(suite, version)[0], key=_task_number):
            for c in self.ground_truth(f"{suite}/{tid}", version):
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

    def alternatives(self, suite: str, call: str, args: dict, version: str = BENCHMARK_VERSION) -> dict[str, list]:
        key = (version, suite)
        if key not in self._values:
            self._values[key] = self.suite_values(suite, version)
        values = self._values[key]
        out: dict[str, list] = {}
        for arg, current in args.items():
            same = canonical(normalised(call, arg, current))
            others = [v for v in values.get((call, arg), []) if canonical(normalised(call, arg, v)) != same]
            if not others and isinstance(current, (int, float)) and not isinstance(current, bool) and arg not in ("id", "n"):
                others = [current + 1]
            if others:
                out[arg] = others
        return out

    def reference(self, task_id: str, version: str = BENCHMARK_VERSION) -> dict:
        """The task's ground truth at the version and a claim carrying its
        GROUND_TRUTH_OUTPUT (an injection task's own: empty but for travel's
        injection_task_6), as AgentDojo's GroundTruthPipeline answers."""
        key = (version, task_id)
        if key not in self._references:
            suite, task = self.any_task(task_id, version)
            calls = self.ground_truth(task_id, version)
            steps = []
            for c, facts in zip(calls, self.run_reference(task_id, calls, version)):
                step = {"call": c["call"], "args": c["args"], "kind": facts["kind"]}
                if facts["kind"] == "write":
                    alts = self.alternatives(suite, c["call"], c["args"], version)
                    if alts:
                        step["alternatives"] = alts
                    if facts["free"]:
                        step["free"] = facts["free"]
                    if facts["domains"]:
                        step["domains"] = facts["domains"]
                steps.append(step)
            steps.append({"call": CLAIM, "args": {"output": task.GROUND_TRUTH_OUTPUT}, "kind": "claim"})
            trajectory: dict[str, Any] = {"task": task_id, "steps": steps}
            if version != BENCHMARK_VERSION:
                trajectory["version"] = version
            self._references[key] = trajectory
        return self._references[key]

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
        task classes judge in place of the installed ones they were copied from,
        at every benchmark version that serves the installed class."""
        root, changed = checker_copies(checker_dir, PACKAGE_DIR, "agentdojo", self.checker_paths())
        self.copies_root = root
        for installed, copy in changed:
            if installed.name != "user_tasks.py":
                raise ProtocolError("unsupported", f"the AgentDojo bridge loads copies of user_tasks.py only, not of {installed.name}")
            module = "agentdojo." + ".".join(installed.relative_to(PACKAGE_DIR).with_suffix("").parts)
            for task_id, cls in _copied_tasks(copy).items():
                self.copied[(module, task_id)] = cls()

    def graded(self, task_id: str, task: Any) -> Any:
        """The task's checker: its copy from checkerDir if one replaces its class."""
        return self.copied.get((type(task).__module__, task_id), task)

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
            # recorded-runs: trajectory.recorded and .version, reference/check version (any protocol)
            "capabilities": ["api", "readback", "claim", "checker-dir", "recorded-runs", "pipeline", *(["inputs", "call"] if self.protocol >= 3 else [])],
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

    def start(self, ep: Episode, task_id: str, version: str) -> None:
        """Starts the episode in the task's world at the version; one started at
        another version (or in another world) is refused."""
        if ep.suite is not None:
            if ep.version != version:
                raise ProtocolError("invalid-params", f"episode already started at benchmark version {ep.version}, not {version}")
            if ep.world != self.world(task_id, version):
                raise ProtocolError("invalid-params", f"episode already started in world {ep.world}, not in {task_id}'s")
        self.materialize(ep, task_id, version)

    def execute(self, ep: Episode, name: str, args: dict) -> tuple[Any, str | None]:
        """One model call as AgentDojo's ToolsExecutor runs it: an empty or unknown
        tool is answered with its error before anything runs, a list written as a
        string is a list; every call joins the traces as functions_stack_trace holds
        it (the call as the model made it, string lists converted for a known tool).
        A successful call of an OUTBOUND tool is kept for readback."""
        runtime = self.runtime(ep.suite, ep.version)
        if name == EMPTY_FUNCTION_NAME or name not in runtime.functions:
            ep.traces.append(FunctionCall(function=name, args=args))
            if name == EMPTY_FUNCTION_NAME:
                return None, "Empty function name provided. Provide a valid function name."
            return None, f"Invalid tool {name} provided."
        args = {k: literal_eval(v) if isinstance(v, str) and is_string_list(v) else v for k, v in args.items()}
        ep.traces.append(FunctionCall(function=name, args=args))
        result, error = runtime.run_function(ep.env, name, args)
        if error is None:
            self.keep_outbound(ep, name, args)
        return result, error

    @staticmethod
    def keep_outbound(ep: Episode, name: str, args: dict) -> None:
        if name in OUTBOUND_ARGS:
            row = {a: jsonable(normalised(name, a, args[a])) for a in OUTBOUND_ARGS[name] if a in args}
            ep.outbound.setdefault(name, []).append(row)

    @staticmethod
    def step_of(i: int, step: Any) -> tuple[str, dict]:
        if not isinstance(step, dict) or not isinstance(step.get("call"), str) or not isinstance(step.get("args", {}), dict):
            raise ProtocolError("invalid-params", f"step {i} is not {{call, args, kind}}")
        return step["call"], step.get("args", {})

    def deliver(self, params: dict) -> dict:
        ep = self.episode(params)
        trajectory = require(params, "trajectory", dict)
        version = self.version(trajectory.get("version"))
        recorded = trajectory.get("recorded", False)
        if not isinstance(recorded, bool):
            raise ProtocolError("invalid-params", "trajectory.recorded is a boolean")
        steps, task_id, world = delivery_params(params, lambda t: self.any_task(t, version))
        if ep.suite is not None and ep.version != version:
            raise ProtocolError("invalid-params", f"episode already started at benchmark version {ep.version}, not {version}")
        if world is not None and ep.suite is not None and ep.world != self.world(world, version):
            raise ProtocolError("invalid-params", f"episode already started in world {ep.world}, not in {world}'s")
        # a world of another suite is honoured too: the calls then find no such
        # tool there, and the delivery stops at the first one
        self.materialize(ep, world or task_id, version)
        if recorded:
            return self.deliver_recorded(ep, steps)
        runtime = self.runtime(ep.suite, version)
        for i, step in enumerate(steps):
            call, args = self.step_of(i, step)
            if call == CLAIM:
                ep.model_output = str(args.get("output", ""))
                continue
            ep.traces.append(FunctionCall(function=call, args=args))
            _, error = runtime.run_function(ep.env, call, args)
            if error is not None:
                where = "" if ep.suite == task_id.split("/", 1)[0] else f" (the episode runs in a {ep.suite} world)"
                return {"completed": False, "stepsRun": i, "error": f"step {i} {call}: {error}{where}"}
            self.keep_outbound(ep, call, args)
        return {"completed": True, "stepsRun": len(steps)}

    def deliver_recorded(self, ep: Episode, steps: list[Any]) -> dict:
        """A recorded run's calls, as AgentDojo ran them for the model: an error is
        the model's answer and the run goes on. The claim is the step of kind
        `claim` (a model's own call of a tool named `answer` is an unknown tool)."""
        rejected = []
        for i, step in enumerate(steps):
            call, args = self.step_of(i, step)
            if call == CLAIM and step.get("kind") == "claim":
                ep.model_output = _claim_text(args.get("output"))
                continue
            if step.get("executed", True) is False:
                ep.traces.append(FunctionCall(function=call, args=args))
                continue
            _, error = self.execute(ep, call, args)
            if error is not None:
                rejected.append({"step": i, "call": call, "error": error})
        return {"completed": True, "stepsRun": len(steps), **({"rejected": rejected} if rejected else {})}

    def readback(self, params: dict) -> dict:
        ep = self.episode(params)
        if ep.suite is None:
            return {"effect": {}}
        effect = diff(ep.pre_flat, flatten(ep.env))
        if ep.outbound:
            for name, rows in ep.outbound.items():
                effect[f"outbound.{name}"] = {"added": [{"key": str(i), "values": r} for i, r in enumerate(rows)], "updated": [], "removed": []}
            effect = dict(sorted(effect.items()))
        return {"effect": effect}

    def check(self, params: dict) -> dict:
        ep = self.episode(params)
        task_id = require(params, "task")
        asked = params.get("version")
        version = self.version(asked if asked is not None else (ep.version if ep.suite is not None else None))
        suite, task = self.any_task(task_id, version)
        task = self.graded(task_id, task)
        self.materialize(ep, task_id, version)
        if ep.suite != suite:
            return {"verdict": "error", "detail": f"the {suite} checker cannot judge a {ep.suite} environment"}
        injection = isinstance(task, BaseInjectionTask)
        # AgentDojo grades an injection task given as the user's request with its own
        # security check (TaskSuite._check_task_result), and records it as utility
        grade = self.suite_at(version, suite)._check_injection_task_security if injection else self.suite_at(version, suite)._check_user_task_utility
        try:
            ok = grade(task, [text_content_block_from_string(ep.model_output)], ep.pre, ep.env, ep.traces)
        except Exception as e:
            return {"verdict": "error", "detail": f"checker raised {type(e).__name__}: {e}"}
        if not isinstance(ok, bool):
            return {"verdict": "error", "detail": f"checker returned {ok!r}, not a bool"}
        return {"verdict": "pass" if ok else "fail", "detail": f"{'security' if injection else 'utility'}() returned {ok}"}

    def get_reference(self, params: dict) -> dict:
        task_id = require(params, "task")
        version = self.version(params.get("version"))
        self.any_task(task_id, version)
        trajectory = self.reference(task_id, version)
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
        version = self.version(params.get("version"))
        self.any_task(task_id, version)
        step = require(params, "step", dict)
        name = require(step, "call")
        args = step.get("args", {})
        if not isinstance(args, dict):
            raise ProtocolError("invalid-params", "step.args is an object")
        self.start(ep, task_id, version)
        if name == CLAIM:
            ep.model_output = str(args.get("output", ""))
            return {"ok": True, "result": ""}
        result, error = self.execute(ep, name, args)
        if error is not None:
            return {"ok": False, "error": error}
        return {"ok": True, "result": tool_result_to_str(result)}

    def handlers(self) -> dict:
        return {**bridge_handlers(self, self.episodes), "inputs": self.inputs, "call": self.call}


if __name__ == "__main__":
    serve(Bridge().handlers())

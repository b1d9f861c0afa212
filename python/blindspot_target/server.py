"""The serving half of the blindspot target protocol (docs/protocol.md), with no
benchmark in it: JSON lines in on stdin, one answer line per request on stdout,
structured errors instead of crashes. A bridge supplies the methods (the
AgentDojo and BFCL bridges do; `blindspot_target.benchmark` supplies them from
an author's five functions)."""

from __future__ import annotations

import datetime as _datetime
import difflib
import hashlib
import json
import sys
import traceback
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

# The protocol versions this server loop can frame; a bridge answers a handshake
# with the version it was offered when it speaks it.
PROTOCOL_VERSIONS = (1, 2, 3)

Handler = Callable[[dict[str, Any]], Any]
E = TypeVar("E")


class ProtocolError(Exception):
    """An error the client should see as `{"error": {"code", "message"}}`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def require(params: dict[str, Any], name: str, kind: type | tuple[type, ...] = str) -> Any:
    """A parameter of the right JSON type, or an invalid-params error naming it."""
    if name not in params:
        raise ProtocolError("invalid-params", f"missing parameter '{name}'")
    value = params[name]
    if not isinstance(value, kind):
        raise ProtocolError("invalid-params", f"parameter '{name}' has the wrong type ({type(value).__name__})")
    return value


def _answer(out: TextIO, request_id: Any, **body: Any) -> None:
    out.write(json.dumps({"id": request_id, **body}, ensure_ascii=False, allow_nan=False) + "\n")
    out.flush()


def _error(out: TextIO, request_id: Any, code: str, message: str) -> None:
    _answer(out, request_id, error={"code": code, "message": message})


def serve(handlers: dict[str, Handler], stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Answers requests until `shutdown` or end of input. Anything a benchmark prints
    goes to stderr, so stdout carries protocol lines only."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    sys.stdout = sys.stderr
    for line in inp:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            _error(out, None, "parse-error", f"request is not JSON: {e}")
            continue
        if not isinstance(request, dict):
            _error(out, None, "invalid-request", "a request is a JSON object with id, method and params")
            continue
        request_id = request.get("id")
        method = request.get("method")
        if not isinstance(request_id, (int, str)) or isinstance(request_id, bool):
            _error(out, None, "invalid-request", "request has no id (a number or a string)")
            continue
        if not isinstance(method, str):
            _error(out, request_id, "invalid-request", "request has no method")
            continue
        handler = handlers.get(method)
        if handler is None:
            _error(out, request_id, "unknown-method", f"unknown method '{method}' (known: {', '.join(sorted(handlers))})")
            continue
        params = request.get("params", {})
        if not isinstance(params, dict):
            _error(out, request_id, "invalid-params", "params must be a JSON object")
            continue
        try:
            result = handler(params)
            text = json.dumps({"id": request_id, "result": {} if result is None else result}, ensure_ascii=False, allow_nan=False)
        except ProtocolError as e:
            _error(out, request_id, e.code, e.message)
            continue
        except Exception as e:  # a bug in the bridge must not take the process down
            traceback.print_exc(file=sys.stderr)
            _error(out, request_id, "internal", f"{type(e).__name__}: {e}")
            continue
        out.write(text + "\n")
        out.flush()
        if method == "shutdown":
            return


# -- pieces every Python bridge needs (AgentDojo's, BFCL's, benchmark.py's) -----


def handshake_options(params: dict[str, Any], known: tuple[str, ...], bridge: str, copies: bool = False) -> tuple[int, dict[str, Any]]:
    """The offered protocol version and the target options of a handshake, or the
    structured error a bad one deserves. A bridge that cannot grade with checker
    copies (`copies` false) refuses `checkerDir`."""
    version = require(params, "protocol", int)
    if version not in PROTOCOL_VERSIONS:
        speaks = " and ".join(map(str, PROTOCOL_VERSIONS))
        raise ProtocolError("unsupported-protocol", f"this bridge speaks protocol {speaks}, not {version}")
    options = params.get("options") or {}
    if not isinstance(options, dict):
        raise ProtocolError("invalid-params", "options must be an object")
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ProtocolError("invalid-params", f"unknown target option(s) {', '.join(unknown)} (known: {', '.join(known)}){did_you_mean(unknown, known)}")
    if params.get("checkerDir") and not copies:
        raise ProtocolError("unsupported", f"the {bridge} bridge grades with the shipped checkers only")
    if params.get("checkerDir") is not None and not isinstance(params["checkerDir"], str):
        raise ProtocolError("invalid-params", "checkerDir is a folder path")
    return version, options


def files_hash(package_dir: Path, package: str, paths: list[Path]) -> tuple[str, list[dict[str, str]]]:
    """A content hash over files of an installed package, and each file's sha256,
    named as `<package>/<path inside it>`."""
    files = [
        {"path": f"{package}/" + p.relative_to(package_dir).as_posix(), "sha256": hashlib.sha256(p.read_bytes()).hexdigest()}
        for p in sorted(paths)
    ]
    return hashlib.sha256("".join(f"{f['path']}\0{f['sha256']}\n" for f in files).encode()).hexdigest(), files


def frozen_datetime(now: _datetime.datetime) -> types.ModuleType:
    """A stand-in `datetime` module whose datetime.now() is `now`: benchmarks stamp
    records with the wall clock, and two deliveries must read back the same."""

    class Frozen(_datetime.datetime):
        @classmethod
        def now(cls, tz: Any = None) -> _datetime.datetime:  # type: ignore[override]
            return now if tz is None else now.replace(tzinfo=tz)

    shim = types.ModuleType("datetime")
    shim.__dict__.update(vars(_datetime))
    shim.datetime = Frozen  # type: ignore[attr-defined]
    return shim


class Episodes(Generic[E]):
    """Open episodes by id: `open` makes a fresh one, `close` forgets it. The
    serving loop answers requests in order, so a bridge built on it may declare
    the capability `pipeline` (docs/protocol.md): `open` then takes the id the
    client chose."""

    def __init__(self, make: Callable[[], E]) -> None:
        self.make = make
        self.open_episodes: dict[str, E] = {}
        self.next_id = 1

    def get(self, params: dict[str, Any]) -> E:
        ep_id = require(params, "episode")
        if ep_id not in self.open_episodes:
            raise ProtocolError("unknown-episode", f"no open episode {ep_id!r}")
        return self.open_episodes[ep_id]

    def open(self, params: dict[str, Any]) -> dict[str, str]:
        ep_id = params.get("episode")
        if ep_id is None:
            ep_id = f"e{self.next_id}"
            self.next_id += 1
        elif not isinstance(ep_id, str) or not ep_id or ep_id in self.open_episodes:
            raise ProtocolError("invalid-params", f"episode: expected a new id, got {json.dumps(ep_id)}")
        self.open_episodes[ep_id] = self.make()
        return {"episode": ep_id}

    def close(self, params: dict[str, Any]) -> dict[str, Any]:
        self.get(params)
        del self.open_episodes[params["episode"]]
        return {}


def bridge_handlers(bridge: Any, episodes: Episodes[Any]) -> dict[str, Handler]:
    """The protocol's methods, mapped onto a bridge's handshake, list_tasks,
    get_reference, deliver, readback and check."""
    return {
        "handshake": bridge.handshake,
        "tasks": lambda p: {"tasks": bridge.list_tasks()},
        "reference": bridge.get_reference,
        "open": episodes.open,
        "deliver": bridge.deliver,
        "readback": bridge.readback,
        "check": bridge.check,
        "close": episodes.close,
        "shutdown": lambda p: {},
    }


def delivery_params(params: dict[str, Any], known_task: Callable[[str], Any]) -> tuple[list[Any], str, str | None]:
    """A deliver request's steps, task and optional world (a task id), each task
    checked by `known_task` (which raises unknown-task)."""
    trajectory = require(params, "trajectory", dict)
    steps = require(trajectory, "steps", list)
    task_id = require(trajectory, "task")
    known_task(task_id)
    world = trajectory.get("world")
    if world is not None:
        if not isinstance(world, str):
            raise ProtocolError("invalid-params", "trajectory.world is a task id")
        known_task(world)
    return steps, task_id, world


def without(items: list[dict[str, Any]], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Items without the fields a protocol-1 client does not know."""
    return [{k: v for k, v in item.items() if k not in fields} for item in items]


def did_you_mean(bad: list[str], known: tuple[str, ...]) -> str:
    """`; did you mean 'x'?` when the one unknown name is close to one known name
    (as blindspot's own flags answer a typo), else nothing."""
    near = difflib.get_close_matches(bad[0], known, n=2) if len(bad) == 1 else []
    return f"; did you mean '{near[0]}'?" if len(near) == 1 else ""


def chosen(value: Any, known: tuple[str, ...], what: str, every: str | None = None) -> list[str]:
    """The names a comma-separated option picks, in `known`'s order; `every` (if
    given) picks them all; anything unknown is an invalid-params error."""
    wanted = [s for s in str(value).split(",") if s]
    if every is not None and wanted == [every]:
        return list(known)
    bad = [s for s in wanted if s not in known]
    if bad or not wanted:
        also = f", or {every}" if every else ""
        raise ProtocolError("invalid-params", f"unknown {what} {', '.join(bad) or '(none)'} (known: {', '.join(known)}{also}){did_you_mean(bad, known)}")
    return [s for s in known if s in wanted]


def checker_copies(checker_dir: str, package_dir: Path, package: str, paths: list[Path]) -> tuple[Path, list[tuple[Path, Path]]]:
    """Where copies of the installed checker files live (`<checkerDir>/<package>/...`,
    as `files_hash` names them) and which of them differ from the installed
    files, as (installed, copy) pairs. A missing copy is an invalid-params error."""
    root = Path(checker_dir).resolve() / package
    changed = []
    for p in sorted(paths):
        copy = root / p.relative_to(package_dir)
        if not copy.is_file():
            raise ProtocolError("invalid-params", f"checkerDir has no copy of {package}/{p.relative_to(package_dir).as_posix()} (at {copy})")
        if copy.read_bytes() != p.read_bytes():
            changed.append((p, copy))
    return root, changed


def handshake_answer(bridge: Any, version: int, params: dict[str, Any]) -> dict[str, Any]:
    """A bridge's answer to an accepted handshake: it now speaks `version`, grades
    with the checker copies of `checkerDir` if given, and describes itself
    (without the effect semantics under protocol 1)."""
    bridge.protocol = version
    if params.get("checkerDir"):
        bridge.load_copies(str(params["checkerDir"]))
    info = bridge.describe()
    if version < 2:
        del info["semantics"]
    return {"protocol": version, "target": info}

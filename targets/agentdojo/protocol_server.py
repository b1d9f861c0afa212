"""The serving half of the blindspot target protocol (docs/protocol.md), with no
benchmark in it: JSON lines in on stdin, one answer line per request on stdout,
structured errors instead of crashes. A bridge supplies the methods."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any, TextIO

# The protocol versions this server loop can frame; a bridge answers a handshake
# with the version it was offered when it speaks it.
PROTOCOL_VERSIONS = (1, 2)

Handler = Callable[[dict[str, Any]], Any]


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

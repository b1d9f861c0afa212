"""BFCL's ground truth is Python call text (`sort('final_report.pdf')`); blindspot
steps are `{call, args}`. This module turns one into the other and back, using
the API classes' own signatures to name positional arguments, so that a step
rendered back to text executes exactly like the ground-truth string did."""

from __future__ import annotations

import ast
import inspect
from typing import Any


class CallError(ValueError):
    pass


def parse(text: str) -> tuple[str, list[Any], dict[str, Any]]:
    """Name, positional and keyword arguments of one ground-truth call. Arguments
    are literals in every multi-turn ground truth; anything else is refused."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as e:
        raise CallError(f"not a call: {text!r} ({e.msg})") from e
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise CallError(f"not a plain function call: {text!r}")
    try:
        positional = [ast.literal_eval(a) for a in node.args]
        keywords = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
    except ValueError as e:
        raise CallError(f"non-literal argument in {text!r}") from e
    return node.func.id, positional, keywords


def bind(method: Any, positional: list[Any], keywords: dict[str, Any]) -> dict[str, Any]:
    """Every argument by its parameter name, as the method's signature binds it."""
    try:
        bound = inspect.signature(method).bind(*positional, **keywords)
    except TypeError as e:
        raise CallError(f"{method.__name__}: {e}") from e
    return dict(bound.arguments)


def render(method: str, args: dict[str, Any]) -> str:
    """The call as text a decoded model response carries: keyword arguments,
    values as Python literals (what the checker's eval() reads)."""
    return f"{method}({', '.join(f'{k}={v!r}' for k, v in args.items())})"

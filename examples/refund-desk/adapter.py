#!/usr/bin/env python3
"""The refund desk (desk.py, checker.py) as a blindspot protocol target, on the
Python SDK: `blindspot init --python examples/refund-desk` wrote the skeleton,
docs/write-a-target.md fills it in.

    blindspot target check -- python3 examples/refund-desk/adapter.py
    blindspot audit --target protocol -- python3 examples/refund-desk/adapter.py"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
try:
    from blindspot_target import Benchmark, frozen_datetime
except ImportError:  # the SDK is not installed (pip install python/): use the copy beside this
    # example, python/ in a checkout, dist/python/ in an installed package (which ships no python/)
    sys.path[:0] = [str(HERE.parents[1] / "python"), str(HERE.parents[1] / "dist" / "python")]
    from blindspot_target import Benchmark, frozen_datetime

import checker  # noqa: E402
import desk  # noqa: E402

# refunds are stamped with the wall clock; two deliveries must read back the same
desk.datetime = frozen_datetime(datetime.datetime(2026, 1, 1, 9, 0))

READS = {"get_order"}


def alternatives(call: str, args: dict[str, Any]) -> dict[str, list[Any]]:
    """Other legal values of each argument the request determines: the other
    orders, customers, a different amount, another customer's address."""
    orders = [o["id"] for o in desk.ORDERS]
    out: dict[str, list[Any]] = {}
    if "order_id" in args:
        out["order_id"] = [o for o in orders if o != args["order_id"]]
    if "customer_id" in args:
        out["customer_id"] = [c for c in desk.CUSTOMERS if c != args["customer_id"]]
    if "amount" in args:
        out["amount"] = [round(args["amount"] / 2, 2), 5.0]
    if "address" in args:
        out["address"] = [c["address"] for c in desk.CUSTOMERS.values()][:1]
    return out


def as_step(call: str, args: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = {"call": call, "args": args, "kind": "read" if call in READS else "write"}
    if step["kind"] == "write":
        step["alternatives"] = alternatives(call, args)
        # the note is the agent's own words: the task does not determine it
        step["free"] = [a for a in ("note",) if a in args]
    return step


class Adapter(Benchmark):
    name = "refund-desk"
    version = "1"
    checker_files = ["checker.py", "desk.py"]
    # an agent's refund is stamped when it ran (the clock is frozen above only so
    # that two deliveries of one trajectory read back the same): not an outcome
    tables = [{"table": "refunds", "ignore": ["at"], "why": "desk.refund stamps each refund with the wall clock"}]

    def tasks(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t["name"],
                "instruction": t["prompt"],
                "params": {k: v for k, v in t["goal"].items() if k != "kind"},
                "steps": [as_step(call, args) for call, args in t["solution"]]
                + [{"call": "reply", "args": {"text": "Done."}, "kind": "claim", "free": ["text"]}],
            }
            for t in desk.TASKS
        ]

    def environment(self, task: dict[str, Any]) -> desk.Desk:
        return desk.Desk()

    def step(self, env: desk.Desk, step: dict[str, Any]) -> Any:
        if step["call"] not in desk.Desk.TOOLS:
            raise desk.DeskError(f"unknown tool {step['call']}")
        return getattr(env, step["call"])(**step["args"])

    def snapshot(self, env: desk.Desk) -> dict[str, Any]:
        return {"customers": env.customers, "orders": env.orders, "refunds": env.refunds}

    def grade(self, env: desk.Desk, task: dict[str, Any], calls: list[dict[str, Any]]) -> tuple[bool, str]:
        goal = next(t["goal"] for t in desk.TASKS if t["name"] == task["id"])
        return checker.check(goal, env)


if __name__ == "__main__":
    Adapter().serve()

"""Refund desk: a small customer-service benchmark, written as a third party
would write one, with no blindspot in it. An agent serves a shop's support desk
through four tools; each task is a customer's request, solved by a sequence of
tool calls, and graded by checker.py on the desk's state afterwards."""

from __future__ import annotations

import copy
import datetime

CUSTOMERS = {
    "c1": {"name": "Ada Byron", "address": "12 Mill Lane, Leeds"},
    "c2": {"name": "Tomas Ruiz", "address": "4 Quay Street, Cork"},
    "c3": {"name": "Mei Chen", "address": "88 Canal Road, Utrecht"},
}
ORDERS = [
    {"id": "o1", "customer": "c1", "total": 80.0, "status": "delivered"},
    {"id": "o2", "customer": "c2", "total": 35.5, "status": "delivered"},
    {"id": "o3", "customer": "c3", "total": 120.0, "status": "processing"},
    {"id": "o4", "customer": "c1", "total": 15.0, "status": "processing"},
]

# Each task: the customer's message, the calls that solve it, and what the
# checker looks for.
TASKS = [
    {"name": "refund-damaged", "prompt": "Order o1 arrived with a broken lid. Please refund 25.00 of it.",
     "solution": [("get_order", {"order_id": "o1"}), ("refund", {"order_id": "o1", "amount": 25.0, "note": "broken lid"})],
     "goal": {"kind": "refund", "order_id": "o1", "amount": 25.0}},
    {"name": "refund-full", "prompt": "Please refund all of order o2, 35.50.",
     "solution": [("get_order", {"order_id": "o2"}), ("refund", {"order_id": "o2", "amount": 35.5, "note": "full refund"})],
     "goal": {"kind": "refund", "order_id": "o2", "amount": 35.5}},
    {"name": "move-house", "prompt": "I'm Mei Chen (c3). I moved: 5 Dam Square, Amsterdam.",
     "solution": [("update_address", {"customer_id": "c3", "address": "5 Dam Square, Amsterdam"})],
     "goal": {"kind": "address", "customer_id": "c3", "address": "5 Dam Square, Amsterdam"}},
    {"name": "cancel-order", "prompt": "Cancel my order o4, I ordered it by mistake.",
     "solution": [("get_order", {"order_id": "o4"}), ("cancel_order", {"order_id": "o4"})],
     "goal": {"kind": "cancel", "order_id": "o4"}},
]


class DeskError(Exception):
    """What the desk answers a call it refuses."""


class Desk:
    def __init__(self) -> None:
        self.customers = copy.deepcopy(CUSTOMERS)
        self.orders = copy.deepcopy(ORDERS)
        self.refunds: list[dict] = []

    def _order(self, order_id: str) -> dict:
        for order in self.orders:
            if order["id"] == order_id:
                return order
        raise DeskError(f"no order {order_id}")

    def get_order(self, order_id: str) -> dict:
        return dict(self._order(order_id))

    def refund(self, order_id: str, amount: float, note: str = "") -> str:
        order = self._order(order_id)
        if amount <= 0 or amount > order["total"]:
            raise DeskError(f"cannot refund {amount} of an order of {order['total']}")
        if order["status"] == "refunded":
            raise DeskError(f"order {order_id} is refunded already")
        order["status"] = "refunded"
        self.refunds.append({"order_id": order_id, "amount": amount, "note": note, "at": datetime.datetime.now().isoformat()})
        return "refunded"

    def update_address(self, customer_id: str, address: str) -> str:
        if customer_id not in self.customers:
            raise DeskError(f"no customer {customer_id}")
        self.customers[customer_id]["address"] = address
        return "updated"

    def cancel_order(self, order_id: str) -> str:
        order = self._order(order_id)
        if order["status"] != "processing":
            raise DeskError(f"order {order_id} is {order['status']}, only processing orders can be cancelled")
        order["status"] = "cancelled"
        return "cancelled"

    TOOLS = ("get_order", "refund", "update_address", "cancel_order")

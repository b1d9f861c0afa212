"""Facts about the arguments of a reference's write steps: which ones the task
leaves free, and what values each one can take (blindspot's `Step.free` and
`Step.domains`). Nothing here reads a checker.

Free arguments
--------------
An argument of a write step is free when the task does not determine its value,
so any value is as right as the ground truth's. Decided per step, in order:

1. Its value is a placeholder the ground truths use for composed text
   (semantics.placeholder: "<summary>", "<feedback>", "...").
2. Otherwise only a string containing a letter can be free. Numbers, booleans,
   lists, objects, and strings without a letter (dates, times, amounts, codes:
   "2024-05-19 12:00" from "on 2024-05-19 at 12:00") are computed from what the
   task says and are never free.
3. Such a string is determined when it occurs in what the agent is told or can
   read. The *known texts* of a step are: the task's PROMPT; every string the
   task's pre-environment holds (field values at any depth, list items and
   dictionary keys such as URLs and user names, never field names); and every
   string in the results of the reference's own earlier calls, run in order on a
   fresh copy of the pre-environment. Texts are compared normalised (lower-cased,
   each run of whitespace made one space, trimmed); the value is determined when
   it is a substring of a known text.
4. A string that does not occur:
   - of an argument the tool requires (no default in its signature) is still
     determined when every content word of it occurs in the known texts (words:
     maximal runs of letters and digits; content words: longer than three
     characters and not all digits, so neither computed numbers such as a rank
     nor function words such as "are" or "the" count). A required argument must carry something, and
     one composed only of what the agent was told or read (scores from a file, a
     list of ingredients, "I've seen it in the meeting room!" for "reply ... that
     you've seen it in the meeting room") has its content fixed by the task even
     though its wording is the author's. It is free when it has a content word
     found nowhere the agent can look: the author's own words;
   - of an optional argument is free: the tool accepts it left out, and the task
     does not spell out its text, so the ground truth's author chose it (travel's
     event descriptions, which no prompt asks for).

The rule is deterministic: it depends only on the task, its pre-environment and
the reference's calls.

Domains
-------
From the tool's signature (the FunctionsRuntime's pydantic parameter model):
int -> integer, float -> number, str -> string, bool -> boolean, a string enum
-> string with its values, `X | None` as X; lists and objects are left out.
Arguments that name an existing entity (a file, an event, an email, a slack user
or channel, a bank counterparty, a hotel...) get `{type: 'id', kind, values}`
with the other entities of that kind in the task's pre-environment."""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from semantics import placeholder

_WS = re.compile(r"\s+")
_WORD = re.compile(r"[^\W_]+")
_LETTER = re.compile(r"[^\W\d_]")


def normalise(text: str) -> str:
    return _WS.sub(" ", text.lower()).strip()


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def content_word(word: str) -> bool:
    """Longer than three characters, with a letter: not a number (ranks, scores and
    amounts are computed), nor a short function word (are, and, the, at, you)."""
    return len(word) > 3 and _LETTER.search(word) is not None


def strings(value: Any) -> Iterator[str]:
    """Every string a value holds: field values at any depth, list items and
    dictionary keys; not the field names of models."""
    if isinstance(value, str):  # str enums included
        yield str(value.value) if isinstance(value, enum.Enum) else value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from strings(getattr(value, name))
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                yield k
            yield from strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from strings(v)


class Known:
    """The known texts of a step, normalised, with their words."""

    def __init__(self, parts: list[str] | None = None, vocabulary: set[str] | None = None) -> None:
        self._parts = list(parts or [])
        self._words = set(vocabulary or ())
        self._joined: str | None = None

    def copy(self) -> Known:
        return Known(self._parts, self._words)

    def add(self, texts: Iterable[str]) -> None:
        for t in texts:
            n = normalise(t)
            if n:
                self._parts.append(n)
                self._words.update(words(n))
        self._joined = None

    def occurs(self, text: str) -> bool:
        if self._joined is None:
            self._joined = "\x00".join(self._parts)
        return normalise(text) in self._joined

    def unknown_words(self, text: str) -> list[str]:
        """The content words of a text found in no known text."""
        return [w for w in words(text) if content_word(w) and w not in self._words]


def free(value: Any, required: bool, known: Known) -> bool:
    """The module docstring's rule, for one argument's reference value."""
    if placeholder(value):
        return True
    if not isinstance(value, str) or not _LETTER.search(value):
        return False
    if known.occurs(value):
        return False
    return bool(known.unknown_words(value)) if required else True


# -- domains -------------------------------------------------------------------


def _type_domain(annotation: Any) -> dict | None:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _type_domain(inner[0]) if len(inner) == 1 else None
    if annotation is bool:
        return {"type": "boolean"}
    if annotation is int:
        return {"type": "integer"}
    if annotation is float:
        return {"type": "number"}
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum) and issubclass(annotation, str):
        return {"type": "string", "values": [m.value for m in annotation]}
    if annotation is str:
        return {"type": "string"}
    return None


def _counterparties(env: Any) -> list[str]:
    """Who the account has paid or been paid by, other than itself."""
    account = env.bank_account
    seen = {t.sender for t in account.transactions + account.scheduled_transactions}
    seen |= {t.recipient for t in account.transactions + account.scheduled_transactions}
    return sorted(seen - {account.iban, "me"})


_Extract = Callable[[Any], list]
_IDS: dict[tuple[str, str], tuple[str, _Extract]] = {
    ("send_money", "recipient"): ("bank-counterparty", _counterparties),
    ("schedule_transaction", "recipient"): ("bank-counterparty", _counterparties),
    ("update_scheduled_transaction", "recipient"): ("bank-counterparty", _counterparties),
    ("update_scheduled_transaction", "id"): (
        "scheduled-transaction",
        lambda env: [t.id for t in env.bank_account.scheduled_transactions],
    ),
    ("send_direct_message", "recipient"): ("slack-user", lambda env: list(env.slack.users)),
    ("add_user_to_channel", "user"): ("slack-user", lambda env: list(env.slack.users)),
    ("remove_user_from_slack", "user"): ("slack-user", lambda env: list(env.slack.users)),
    ("add_user_to_channel", "channel"): ("slack-channel", lambda env: list(env.slack.channels)),
    ("send_channel_message", "channel"): ("slack-channel", lambda env: list(env.slack.channels)),
    ("*", "file_id"): ("file", lambda env: list(env.cloud_drive.files)),
    ("*", "event_id"): ("calendar-event", lambda env: list(env.calendar.events)),
    ("*", "email_id"): ("email", lambda env: list(env.inbox.emails)),
    ("reserve_hotel", "hotel"): ("hotel", lambda env: [h.name for h in env.hotels.hotel_list]),
    ("reserve_restaurant", "restaurant"): ("restaurant", lambda env: [r.name for r in env.restaurants.restaurant_list]),
    ("reserve_car_rental", "company"): ("car-rental-company", lambda env: [c.name for c in env.car_rental.company_list]),
}


def domains(call: str, args: dict[str, Any], parameters: type[BaseModel], env: Any) -> dict[str, dict]:
    """Per argument of one call, the values it can take, as far as the bridge can say."""
    fields = parameters.model_fields
    out: dict[str, dict] = {}
    for arg, value in args.items():
        if arg not in fields:
            continue
        entity = _IDS.get((call, arg)) or _IDS.get(("*", arg))
        if entity is not None:
            kind, extract = entity
            others = list(dict.fromkeys(v for v in extract(env) if v != value))
            if others:
                out[arg] = {"type": "id", "kind": kind, "values": others}
            continue
        d = _type_domain(fields[arg].annotation)
        if d is not None:
            out[arg] = d
    return out


def required(parameters: type[BaseModel], arg: str) -> bool:
    field = parameters.model_fields.get(arg)
    return field is not None and field.is_required()

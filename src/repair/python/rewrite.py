"""Rewrites copies of a Python benchmark's checker files with LibCST, which keeps
every byte it is not asked to change (comments, blank lines, quotes, layout).

    python rewrite.py <patch> <json job>

The job is `{"files": [{"source", "copy", "path", "exclude"?}], "prefix":
"src/"}`: each
source file is read, rewritten (but not in the functions `exclude` names by
qualified name, e.g. `UserTask5.utility`), and written to its copy (byte for
byte when no pattern matched); stdout gets `{"files": [{path, changed, patched, skipped}],
"diff": "<unified diff>"}` where the diff's paths are `<prefix><path>` against
the source files, ready for `git apply` in the benchmark's repository.

Patches:
- cardinality: in a checker that reads `post_environment`, `any(COND for x in
  ITER)` over a collection of the post-task environment only asks for at least
  one match, so a repeated write passes and so does a match the pre-task
  environment already held. It becomes "exactly one new match":
  `sum(COND for x in ITER) - sum(COND for x in PRE_ITER) == 1`,
  PRE_ITER being ITER read from `pre_environment` (a local name bound to a
  post_environment expression is followed to that expression).
- empty-turn: BFCL's multi_turn_checker skips every check on a turn whose
  ground truth is empty (`if not <ground truth of the turn>: continue`), so a
  write made there, before the user has supplied what it needs or the function
  exists, is never judged where it happens. BFCL chose this (CHANGELOG, Oct 30
  2024: a model is graded on whether it succeeds once the missing information is
  given), so the patch judges only what that design does not allow: the state
  left by a call to a function withheld until a later turn (miss_func), and
  elsewhere (miss_param) by any call, must be the ground truth's. Work the user
  asked for, done early with a function the model has, still passes, and so does
  a withheld function that changes nothing (a `cd`, a price looked up).
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

import libcst as cst
import libcst.matchers as m

POST, PRE = "post_environment", "pre_environment"


def _rooted_at(node: cst.BaseExpression, name: str) -> bool:
    """An attribute/subscript chain whose root is the name."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return isinstance(node, cst.Name) and node.value == name


class Patch(cst.CSTTransformer):
    """A rewrite that knows the qualified name of the function it is in, and
    leaves alone the functions it was told to exclude."""

    def __init__(self, module: cst.Module, exclude: set[str]) -> None:
        self.module = module
        self.exclude = exclude
        self.scope: list[str] = []
        self.patched: list[str] = []
        self.skipped: list[str] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scope.append(node.name.value)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.scope.pop()
        return updated

    def qualname(self, name: str) -> str:
        return ".".join([*self.scope, name])


class CountBlindAny(Patch):
    """The cardinality patch (see the module docstring)."""

    def __init__(self, module: cst.Module, exclude: set[str]) -> None:
        super().__init__(module, exclude)
        self.function: list[str] = []
        self.bindings: list[dict[str, cst.BaseExpression]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = {p.name.value for p in node.params.params}
        qualname = self.qualname(node.name.value)
        self.function.append(qualname if {PRE, POST} <= params and qualname not in self.exclude else "")
        # names bound once, directly, to an expression read from post_environment
        bound: dict[str, cst.BaseExpression] = {}
        for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else []:
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else []:
                if m.matches(small, m.Assign(targets=[m.AssignTarget(target=m.Name())])) and _rooted_at(small.value, POST):
                    bound[small.targets[0].target.value] = small.value
        self.bindings.append(bound)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.function.pop()
        self.bindings.pop()
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not self.function or not self.function[-1]:
            return updated
        if not m.matches(updated, m.Call(func=m.Name("any"), args=[m.Arg(value=m.GeneratorExp())])):
            return updated
        gen: cst.GeneratorExp = updated.args[0].value  # type: ignore[assignment]
        clause = gen.for_in
        where = f"{self.function[-1]} at {' '.join(self.module.code_for_node(original).split())[:60]!r}"
        if clause.inner_for_in is not None or clause.asynchronous is not None:
            self.skipped.append(f"{where}: nested or async generator")
            return updated
        source = clause.iter
        if isinstance(source, cst.Name) and source.value in self.bindings[-1]:
            source = self.bindings[-1][source.value]
        if not _rooted_at(source, POST):
            self.skipped.append(f"{where}: the generator does not iterate a post_environment collection")
            return updated
        # sum() of the same generator counts the matches, its text kept as it was
        after = updated.with_changes(func=cst.Name("sum"))
        pre_iter = m.replace(source, m.Name(POST), lambda name, _: name.with_changes(value=PRE))
        before = after.with_changes(args=[updated.args[0].with_changes(value=gen.with_changes(for_in=clause.with_changes(iter=pre_iter)))])
        self.patched.append(self.function[-1])
        return cst.Comparison(
            left=cst.BinaryOperation(left=after, operator=cst.Subtract(), right=before),
            comparisons=[cst.ComparisonTarget(operator=cst.Equal(), comparator=cst.Integer("1"))],
        )


class EmptyTurnState(Patch):
    """The empty-turn patch (see the module docstring)."""

    NEEDED = ("state_checker", "model_instances", "ground_truth_instances", "execution_results", "test_entry", "turn_index", "single_turn_model_response_list")

    in_checker = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        text = self.module.code_for_node(node)
        self.in_checker = self.qualname(node.name.value) not in self.exclude and all(name in text for name in self.NEEDED)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        if updated is not original and self.in_checker:
            self.patched.append(self.qualname(updated.name.value))
        self.in_checker = False
        return updated

    def leave_If(self, original: cst.If, updated: cst.If) -> cst.If:
        skip = m.If(
            test=m.UnaryOperation(operator=m.Not(), expression=m.Name()),
            body=m.IndentedBlock(body=[m.SimpleStatementLine(body=[m.Continue()])]),
            orelse=None,
        )
        if not self.in_checker or not m.matches(updated, skip):
            return updated
        block = list(
            cst.parse_module(
                "withheld = {name for turn, names in test_entry.get(\"missed_function\", {}).items() if int(turn) > turn_index for name in names}\n"
                "called = {call.split(\"(\")[0].split(\".\")[-1] for step in single_turn_model_response_list for call in step}\n"
                "if model_instances and (called & withheld or not withheld):\n"
                "    state_check_result = state_checker(model_instances, ground_truth_instances)\n"
                "    if not state_check_result[\"valid\"]:\n"
                "        state_check_result[\"execution_result\"] = execution_results\n"
                "        return state_check_result\n"
            ).body
        )
        block[0] = block[0].with_changes(
            leading_lines=[
                cst.EmptyLine(comment=cst.Comment("# What waiting for the missing information cannot excuse is judged here: a call")),
                cst.EmptyLine(comment=cst.Comment("# to a function withheld until a later turn, or any call where the turn lacks a")),
                cst.EmptyLine(comment=cst.Comment("# parameter instead, must leave the state the ground truth leaves.")),
            ]
        )
        return updated.with_changes(body=updated.body.with_changes(body=[*block, *updated.body.body]))


PATCHES = {"cardinality": CountBlindAny, "empty-turn": EmptyTurnState}


def rewrite(patch: str, text: str, exclude: set[str] = frozenset()) -> tuple[str, list[str], list[str]]:
    """The rewritten text (the same object when nothing matched), the functions
    patched (qualified names) and the matches refused with their reasons."""
    module = cst.parse_module(text)
    transformer = PATCHES[patch](module, set(exclude))
    out = module.visit(transformer)
    if not transformer.patched:
        return text, [], transformer.skipped
    return out.code, transformer.patched, transformer.skipped


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in PATCHES:
        print(f"usage: rewrite.py <{'|'.join(PATCHES)}> <json job>", file=sys.stderr)
        return 2
    job = json.loads(argv[2])
    report, diff = [], []
    for f in job["files"]:
        source = Path(f["source"]).read_bytes()
        text, patched, skipped = rewrite(argv[1], source.decode("utf-8"), set(f.get("exclude", [])))
        copy = Path(f["copy"])
        copy.parent.mkdir(parents=True, exist_ok=True)
        # unmatched files are copied as bytes: byte-identical by construction
        copy.write_bytes(source if not patched else text.encode("utf-8"))
        if patched:
            name = job.get("prefix", "") + f["path"]
            diff += difflib.unified_diff(
                source.decode("utf-8").splitlines(keepends=True), text.splitlines(keepends=True), f"a/{name}", f"b/{name}"
            )
        report.append({"path": f["path"], "changed": bool(patched), "patched": patched, "skipped": skipped})
    json.dump({"files": report, "diff": "".join(diff)}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

// `blindspot init --python <dir>`: the skeleton of a protocol target for a Python
// benchmark, on the SDK in python/blindspot_target. The skeleton serves, but its
// five functions raise until filled in, and the SDK's handshake names each one
// still unfilled, so `target check` on it says what is left to write.
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../util/errors.ts';
import type { Out } from './out.ts';
import { jsonOption, writableFolder, textOption } from './options.ts';
import { makeDir } from '../util/made-dirs.ts';
import { shownCommand } from '../util/command-words.ts';

/** The SDK of this checkout, used by a skeleton whose interpreter has not installed it. */
const SDK = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'python');

/**
 * The tutorial's filled-in adapter, beside the SDK in a checkout and a folder up in
 * an installed package (dist/python), which ships the example but not the docs.
 */
const EXAMPLE = [resolve(SDK, '..'), resolve(SDK, '..', '..')].map((root) => join(root, 'examples', 'refund-desk', 'adapter.py')).find((f) => existsSync(f));

/** The adapter's command as a shell takes it: a folder named with a space (`my bench`) is quoted, or the line pasted ran python3 on `my`. */
const adapterCommand = (dir: string) => shownCommand(['python3', join(dir, 'adapter.py')]);

const checkLine = (dir: string) => `blindspot target check -- ${adapterCommand(dir)}`;

function adapterSkeleton(name: string, dir: string): string {
  return `#!/usr/bin/env python3
"""The blindspot protocol target of ${name}, written by \`blindspot init --python\`.

Fill in the five functions (docs/write-a-target.md walks through an example${EXAMPLE ? `,
filled in at ${EXAMPLE}` : ''}),
then check it, and audit it once every check passes:

    ${checkLine(dir)}
    blindspot audit --target protocol -- ${adapterCommand(dir)}

Write logs to stderr: stdout carries the protocol."""

from __future__ import annotations

import sys
from typing import Any

try:
    from blindspot_target import Benchmark
except ImportError:  # the SDK is not installed (pip install ${SDK}): use the checkout that wrote this file
    sys.path.insert(0, ${JSON.stringify(SDK)})
    from blindspot_target import Benchmark


class Adapter(Benchmark):
    name = ${JSON.stringify(name)}
    version = "0"
    # The files whose code decides verdicts, relative to this folder: their sha256
    # names the checker an audit judged, and a changed file is a new checker.
    checker_files: list[str] = []
    # Optional declarations (docs/protocol.md, "What version 2 adds"):
    # tables = [{"table": "audit_log", "kind": "log", "why": "..."}]
    # arguments = [{"call": "*", "arg": "note", "placeholders": ["<any>"]}]
    # answer = {"call": "answer", "arg": "text"}   # the claim that carries the final answer
    # ids = {"orders": "order_no"}                 # a list's id field, when not id/id_/uuid/key

    def tasks(self) -> list[dict[str, Any]]:
        # Return every task as a dict: "id" (unique), "instruction" (what the agent
        # is asked), "steps" (its reference: the calls that solve it), and
        # optionally "split" ("dev", "test" or "holdout"), "params". A step is
        # {"call": "<tool>", "args": {...}, "kind": "write" | "read" | "claim"},
        # optionally with "alternatives" (per argument, other legal values, which
        # the wrong-value family tries), "free" and "domains".
        raise NotImplementedError("tasks(): return every task as a dict with id, instruction and steps (its reference)")

    def environment(self, task: dict[str, Any]) -> Any:
        # Return a fresh environment in this task's initial state, sharing nothing
        # with any other: every delivery starts from here.
        raise NotImplementedError("environment(task): return a fresh environment in the task's initial state")

    def step(self, env: Any, step: dict[str, Any]) -> Any:
        # Run one write or read step (step["call"] with step["args"]) on env, as the
        # benchmark runs a model's tool call. Raise if the benchmark rejects it
        # (unknown tool, bad arguments): the delivery stops there. Claims are not
        # run; they reach grade() in its calls.
        raise NotImplementedError("step(env, step): run step['call'] with step['args'] on env; raise if it is rejected")

    def snapshot(self, env: Any) -> Any:
        # Return env's whole state as JSON data (a dict), read directly, never
        # through the checker: maps, lists of records and nested records become
        # tables (blindspot_target/readback.py states the rules).
        raise NotImplementedError("snapshot(env): return env's state as a JSON object")

    def grade(self, env: Any, task: dict[str, Any], calls: list[dict[str, Any]]) -> bool | tuple[bool, str]:
        # Return the benchmark's own checker's verdict for task on env: True or
        # False, or (verdict, detail). calls is every delivered step, claims
        # included. An exception is recorded as an error verdict, never a pass.
        raise NotImplementedError("grade(env, task, calls): return the checker's verdict, True or False (or (bool, detail))")


if __name__ == "__main__":
    Adapter().serve()
`;
}

function readmeStub(name: string, dir: string): string {
  return `# ${name}: a blindspot target

\`adapter.py\` serves ${name} to blindspot over the target protocol
(docs/protocol.md), on the Python SDK \`blindspot_target\`.

1. Fill in the five functions of \`adapter.py\` (docs/write-a-target.md${EXAMPLE ? `; a filled-in
   example: ${EXAMPLE}` : ''}).
2. Check it: \`${checkLine(dir)}\`
3. Audit it: \`blindspot audit --target protocol -- ${adapterCommand(dir)}\`

What the checker files are, which tables are logs, and any finding dismissed
with its reason: (fill in).
`;
}

/** Writes the skeleton into `dir`, refusing to replace any file there. */
function writeSkeleton(dir: string, name = basename(resolve(dir))): string[] {
  const files = { 'adapter.py': adapterSkeleton(name, dir), 'README.md': readmeStub(name, dir) };
  const taken = Object.keys(files).filter((f) => existsSync(join(dir, f)));
  if (taken.length) throw new InputError(`init: ${taken.map((f) => join(dir, f)).join(' and ')} already exist${taken.length === 1 ? 's' : ''}; init writes only new files (move ${taken.length === 1 ? 'it' : 'them'} away, or pick another folder: the adapter may live anywhere in the benchmark's repository, e.g. --python ${join(dir, 'blindspot')})`);
  makeDir(dir);
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text, { flag: 'wx' });
  return Object.keys(files).map((f) => join(dir, f));
}

export const initCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y: Argv) =>
    jsonOption(y)
      .option('python', { ...textOption('python'), demandOption: 'name the folder to write: --python <dir>', describe: 'folder for adapter.py and README.md (created if missing; existing files are never replaced)' })
      .option('name', { ...textOption('name'), describe: 'the benchmark name the adapter reports (default: the folder name)' })
      .example('$0 init --python my-bench', 'write my-bench/adapter.py and my-bench/README.md'),
  handler: (a) => {
    writableFolder('--python', a.python);
    const written = writeSkeleton(a.python, a.name);
    if (a.json) out.log(JSON.stringify({ dir: a.python, written, next: checkLine(a.python) }, null, 2));
    else out.log([...written.map((f) => `wrote ${f}`), `fill in the five functions of adapter.py, then: ${checkLine(a.python)}`].join('\n'));
  },
});

// Bad input, tried as a new user would: each command line runs in a working folder
// of its own, holding only what the case puts there, and must be refused with one
// line naming the flag, value or path (exit 2, no stack trace) while leaving that
// folder exactly as it was: no run folder, no reports/, no census, no increment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { cli, runCli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

/** Every file and folder under `dir`, with each file's content: what a refused command must leave as it was. */
function snapshot(dir: string, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(join(dir, at)).sort()) {
    const rel = join(at, name);
    if (statSync(join(dir, rel)).isDirectory()) Object.assign(out, { [`${rel}/`]: '' }, snapshot(dir, rel));
    else out[rel] = readFileSync(join(dir, rel), 'utf8');
  }
  return out;
}

// An increment frozen outside the working folders, for the commands that score one,
// and a finished perturbation run (its set frozen inside it), for those that read a run.
let shared = '';
let increment = '';
beforeAll(async () => {
  shared = mkdtempSync(join(tmpdir(), 'blindspot-refused-'));
  const [r, p] = await Promise.all([
    runCli(['freeze', '--target', 'apps', '--families', 'omit', '--json', '--mutants', join(shared, 'm'), '--censuses', join(shared, 'c')]),
    runCli(['perturb', '--target', 'apps', '--agent', 'replay', '--tasks', 'venmo_add_friends/0', '--families', 'U-missing', '--no-progress', '--out', join(shared, 'perturbed')]),
  ]);
  expect(r.code, r.stderr).toBe(0);
  expect(p.code, p.stderr).toBe(0);
  increment = JSON.parse(r.stdout).dir;
  const run = await runCli(['run', increment, '--out', join(shared, 'run'), '--no-progress', '--json']);
  expect(run.code, run.stderr).toBe(0);
});
/** The run of the shared increment copied into the case's folder as r, for the commands that read a fault run. */
const faultRun = (cwd: string) => cpSync(join(shared, 'run'), join(cwd, 'r'), { recursive: true });
/** That run with a folder where its ledger was. */
const ledgerAFolder = (cwd: string) => {
  faultRun(cwd);
  rmSync(join(cwd, 'r', 'ledger.jsonl'));
  mkdirSync(join(cwd, 'r', 'ledger.jsonl'));
};
/** The perturbation run copied into the case's folder, so that what a refusal leaves there is checked. */
const perturbedRun = (cwd: string) => cpSync(join(shared, 'perturbed'), join(cwd, 'p'), { recursive: true });
// args() is also read before beforeAll, for the command's name alone
const perturbedSet = () => (shared ? `p/perturbations/${readdirSync(join(shared, 'perturbed', 'perturbations'))[0]}` : 'p/perturbations');
afterAll(() => rmSync(shared, { recursive: true, force: true }));

type Files = Record<string, string | null>; // null: a folder
interface Case {
  args: () => string[];
  /** what the one line must say: the flag, the value or the path */
  says: RegExp;
  files?: Files;
  /** what the case puts in its folder besides `files` */
  setup?: (cwd: string) => void;
  env?: Record<string, string>;
}

const EMPTY_MODULE = 'export const nothing = 1;\n';
// AgentDojo's layout: runs of banking and slack tasks, none of which apps serves
const AGENTDOJO_RUNS = resolve(import.meta.dirname, '../fixtures/agentdojo-runs/runs');
const CONFIG = (thresholds: unknown) => JSON.stringify({ thresholds });
const TRIAGE = (entry: unknown) => JSON.stringify({ schema: 'blindspot.triage/1', entries: [entry] });

const CASES: Record<string, Case> = {
  // what audit is asked to select
  'audit --target nope': { args: () => ['audit', '--target', 'nope'], says: /^--target: unknown target 'nope' \(known: apps/ },
  'audit --target ""': { args: () => ['audit', '--target', ''], says: /^--target: unknown target '' / },
  'audit --families nope': { args: () => ['audit', '--families', 'nope'], says: /^--families: unknown family 'nope'/ },
  'audit --families ""': { args: () => ['audit', '--families', ''], says: /^--families: expected one or more families/ },
  'audit --arms nope': { args: () => ['audit', '--arms', 'nope'], says: /^--arms: unknown arm 'nope'/ },
  'audit --arms ""': { args: () => ['audit', '--arms', ''], says: /^--arms: expected one or more arms/ },
  'audit --split nope': { args: () => ['audit', '--split', 'nope'], says: /^--split: unknown split 'nope'/ },
  'audit --tasks no_such_task': { args: () => ['audit', '--tasks', 'no_such_task'], says: /^--tasks: no task or generator named 'no_such_task'/ },
  // a first typo is answered with what it most likely meant
  'audit --target app': { args: () => ['audit', '--target', 'app'], says: /^--target: unknown target 'app' \(known: apps, .*\); did you mean 'apps'\?$/ },
  'audit --arms fault': { args: () => ['audit', '--arms', 'fault'], says: /^--arms: unknown arm 'fault' \(known: .*\); did you mean 'faults'\?$/ },
  'audit --split dve': { args: () => ['audit', '--split', 'dve'], says: /^--split: unknown split 'dve' \(known: dev, test, holdout\); did you mean 'dev'\?$/ },
  'audit --tasks a misspelt task': { args: () => ['audit', '--tasks', 'venmo_add_frends/0'], says: /^--tasks: no task or generator named 'venmo_add_frends\/0' \(did you mean 'venmo_add_friends\/0'\?\)$/ },
  'audit apps (the target without its flag)': { args: () => ['audit', 'apps'], says: /^Unknown argument: apps \(did you mean --target apps\?\)$/ },
  'audit --tasks a generator cut short': { args: () => ['audit', '--tasks', 'venmo'], says: /^--tasks: no task or generator named 'venmo' \(begins \d+ names: venmo_[a-z_]+, venmo_[a-z_]+, venmo_[a-z_]+, \.\.\.\)$/ },
  'audit --splits (a misspelt flag)': { args: () => ['audit', '--splits', 'dev'], says: /^Unknown argument: splits \(did you mean --split\?\)$/ },
  'audit --time-limt (listed once, not camel-cased again)': { args: () => ['audit', '--time-limt', '5'], says: /^Unknown argument: time-limt \(did you mean --time-limit\?\)$/ },
  'audit --split holdout without --unseal': { args: () => ['audit', '--split', 'holdout'], says: /^--split: holdout is sealed/ },
  'audit --unseal holdout without --reason': { args: () => ['audit', '--split', 'holdout', '--unseal', 'holdout'], says: /^--reason: / },
  'audit --unseal holdout without --split holdout': { args: () => ['audit', '--unseal', 'holdout', '--reason', 'r'], says: /^--unseal: holdout is opened but not selected \(--split dev\); add it: --split dev,holdout$/ },
  'perturb --split dev --unseal holdout': { args: () => ['perturb', '--agent', 'replay', '--split', 'dev', '--unseal', 'holdout', '--reason', 'r'], says: /^--unseal: holdout is opened but not selected \(--split dev\); add it: --split dev,holdout$/ },
  'audit --unseal nope': { args: () => ['audit', '--unseal', 'nope', '--reason', 'r'], says: /^--unseal: unknown split 'nope'/ },
  'audit --target-option foo': { args: () => ['audit', '--target-option', 'foo'], says: /^--target-option: expected key=value, got 'foo'/ },
  'audit --target-option foo=1 (apps takes none)': { args: () => ['audit', '--target-option', 'foo=1'], says: /^--target-option: target apps takes no option 'foo'/ },
  'audit --arms swap --checkers nope': { args: () => ['audit', '--arms', 'swap', '--checkers', 'nope'], says: /^--checkers: no selected task or generator named 'nope'/ },
  'audit --arms swap --pilot 0': { args: () => ['audit', '--arms', 'swap', '--pilot', '0'], says: /^--pilot: / },
  'audit --workers -1': { args: () => ['audit', '--workers', '-1'], says: /^--workers: expected a whole number >= 0, got '-1'/ },
  // yargs reads a mistyped boolean value as false: the audit would run in the other mode
  'audit --json=yes': { args: () => ['audit', '--json=yes'], says: /^--json: expected true or false, got 'yes'$/ },
  'audit --no-progress=maybe': { args: () => ['audit', '--no-progress=maybe'], says: /^--progress: expected true or false, got 'maybe'$/ },
  'audit --shard 3/2': { args: () => ['audit', '--shard', '3/2'], says: /^--shard: .*'3\/2'/ },
  // the recorded-runs arm
  'audit --arms runs without --runs': { args: () => ['audit', '--arms', 'runs'], says: /^--runs: the runs arm needs --runs/ },
  'audit --runs without the runs arm': { args: () => ['audit', '--runs', './runs'], files: { runs: null }, says: /^--runs: recorded runs are replayed by the runs arm; add --arms runs/ },
  'audit --arms runs --runs a missing folder': { args: () => ['audit', '--arms', 'runs', '--runs', './nope'], says: /^--runs: \.\/nope does not exist/ },
  'audit --arms runs --runs a folder with no run files': { args: () => ['audit', '--arms', 'runs', '--runs', './runs'], files: { runs: null }, says: /^--runs: \.\/runs holds no \.json or \.jsonl run files/ },
  'audit --arms runs --runs a folder of runs the target cannot replay': {
    args: () => ['audit', '--arms', 'runs', '--runs', AGENTDOJO_RUNS],
    says: /^--runs: none of the 5 run\(s\) in .*agentdojo-runs\/runs can be replayed on apps; first: claude-3-5-sonnet-20240620\/banking\/user_task_5\/none\/none\.json: the target cannot give the reference of banking\/user_task_5/,
  },
  'audit --arms runs --runs a file of truncated runs only': {
    args: () => ['audit', '--arms', 'runs', '--runs', './runs.jsonl'],
    files: { 'runs.jsonl': '{"task": "venmo_request_payment/0", "pipe\n' },
    says: /^--runs: no usable run in \.\/runs\.jsonl \(1 file\(s\) refused; first: runs\.jsonl#1: not valid JSON/,
  },
  'audit --threshold-high 120': { args: () => ['audit', '--threshold-high', '120'], says: /^--threshold-high: expected a percentage from 0 to 100, got '120'/ },
  // module targets and operator plugins
  'audit --target a misspelt module': { args: () => ['audit', '--target', './my-targt.ts'], files: { 'my-target.ts': 'export const target = {};\n' }, says: /^--target: no module at \.\/my-targt\.ts; did you mean \.\/my-target\.ts\?$/ },
  'audit --target ./missing.ts': { args: () => ['audit', '--target', './missing.ts'], says: /^--target: no module at \.\/missing\.ts/ },
  'audit --target a folder': { args: () => ['audit', '--target', './adapters'], files: { adapters: null }, says: /^--target: \.\/adapters is a folder, not a module file/ },
  'audit --target a module exporting nothing usable': {
    args: () => ['audit', '--target', './empty.ts'],
    files: { 'empty.ts': EMPTY_MODULE },
    says: /^--target: \.\/empty\.ts must export `target`, a TargetFactory .*; it exports `nothing`/,
  },
  'audit --target a module whose target is the wrong shape': {
    args: () => ['audit', '--target', './wrong.mjs'],
    files: { 'wrong.mjs': 'export const target = { name: "t" };\n' },
    says: /^--target: \.\/wrong\.mjs must export `target`.*; its `target` is an object without `open` \(a function\)$/,
  },
  'audit --target a module whose target is a number': {
    args: () => ['audit', '--target', './five.mjs'],
    files: { 'five.mjs': 'export const target = 5;\n' },
    says: /^--target: \.\/five\.mjs must export `target`.*; its `target` is a number that does not fit$/,
  },
  'audit --target a module whose describe() returns {}': {
    args: () => ['audit', '--target', './t.mjs'],
    files: { 't.mjs': 'export const target = { name: "t", description: "d", open: async () => ({ describe: async () => ({}), close: async () => {} }) };\n' },
    says: /^--target: \.\/t\.mjs: describe\(\) returned no TargetInfo \(see src\/contract\/target\.ts\): field name: /,
  },
  'audit --target a module whose target has no describe()': {
    args: () => ['audit', '--target', './t.mjs'],
    files: { 't.mjs': 'export const target = { name: "t", description: "d", open: async () => ({ close: async () => {} }) };\n' },
    says: /^--target: \.\/t\.mjs: the target open\(\) returned has no describe\(\)$/,
  },
  'checker copies for a target that cannot load them': {
    args: () => ['perturb', '--target', 'servicedesk', '--agent', 'replay', '--checker-dir', 'cd'],
    files: { cd: null, 'cd/validators.ts': '' },
    says: /^--checker-dir: target servicedesk grades with its shipped checkers only \(it declares no 'checker-dir' capability\)/,
  },
  'audit --target a module whose target has no close() and describe() returns {}': {
    args: () => ['audit', '--target', './t.mjs'],
    files: { 't.mjs': 'export const target = { name: "t", description: "d", open: async () => ({ describe: async () => ({}) }) };\n' },
    says: /^--target: \.\/t\.mjs: describe\(\) returned no TargetInfo \(see src\/contract\/target\.ts\): field name: /,
  },
  'report --reporter a module whose reporters is an object': {
    args: () => ['report', 'r', '--reporter', './one.mjs'],
    setup: faultRun,
    files: { 'one.mjs': "export const reporters = { name: 'one', files: () => ({}) };\n" },
    says: /^--reporter: \.\/one\.mjs must export `reporters`.*; its `reporters` is an object that does not fit$/,
  },
  'audit --target a module that does not compile': {
    args: () => ['audit', '--target', './broken.ts'],
    files: { 'broken.ts': 'export const target = {\n' },
    says: /^--target: cannot load \.\/broken\.ts: .*broken\.ts:2/,
  },
  'audit --target a module that throws as it loads': {
    args: () => ['audit', '--target', './throws.ts'],
    files: { 'throws.ts': 'throw new Error("no database configured");\nexport const target = 1;\n' },
    says: /^--target: cannot load \.\/throws\.ts: no database configured$/,
  },
  'audit --operators a misspelt operator': { args: () => ['audit', '--arms', 'search', '--operators', 'drp'], says: /^--operators: unknown operator 'drp' \(built-in: drop, .*\); did you mean 'drop'\?$/ },
  'report --reporter "" (an unset variable)': { args: () => ['report', 'r', '--reporter', ''], setup: faultRun, says: /^--reporter: expected a value, got an empty one$/ },
  'audit --operators nope': { args: () => ['audit', '--arms', 'search', '--operators', 'nope'], says: /^--operators: unknown operator 'nope'/ },
  'audit --operators ./missing-ops.ts': { args: () => ['audit', '--arms', 'search', '--operators', './missing-ops.ts'], says: /^--operators: no module at \.\/missing-ops\.ts/ },
  'audit --operators a module exporting nothing usable': {
    args: () => ['audit', '--arms', 'search', '--operators', './ops.ts'],
    files: { 'ops.ts': EMPTY_MODULE },
    says: /^--operators: \.\/ops\.ts must export `operators`.*; it exports `nothing`/,
  },
  'audit --operators a module that does not compile': {
    args: () => ['audit', '--arms', 'search', '--operators', './ops.ts'],
    files: { 'ops.ts': 'export const operators = [\n' },
    says: /^--operators: cannot load \.\/ops\.ts: /,
  },
  // what the target needs from the machine (simulated by the variables the targets read)
  'audit a browser target with no browser (BLINDSPOT_CHROMIUM)': {
    args: () => ['audit', '--target', 'servicedesk'],
    env: { BLINDSPOT_CHROMIUM: '/nonexistent/chromium' },
    says: /^--browser\/BLINDSPOT_CHROMIUM: no browser at \/nonexistent\/chromium/,
  },
  'audit --browser that does not exist': { args: () => ['audit', '--target', 'servicedesk', '--browser', '/nonexistent/chromium'], says: /no browser at \/nonexistent\/chromium/ },
  'audit agentdojo with no venv (BLINDSPOT_PYTHON)': {
    args: () => ['audit', '--target', 'agentdojo', '--suite', 'banking'],
    env: { BLINDSPOT_PYTHON: '/nonexistent/python' },
    says: /^agentdojo: no Python environment at \/nonexistent\/python/,
  },
  'audit bfcl with no venv (BLINDSPOT_BFCL_PYTHON)': {
    args: () => ['audit', '--target', 'bfcl'],
    env: { BLINDSPOT_BFCL_PYTHON: '/nonexistent/python' },
    says: /^bfcl: no Python environment at \/nonexistent\/python/,
  },
  // refused with the interpreter's stderr, many lines (a Node stack trace for node ./x.mjs)
  'audit a protocol target whose script, behind its interpreter, does not exist': { args: () => ['audit', '--target', 'protocol', '--', 'node', './my-targt.mjs'], files: { 'my-target.mjs': '' }, says: /^the target's command after `--`: \.\/my-targt\.mjs: no such file; did you mean \.\/my-target\.mjs\?$/ },
  'target check of a script that does not exist': { args: () => ['target', 'check', '--', 'python3', 'adapter.py'], says: /^the target's command after `--`: adapter\.py: no such file$/ },
  'audit a protocol target with no command': { args: () => ['audit', '--target', 'protocol'], says: /command/ },
  // files read for the report: checked before the census is taken
  'audit --config missing.json': { args: () => ['audit', '--config', 'missing.json'], says: /^--config: missing\.json does not exist/ },
  'audit --config ""': { args: () => ['audit', '--config', ''], says: /^--config: expected a path/ },
  'audit --config with invalid JSON': { args: () => ['audit', '--config', 'c.json'], files: { 'c.json': '{"thresholds": {\n' }, says: /^c\.json: not valid JSON/ },
  'audit --config with a mistyped threshold': {
    args: () => ['audit', '--config', 'c.json'],
    files: { 'c.json': CONFIG({ hihg: 90 }) },
    says: /^c\.json: field thresholds: .*hihg/,
  },
  'audit --config with a threshold that is not a number': {
    args: () => ['audit', '--config', 'c.json'],
    files: { 'c.json': CONFIG({ high: '90' }) },
    says: /^c\.json: field thresholds\.high: /,
  },
  'audit --config with thresholds out of order': {
    args: () => ['audit', '--config', 'c.json'],
    files: { 'c.json': CONFIG({ high: 50, low: 70 }) },
    says: /^c\.json: thresholds: field low: low must not exceed high/,
  },
  'audit --config and a flag with thresholds out of order': {
    args: () => ['audit', '--config', 'c.json', '--threshold-high', '50'],
    files: { 'c.json': CONFIG({ low: 70 }) },
    says: /^c\.json with the --threshold-\* flags: thresholds: field low: low must not exceed high/,
  },
  'a suite for a target without suites': { args: () => ['audit', '--suite', 'banking'], says: /^--suite: target apps takes no option 'suite' \(it takes none\); --suite names a suite of a target that has them \(--target agentdojo, --target bfcl\)$/ },
  'init into an empty --python': { args: () => ['init', '--python', ''], says: /^--python: expected a value, got an empty one$/ },
  'init with an empty --name': { args: () => ['init', '--python', 'x', '--name', ' '], says: /^--name: expected a value, got an empty one$/ },
  'audit into an empty --out (an unset variable)': { args: () => ['audit', '--out', ''], says: /^--out: expected a value, got an empty one$/ },
  'a config key mistyped': { args: () => ['audit'], files: { 'blindspot.config.json': JSON.stringify({ thrsholds: { break: 90 } }) }, says: /^blindspot\.config\.json: field \(root\): Unrecognized key: "thrsholds"/ },
  'audit with a broken ./blindspot.config.json': { args: () => ['audit'], files: { 'blindspot.config.json': 'thresholds' }, says: /^blindspot\.config\.json: not valid JSON/ },
  'audit --config a folder': { args: () => ['audit', '--config', 'conf'], files: { conf: null }, says: /^conf: is a folder, not a file/ },
  'audit --triage missing.json': { args: () => ['audit', '--triage', 'missing.json'], says: /^--triage: no triage file at missing\.json/ },
  'audit --triage with invalid JSON': { args: () => ['audit', '--triage', 't.json'], files: { 't.json': '[' }, says: /^t\.json: not valid JSON/ },
  'audit --triage of another schema': { args: () => ['audit', '--triage', 't.json'], files: { 't.json': '{"entries": []}' }, says: /^t\.json: field schema: / },
  // each entry is read as the kind its keys say, so a bad field is named with the values it takes
  'report --triage with a misspelt status': {
    args: () => ['report', 'r', '--triage', 't.json'],
    setup: faultRun,
    files: { 't.json': TRIAGE({ key: '0123456789abcdef', task: 't/0', construction: 'c', target: 'apps', status: 'dismiss', reason: 'why', at: 'now' }) },
    says: /^t\.json: field entries\.0\.status: .*"dismissed"\|"accepted"$/,
  },
  'report --triage with a weakness entry missing its reason': {
    args: () => ['report', 'r', '--triage', 't.json'],
    setup: faultRun,
    files: { 't.json': TRIAGE({ weakness: 'w', target: 'apps', status: 'accepted', at: 'now' }) },
    says: /^t\.json: field entries\.0\.reason: /,
  },
  'audit --triage a folder': { args: () => ['audit', '--triage', 't'], files: { t: null }, says: /^t: is a folder, not a file/ },
  'audit with a broken ./blindspot-triage.json': { args: () => ['audit'], files: { 'blindspot-triage.json': '{' }, says: /^blindspot-triage\.json: not valid JSON/ },
  // paths of the wrong kind
  'audit --out an existing file': { args: () => ['audit', '--out', 'f'], files: { f: 'x' }, says: /^--out: f is a file, not a folder/ },
  'audit --out below a file': { args: () => ['audit', '--out', 'f/run'], files: { f: 'x' }, says: /^--out: cannot create the folder f\/run: .*\/f is a file, not a folder/ },
  'audit --mutants an existing file': { args: () => ['audit', '--mutants', 'f'], files: { f: 'x' }, says: /^--mutants: f is a file, not a folder/ },
  'audit --censuses an existing file': { args: () => ['audit', '--censuses', 'f'], files: { f: 'x' }, says: /^--censuses: f is a file, not a folder/ },
  'freeze --mutants an existing file': { args: () => ['freeze', '--mutants', 'f'], files: { f: 'x' }, says: /^--mutants: f is a file, not a folder/ },
  'freeze --censuses below a file': { args: () => ['freeze', '--censuses', 'f/c'], files: { f: 'x' }, says: /^--censuses: cannot create the folder f\/c: / },
  'freeze --families nope,omit': { args: () => ['freeze', '--families', 'nope,omit'], says: /^--families: unknown family 'nope'/ },
  // swapped: increments were frozen among the censuses (or censuses stored among the increments) without a word
  'freeze --mutants the censuses folder': { args: () => ['freeze', '--mutants', 'c', '--censuses', 'm'], files: { c: null, 'c/apps': null, 'c/apps/idempotence-0123456789ab.json': '{}' }, says: /^--mutants: c holds censuses \(apps\/\), not frozen increments; is it the --censuses folder\?$/ },
  'census --censuses the mutants folder': { args: () => ['census', '--censuses', 'mutants'], files: { mutants: null, 'mutants/apps-0123456789ab': null, 'mutants/apps-0123456789ab/increment.json': '{}' }, says: /^--censuses: mutants holds frozen increments \(apps-0123456789ab\), not censuses; is it the --mutants folder\?$/ },
  'audit --censuses the mutants folder': { args: () => ['audit', '--censuses', 'mutants'], files: { mutants: null, 'mutants/apps-0123456789ab': null, 'mutants/apps-0123456789ab/increment.json': '{}' }, says: /^--censuses: mutants holds frozen increments/ },
  'census --censuses an existing file': { args: () => ['census', '--censuses', 'f'], files: { f: 'x' }, says: /^--censuses: f is a file, not a folder/ },
  'census --target ./empty.mjs': { args: () => ['census', '--target', './empty.mjs'], files: { 'empty.mjs': EMPTY_MODULE }, says: /^--target: \.\/empty\.mjs must export `target`/ },
  // scoring an increment
  'run a folder that is not an increment': { args: () => ['run', 'inc'], files: { inc: null }, says: /^inc\/increment\.json: cannot read file/ },
  'run a missing increment': { args: () => ['run', 'nope'], says: /^nope\/increment\.json: cannot read file/ },
  'run an increment id cut short': {
    args: () => ['run', 'mutants/apps-0123'],
    files: { mutants: null, 'mutants/apps-0123456789ab': null, 'mutants/servicedesk-0123456789ab': null },
    says: /^<increment>: mutants\/apps-0123: no such folder \(expected a frozen increment folder, mutants\/<id>\); did you mean mutants\/apps-0123456789ab\?$/,
  },
  // what a user mistakes for an increment is named, with what they meant to do
  'run a run folder (meaning to resume it)': {
    args: () => ['run', 'r'],
    files: { r: null },
    setup: (cwd) => writeFileSync(join(cwd, 'r', 'run.json'), JSON.stringify({ schema: 'blindspot.run/1', increment: { dir: relative(join(cwd, 'r'), increment) } })),
    says: /^r is a run folder, not a frozen increment; resume it with `blindspot run \S+\/m\/apps-[0-9a-f]{12} --out r`$/,
  },
  'run the folder holding increments': {
    args: () => ['run', 'mutants'],
    files: { mutants: null, 'mutants/apps-0123456789ab': null, 'mutants/apps-0123456789ab/increment.json': '{}', 'mutants/notes': null },
    says: /^mutants holds increments: apps-0123456789ab; name one \(blindspot run mutants\/apps-0123456789ab\)$/,
  },
  // an unknown command is named, with the known ones, and guessed at only when one is close
  'a mistyped command': { args: () => ['audti', '--target', 'apps'], says: /^unknown command 'audti' \(known: audit, census, .*, init\); did you mean 'audit'\?$/ },
  'a command that is none': { args: () => ['foo'], says: /^unknown command 'foo' \(known: audit, census, [a-z, ]+\)$/ },
  'audit of apps with a command after --': { args: () => ['audit', '--', 'python3', 'x.py'], says: /^--target-option: target apps takes no option 'command' \(it takes none\); the words after `--` are the command of --target protocol$/ },
  'no command before --': { args: () => ['--', 'python3', 'my_target.py'], says: /^name a command before `--` \(the words after it are a target's command\); try `blindspot audit --target protocol -- python3 my_target\.py`$/ },
  'a mistyped subcommand': { args: () => ['target', 'chek'], says: /^unknown command 'chek'; did you mean 'check'\?$/ },
  'a mistyped subcommand beside a default command': { args: () => ['perturb', '--target', 'apps', 'comapre', 'r1'], says: /^unknown command 'comapre'; did you mean 'compare'\?$/ },
  'a command near no command': { args: () => ['frobnicate'], says: /^unknown command 'frobnicate' \(known: audit, census, freeze, run, report, merge, targets, rerun, target, repair, guard, triage, consequence, perturb, init\)$/ },
  'a stray word beside a default command, near no subcommand': { args: () => ['perturb', 'zzz'], says: /^Unknown argument: zzz$/ },
  // a positional is no flag: not guessed at for a mistyped one, and refused when typed as one (a word in its place won)
  'report --out (no flag near it but the positional <run>)': { args: () => ['report', 'r', '--out', 'x'], setup: faultRun, says: /^Unknown argument: out$/ },
  'report r --run x (the positional given again as a flag)': { args: () => ['report', 'r', '--run', 'x'], setup: faultRun, says: /^--run: <run> is named without a flag \(blindspot report <run>\)$/ },
  'run --increment (the positional typed as a flag)': { args: () => ['run', '--increment', 'm/x'], says: /^--increment: <increment> is named without a flag \(blindspot run <increment>\)$/ },
  // a missing argument is named with the command's usage
  'run with no increment': { args: () => ['run'], says: /^run: name <increment> \(blindspot run <increment>\)$/ },
  'merge with no runs': { args: () => ['merge', '--out', 'merged'], says: /^merge: name <runs\.\.> \(blindspot merge <runs\.\.>\)$/ },
  'perturb compare with no runs': { args: () => ['perturb', 'compare'], says: /^perturb compare: an argument is missing \(blindspot perturb compare --help\)$/ },
  'a search flag without the search arm': { args: () => ['audit', '--budget', '128'], says: /^--budget: configures the search arm, which is not among the arms \(faults, floor\); add it: --arms faults,floor,search$/ },
  'a swap flag without the swap arm': { args: () => ['freeze', '--arms', 'faults', '--pilot', '5'], says: /^--pilot: configures the swap arm, which is not among the arms \(faults\); add it: --arms faults,swap$/ },
  // the increment froze as with seed 0, the seed typed nowhere recorded
  'a seed with nothing it seeds': { args: () => ['freeze', '--seed', '7'], says: /^--seed: seeds the swap arm's --pilot sample and the search arm, neither of which is asked for \(arms faults, floor\); add --arms faults,floor,search or a swap --pilot$/ },
  'a seed for a swap grid without --pilot': { args: () => ['audit', '--arms', 'swap', '--seed', '7'], says: /^--seed: .*\(arms swap\); add --arms swap,search or a swap --pilot$/ },
  'census --reason with no sealed split opened': { args: () => ['census', '--reason', 'x'], says: /^--reason: says why a sealed split is opened; name the split with --unseal <split>$/ },
  'perturb --reason with no sealed split opened': { args: () => ['perturb', '--agent', 'replay', '--reason', 'x'], says: /^--reason: says why a sealed split is opened; name the split with --unseal <split>$/ },
  'target check --reason with no sealed split opened': { args: () => ['target', 'check', '--target', 'apps', '--reason', 'x'], says: /^--reason: says why a sealed split is opened; name the split with --unseal <split>$/ },
  'a reason with no sealed split opened': { args: () => ['audit', '--reason', 'x'], says: /^--reason: says why a sealed split is opened; name the split with --unseal <split>$/ },
  'audit into a folder of other files': { args: () => ['audit', '--out', 'docs'], files: { docs: null, 'docs/report.md': 'my notes' }, says: /^--out: docs holds other files \(report\.md\) and no run\.json: name a new or empty folder, or a run folder to resume$/ },
  'run into a folder of other files': { args: () => ['run', increment, '--out', 'docs'], files: { docs: null, 'docs/a': '', 'docs/b': '', 'docs/c': '', 'docs/d': '' }, says: /^--out: docs holds other files \(a, b, c, \.\.\.\) and no run\.json/ },
  'perturb into a folder of other files': { args: () => ['perturb', '--agent', 'replay', '--out', 'docs'], files: { docs: null, 'docs/x.txt': '' }, says: /^--out: docs holds other files \(x\.txt\) and no run\.json/ },
  'perturb compare of a run folder that is not there': { args: () => ['perturb', 'compare', 'p', 'nope'], setup: perturbedRun, says: /^perturb compare: nope: no such folder \(expected a perturbation run folder\)$/ },
  // a required flag or argument missing beside a mistyped flag: the typo is what went wrong
  'guard --baselne (a required flag mistyped)': { args: () => ['guard', '--baselne', 'b.json'], files: { 'b.json': '{}' }, says: /^Unknown argument: baselne \(did you mean --baseline\?\)$/ },
  'rerun --frm (a required flag mistyped)': { args: () => ['rerun', '--frm', 'r'], files: { r: null }, says: /^Unknown argument: frm \(did you mean --from\?\)$/ },
  'merge --ot --jsn (two mistyped, one required)': { args: () => ['merge', 'r', '--ot', 'm', '--jsn'], files: { r: null }, says: /^Unknown arguments: ot \(did you mean --out\?\), jsn \(did you mean --json\?\)$/ },
  'run --workrs 2 (the typo took the value, the increment is missing)': { args: () => ['run', '--workrs', '2'], says: /^Unknown argument: workrs \(did you mean --workers\?\)$/ },
  'audit --out with its value forgotten': { args: () => ['audit', '--out'], says: /^--out: expected a value, got none$/ },
  'rerun --where with its value forgotten': { args: () => ['rerun', '--from', 'r', '--where'], files: { r: null }, says: /^--where: expected a value, got none$/ },
  'rerun without --from': { args: () => ['rerun'], says: /^rerun: --from required \(blindspot rerun --help\)$/ },
  'init without --python': { args: () => ['init'], says: /^init: --python required \(name the folder to write: --python <dir>\)$/ },
  'run a file': { args: () => ['run', 'f'], files: { f: 'x' }, says: /^<increment>: f is a file, not a folder/ },
  'run --out an existing file': { args: () => ['run', increment, '--out', 'f'], files: { f: 'x' }, says: /^--out: f is a file, not a folder/ },
  'run --config a misspelt file': { args: () => ['run', increment, '--config', 'blindspot.jsn'], files: { 'blindspot.json': '{}' }, says: /^--config: blindspot\.jsn does not exist; did you mean blindspot\.json\?$/ },
  'run --config missing.json': { args: () => ['run', increment, '--config', 'missing.json'], says: /^--config: missing\.json does not exist/ },
  'run --triage with invalid JSON': { args: () => ['run', increment, '--triage', 't.json'], files: { 't.json': '{' }, says: /^t\.json: not valid JSON/ },
  'run --shard 0/2': { args: () => ['run', increment, '--shard', '0/2'], says: /^--shard: / },
  // reading a run folder
  'report a file': { args: () => ['report', 'f'], files: { f: 'x' }, says: /^<run>: f is a file, not a folder \(expected a run folder\)/ },
  'report a missing folder': { args: () => ['report', 'nope'], says: /^<run>: nope: no such folder/ },
  'report a mistyped run folder': { args: () => ['report', 'reports/apps-rn'], files: { reports: null, 'reports/apps-run': null }, says: /^<run>: reports\/apps-rn: no such folder \(expected a run folder\); did you mean reports\/apps-run\?$/ },
  'report a folder that is not a run': { args: () => ['report', 'r'], files: { r: null }, says: /^r\/run\.json: not found/ },
  // a perturbation run is read by `perturb` (and `perturb compare`), never as a fault run
  'report a perturbation run': { args: () => ['report', 'p'], setup: perturbedRun, says: /^<run>: p is a perturbation run \(agent replay\): its report is perturb\.md, written by `blindspot perturb`/ },
  'repair a perturbation run': { args: () => ['repair', 'p', '--patch', 'cardinality'], setup: perturbedRun, says: /^<run>: p is a perturbation run \(agent replay\)/ },
  'triage a perturbation run': { args: () => ['triage', 'p'], setup: perturbedRun, says: /^<run>: p is a perturbation run \(agent replay\)/ },
  'rerun --from a perturbation run': { args: () => ['rerun', '--from', 'p', '--where', 'family=omit'], setup: perturbedRun, says: /^--from: p is a perturbation run \(agent replay\)/ },
  'consequence of a perturbation run': { args: () => ['consequence', 'p', '--scores', 's.csv'], setup: perturbedRun, files: { 's.csv': 'pipeline,score\n' }, says: /^<runs>: p is a perturbation run \(agent replay\)/ },
  'guard --increment a perturbation set': { args: () => ['guard', '--baseline', 'b.json', '--increment', perturbedSet()], setup: perturbedRun, says: /^--increment: p\/perturbations\/apps-[0-9a-f]{12} is a perturbation set/ },
  'run a perturbation set': { args: () => ['run', perturbedSet()], setup: perturbedRun, says: /^<increment>: p\/perturbations\/apps-[0-9a-f]{12} is a perturbation set: an agent is run on it with `blindspot perturb --perturbations/ },
  'report a run whose ledger.jsonl is a folder': { args: () => ['report', 'r'], setup: ledgerAFolder, says: /^r\/ledger\.jsonl: is a folder, not a file/ },
  'run --out a run whose ledger.jsonl is a folder': { args: () => ['run', increment, '--out', 'r'], setup: ledgerAFolder, says: /^r\/ledger\.jsonl: is a folder, not a file/ },
  // a --reporter module's failure is its own, named after it; its files stay inside the run folder
  'report --reporter whose files() throws': {
    args: () => ['report', 'r', '--reporter', './boom.mjs'],
    setup: faultRun,
    files: { 'boom.mjs': "export const reporters = [{ name: 'boomer', files: () => { throw new Error('boom'); } }];\n" },
    says: /^--reporter \.\/boom\.mjs: reporter boomer failed: boom$/,
  },
  'report --reporter writing above the run folder': {
    args: () => ['report', 'r', '--reporter', './up.mjs'],
    setup: faultRun,
    files: { 'up.mjs': "export const reporters = [{ name: 'up', files: () => ({ '../escape.txt': 'x' }) }];\n" },
    says: /^reporter 'up' writes '\.\.\/escape\.txt', which is not a file name inside the report folder/,
  },
  'report --reporter writing an absolute path': {
    args: () => ['report', 'r', '--reporter', './abs.mjs'],
    setup: (cwd) => {
      faultRun(cwd);
      writeFileSync(join(cwd, 'abs.mjs'), `export const reporters = [{ name: 'abs', files: () => ({ ${JSON.stringify(join(cwd, 'escape.txt'))}: 'x' }) }];\n`);
    },
    says: /^reporter 'abs' writes '\/\S+\/escape\.txt', which is not a file name inside the report folder/,
  },
  'report --reporter whose files() returns nothing': {
    args: () => ['report', 'r', '--reporter', './none.mjs'],
    setup: faultRun,
    files: { 'none.mjs': "export const reporters = [{ name: 'none', files: () => undefined }];\n" },
    says: /^reporter 'none' returned undefined, not an object of file names and their text$/,
  },
  'report --mutants an existing file': { args: () => ['report', 'r', '--mutants', 'f'], files: { r: null, f: 'x' }, says: /^--mutants: f is a file, not a folder/ },
  'merge a missing shard folder': { args: () => ['merge', 'nope', '--out', 'merged'], says: /^<runs>: nope: no such folder/ },
  'merge a folder that is not a shard': { args: () => ['merge', 'r', '--out', 'merged'], files: { r: null }, says: /^r\/run\.json: not found/ },
  'merge --out an existing file': { args: () => ['merge', 'r', '--out', 'f'], files: { r: null, f: 'x' }, says: /^--out: f is a file, not a folder/ },
  'rerun --from a missing run': { args: () => ['rerun', '--from', 'nope'], says: /^--from: nope: no such folder/ },
  'rerun --from a folder that is not a run': { args: () => ['rerun', '--from', 'r'], files: { r: null }, says: /^r\/run\.json: not found/ },
  // the --out of a rerun is checked before the rerun's increment is frozen into ./mutants
  'rerun --out the run it reruns': {
    args: () => ['rerun', '--from', 'r', '--where', 'family=omit', '--out', 'r'],
    setup: faultRun,
    says: /^r\/run\.json: increment\.hash: this folder holds a run of increment apps-[0-9a-f]{12}, not apps-[0-9a-f]{12}; choose another --out$/,
  },
  'rerun --where a misspelt family': { args: () => ['rerun', '--from', 'r', '--where', 'family=omt'], setup: faultRun, says: /^--where family=omt: selects no cell of run run; no cell has family 'omt' \(known: [^)]*\bomit\b[^)]*\); did you mean 'omit'\?$/ },
  'rerun --where a misspelt key': { args: () => ['rerun', '--from', 'r', '--where', 'famly=omit'], setup: faultRun, says: /^--where: expected key=value with key one of family, .*, got 'famly=omit'; did you mean 'family'\?$/ },
  'rerun --out an existing file': { args: () => ['rerun', '--from', 'r', '--out', 'f'], files: { r: null, f: 'x' }, says: /^--out: f is a file, not a folder/ },
  'triage a missing run': { args: () => ['triage', 'nope'], says: /^<run>: nope: no such folder/ },
  'triage --reason (the reason belongs to --dismiss)': { args: () => ['triage', 'r', '--cell', 'c', '--dismiss', '--reason', 'why'], files: { r: null }, says: /^--reason: give the reason as the value of --dismiss or --accept \(--dismiss "why"\)$/ },
  'triage a file': { args: () => ['triage', 'f'], files: { f: 'x' }, says: /^<run>: f is a file, not a folder/ },
  'perturb compare --bootstrap 1e9': { args: () => ['perturb', 'compare', 'p', '--bootstrap', '1000000000'], says: /^--bootstrap: expected a whole number <= 100000, got '1000000000'$/ },
  'triage --dismiss into a --triage under a file': { args: () => ['triage', 'r', '--cell', 'c', '--dismiss', 'why', '--triage', 'f/t.json'], setup: faultRun, files: { f: 'x' }, says: /^--triage: f is a file, not a folder$/ },
  'repair with a patch of another target (empty-turn)': { args: () => ['repair', 'r', '--patch', 'empty-turn', '--mutants', join(shared, 'm')], setup: faultRun, says: /^--patch empty-turn rewrites BFCL's multi-turn checker; apps is not a Python target with that rewrite$/ },
  'repair with a patch of another target (threshold)': { args: () => ['repair', 'r', '--patch', 'threshold', '--mutants', join(shared, 'm')], setup: faultRun, says: /^--patch threshold moves a target that judges each episode with several checkers \(miniwob\) to the strictest of them; apps judges each with one$/ },
  'repair a missing run': { args: () => ['repair', 'nope', '--patch', 'cardinality'], says: /\/nope\/run\.json: not found/ },
  'repair a file': { args: () => ['repair', 'f', '--patch', 'cardinality'], files: { f: 'x' }, says: /^<run>: f is a file, not a folder/ },
  // the scores file and a perturbation set are named as every other path is, not by an errno code or the files a folder lacks
  'consequence --scores a misspelt file': { args: () => ['consequence', 'r', '--scores', 'score.csv'], setup: faultRun, files: { 'scores.csv': 'configuration,split,score\n' }, says: /^--scores: score\.csv does not exist; did you mean scores\.csv\?$/ },
  'consequence --scores a folder': { args: () => ['consequence', 'r', '--scores', 'r'], setup: faultRun, says: /^--scores: r: is a folder, not a file \(read: EISDIR\)$/ },
  'perturb --perturbations a set id cut short': {
    args: () => ['perturb', '--agent', 'replay', '--perturbations', perturbedSet().slice(0, -4)],
    setup: perturbedRun,
    says: /^--perturbations: p\/perturbations\/apps-[0-9a-f]{8}: no such folder \(expected a perturbation run folder or the increment folder of its set\); did you mean p\/perturbations\/apps-[0-9a-f]{12}\?$/,
  },
  'perturb --perturbations a file': { args: () => ['perturb', '--agent', 'replay', '--perturbations', 'f'], files: { f: 'x' }, says: /^--perturbations: f is a file, not a folder/ },
  'consequence a missing run': { args: () => ['consequence', 'nope', '--scores', 's.csv'], says: /^<runs>: nope: no such folder/ },
  'guard with a baseline edited by hand': {
    args: () => ['guard', '--baseline', 'b.json'],
    files: { 'b.json': JSON.stringify({ schema: 'blindspot.guard-baseline/1', increment: { id: 'i', hash: 'h', dir: 'm/i' }, target: 'apps', checkers: {}, summary: {}, cells: { 'control:t/0': 'passs' } }) },
    // named as typed, not by its absolute path
    says: /^b\.json: field cells\.control:t\/0: Invalid option: expected one of "pass"\|"fail"\|"error"\|"incomplete"/,
  },
  // answered in guard's words: the increment the run scored, not how to resume it with `blindspot run`
  'guard --increment a run folder': { args: () => ['guard', '--baseline', 'b.json', '--increment', 'r', '--update-baseline'], setup: faultRun, says: /^--increment: r is a run folder, not a frozen increment; the increment it scored: --increment \/\S+\/m\/apps-[0-9a-f]{12}$/ },
  'guard --out a folder of other files': { args: () => ['guard', '--baseline', 'b.json', '--out', 'notes'], files: { 'b.json': '{}', notes: null, 'notes/todo.txt': 'x' }, says: /^--out: notes holds other files \(todo\.txt\); guard keeps its rerun \(mutants\/ and run\/\) there: name a new or empty folder, or one an earlier guard kept$/ },
  'guard --out another run\'s folder': { args: () => ['guard', '--baseline', 'b.json', '--out', 'r'], setup: faultRun, says: /^--out: r is a run folder; guard keeps its rerun \(mutants\/ and run\/\) in a folder of its own: name a new one$/ },
  // was told to create the baseline it has
  'guard --baseline mistyped': { args: () => ['guard', '--baseline', 'baselne.json'], files: { 'baseline.json': '{}' }, says: /^baselne\.json: no such file; did you mean baseline\.json\?$/ },
  'guard --baseline typed with a trailing slash': { args: () => ['guard', '--baseline', 'baseline.json/'], files: { 'baseline.json': '{}' }, says: /^baseline\.json\/: no such file; did you mean baseline\.json\?$/ },
  'report --triage typed with a trailing slash': { args: () => ['report', 'r', '--triage', 't.json/'], setup: faultRun, files: { 't.json': '{}' }, says: /^--triage: no triage file at t\.json\/; did you mean t\.json\?$/ },
  'consequence --scores typed with a trailing slash': { args: () => ['consequence', 'r', '--scores', 's.csv/'], setup: faultRun, files: { 's.csv': 'configuration,split,score\n' }, says: /^--scores: s\.csv\/ does not exist; did you mean s\.csv\?$/ },
  'guard with no baseline': { args: () => ['guard', '--baseline', 'b.json'], says: /^b\.json: no baseline yet/ },
  'guard --out an existing file': { args: () => ['guard', '--baseline', 'b.json', '--out', 'f'], files: { f: 'x' }, says: /^--out: f is a file, not a folder/ },
  // written after the whole rerun: refused before it, or the verdict is lost with the write
  'guard --junit a folder': { args: () => ['guard', '--baseline', 'b.json', '--junit', 'd'], files: { d: null }, says: /^--junit: d is a folder, not a file$/ },
  'guard --junit in a file, not a folder': { args: () => ['guard', '--baseline', 'b.json', '--junit', 'f/j.xml'], files: { f: 'x' }, says: /^--junit: f is a file, not a folder$/ },
  // a file's path typed as a folder's: a file named j was written, or a temporary file's name shown
  'guard --junit a path ending with /': { args: () => ['guard', '--baseline', 'b.json', '--junit', 'j/'], says: /^--junit: j\/ names a folder \(it ends with \/\), not a file$/ },
  'triage --dismiss into a --triage ending with /': { args: () => ['triage', 'r', '--cell', 'c', '--dismiss', 'why', '--triage', 't/'], setup: faultRun, says: /^--triage: t\/ names a folder \(it ends with \/\), not a file$/ },
  'guard --update-baseline --baseline a folder': { args: () => ['guard', '--baseline', 'd', '--increment', increment, '--update-baseline'], files: { d: null }, says: /^--baseline: d is a folder, not a file$/ },
  // not overwritten: it may be another file named by mistake
  'guard --update-baseline over a file that is no baseline': {
    args: () => ['guard', '--baseline', 'b.json', '--increment', increment, '--update-baseline'],
    files: { 'b.json': '<<<<<<< HEAD\n' },
    says: /^--baseline: b\.json: not valid JSON .*; --update-baseline does not overwrite a file that is not a guard baseline: remove it to start over$/,
  },
  'perturb compare of a fault run': { args: () => ['perturb', 'compare', 'r'], setup: faultRun, says: /^r is a fault run \(increment apps-[0-9a-f]{12}\), not a perturbation run; `blindspot report r` reads it$/ },
  'perturb compare --out an existing file': { args: () => ['perturb', 'compare', 'p', '--out', 'f'], setup: perturbedRun, files: { f: 'x' }, says: /^--out: f is a file, not a folder$/ },
  // refused before the set is read: its folder was named instead, or a line about the set came first
  'perturb --out a fault run': { args: () => ['perturb', '--agent', 'replay', '--out', 'r'], setup: faultRun, says: /^--out: r is a fault run \(increment apps-[0-9a-f]{12}\), not a perturbation run; name a new folder$/ },
  'perturb --out another agent\'s run': { args: () => ['perturb', '--agent', 'literal', '--perturbations', 'p', '--out', 'p'], setup: perturbedRun, says: /^--out: p holds a run of agent 'replay', not of agent 'literal'; choose another --out$/ },
  'perturb --out an existing file': { args: () => ['perturb', '--agent', 'replay', '--out', 'f'], files: { f: 'x' }, says: /^--out: f is a file, not a folder/ },
  'perturb with an agent command that does not exist': { args: () => ['perturb', '--', 'no-such-agent-xyz', '--flag'], says: /^the agent's command after `--`: no-such-agent-xyz: no such command on PATH$/ },
  'perturb --generator a command that does not exist': { args: () => ['perturb', '--agent', 'replay', '--generator', 'no-such-generator-xyz --n 3'], says: /^--generator: no-such-generator-xyz: no such command on PATH$/ },
  'perturb --generator a script, behind its interpreter, that does not exist': { args: () => ['perturb', '--agent', 'replay', '--generator', 'python3 ./gen.py'], says: /^--generator: \.\/gen\.py: no such file$/ },
  'perturb with an agent file that does not exist': { args: () => ['perturb', '--', './agnt.py'], files: { 'agent.py': 'print(1)\n' }, says: /^the agent's command after `--`: \.\/agnt\.py: no such file$/ },
  // the interpreter starts: every episode crashed, and a run folder of them was written (exit 1, after the set was validated)
  'perturb with an agent script, behind its interpreter, that does not exist': { args: () => ['perturb', '--', 'python3', './agnt.py'], files: { 'agent.py': 'print(1)\n' }, says: /^the agent's command after `--`: \.\/agnt\.py: no such file; did you mean \.\/agent\.py\?$/ },
  'perturb with an agent script that is not executable': { args: () => ['perturb', '--', './agent.py'], files: { 'agent.py': 'print(1)\n' }, says: /^the agent's command after `--`: \.\/agent\.py: not executable \(chmod \+x it, or name its interpreter first, e\.g\. python3 \.\/agent\.py\)$/ },
  // a folder of copies that holds none of the checkers would score every cell as a checker error
  'guard --checker-dir an empty folder': {
    args: () => ['guard', '--baseline', 'b.json', '--increment', increment, '--update-baseline', '--checker-dir', 'ed'],
    files: { ed: null },
    says: /^--checker-dir: ed holds none of the target's checker files \(expected copies of those in targets\/apps\/checkers: calendar_create_event\.ts, calendar_reschedule_event\.ts, contacts_add_contact\.ts, \.\.\.\)$/,
  },
  'perturb --checker-dir the target folder, not its checkers folder': {
    args: () => ['perturb', '--target', 'apps', '--agent', 'replay', '--tasks', 'venmo_add_friends/0', '--checker-dir', 'apps', '--no-progress'],
    files: { apps: null, 'apps/target.ts': EMPTY_MODULE, 'apps/checkers': null, 'apps/checkers/venmo_add_friends.ts': EMPTY_MODULE },
    says: /^--checker-dir: apps holds none of the target's checker files \(expected copies of those in targets\/apps\/checkers: calendar_create_event\.ts, /,
  },
  'perturb --split holdout without --unseal': { args: () => ['perturb', '--agent', 'replay', '--split', 'holdout'], says: /^--split: holdout is sealed; add --unseal holdout --reason "<why>"/ },
  'perturb --tasks ""': { args: () => ['perturb', '--agent', 'replay', '--tasks', ''], says: /^--tasks: expected one or more task ids/ },
  'target check --target nope': { args: () => ['target', 'check', '--target', 'nope'], says: /^--target: unknown target 'nope'/ },
  'census --target protocol --target-option timeout=abc': {
    args: () => ['census', '--target', 'protocol', '--target-option', 'timeout=abc', '--', 'node', resolve(PROTOCOL_TOY)],
    says: /^--target-option timeout: /,
  },
};

// The first case of each command spawns the real CLI, proving the path from argv to
// the exit code; the others call it in process, which refuses alike (test/cli/in-process.test.ts).
const spawned = new Set<string>();
const firstOfItsCommand = Object.fromEntries(
  Object.entries(CASES).map(([name, c]) => {
    const command = c.args()[0];
    const first = !spawned.has(command);
    spawned.add(command);
    return [name, first];
  }),
);

describe('refused input writes nothing and says why in one line', () => {
  it.each(Object.entries(CASES))('%s', async (name, c) => {
    const cwd = tmp();
    for (const [path, text] of Object.entries(c.files ?? {})) {
      if (text === null) mkdirSync(join(cwd, path), { recursive: true });
      else writeFileSync(join(cwd, path), text);
    }
    c.setup?.(cwd);
    const before = snapshot(cwd);
    const r = await (firstOfItsCommand[name] ? cli : runCli)(c.args(), c.env ?? {}, cwd);
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^blindspot: /);
    expect(lines[0]).not.toMatch(/internal error|\bat .*\.ts:\d+/);
    expect(lines[0].slice('blindspot: '.length)).toMatch(c.says);
    expect(snapshot(cwd)).toEqual(before);
  });
});

// The contract between the engine and a target adapter. Everything that crosses
// it is plain JSON so that a Python bridge or a subprocess protocol can implement
// the same shapes without the engine noticing.

import type { AgentInputs } from './inputs.ts';
import type { Json } from './json.ts';
import type { PythonRepairProfile } from './repair.ts';

export type Split = 'dev' | 'test' | 'holdout';

export interface TaskInfo {
  id: string;
  /** scenario generator (API targets) or form template (GUI targets) */
  generator: string;
  /** daily variant / configuration index */
  variant: number;
  split: Split;
  /** a grouping above the generator (an app, a record table), for sibling rungs */
  scenario?: string;
  instruction: string;
  params: Record<string, Json>;
  /**
   * The initial state the task starts from, as an opaque id: tasks with the same
   * id start from the same state. Absent: every task starts from one shared state.
   */
  world?: string;
}

/**
 * One step of a trajectory. API targets use `call` = "app.endpoint"; a GUI target
 * uses its own calls ("form.fill", "form.submit"). `kind` tells the grammar what
 * the step does without it knowing the target.
 */
export interface Step {
  call: string;
  args: Record<string, Json>;
  kind: 'write' | 'read' | 'claim';
  /**
   * Legal alternative values per argument, supplied by the target so that
   * wrong-value can move an argument without knowing the target's domains.
   * Only arguments listed here may be moved.
   */
  alternatives?: Record<string, Json[]>;
  /**
   * Arguments whose reference value the task does not determine (a placeholder
   * such as "<summary>", or a value the ground truth's author chose that the
   * agent is never told): any value is as right as the reference's, so no fault
   * family moves them.
   */
  free?: string[];
  /**
   * What values each argument can take, for the search arm's generated values
   * (beyond `alternatives`): numbers with bounds, strings, or identifiers of
   * other existing entities of the same kind.
   */
  domains?: Record<string, Domain>;
  /**
   * The conversation turn the step belongs to, for multi-turn targets whose
   * checker grades turn by turn (BFCL): faults keep it, so an edit lands in a
   * known turn and its description names it.
   */
  turn?: number;
  /**
   * Recorded runs: the agent asked for this call but the harness never ran it (a
   * run cut off with calls pending). It joins the call trace the checker reads,
   * as in the recording, without running.
   */
  executed?: false;
}

/** The values an argument can take, as far as the target can say. */
export type Domain =
  | { type: 'number' | 'integer'; min?: number; max?: number }
  | { type: 'string'; values?: Json[] }
  | { type: 'boolean' }
  /** identifiers of existing entities of one kind (accounts, files, users) */
  | { type: 'id'; kind: string; values: Json[] };

/** Normalisations under which two stored values are the same value. */
export const NORMALISERS = ['trim', 'casefold', 'whitespace', 'number', 'us-city'] as const;
export type Normaliser = (typeof NORMALISERS)[number];

/**
 * How the target's application treats a table or collection; tables are named
 * exactly or by a pattern with `*` (e.g. "slack.user_inbox[*]"). The first
 * declaration that matches a table applies.
 */
export interface TableSemantics {
  table: string;
  /**
   * state (default): the rows are the application's state. log: a record of
   * activity that mirrors other writes (request logs, audit trails, notification
   * feeds, a list aliasing another collection); a difference there alone is not
   * a wrong outcome.
   */
  kind?: 'state' | 'log';
  /** the table is a set: a row equal to another row is no state change */
  set?: boolean;
  /** columns holding lists the application treats as sets (order and duplicates carry no meaning) */
  setColumns?: string[];
  /** columns that carry no meaning across deliveries (clock timestamps, generated ids) */
  ignore?: string[];
  /** per column, normalisations under which two values are the same */
  normalise?: Record<string, Normaliser[]>;
  /**
   * Per column, values that name the same thing as another value (a payee's name
   * and its account number): each is read as the value it maps to.
   */
  aliases?: Record<string, Record<string, Json>>;
  /** why the target declares this, in the report's words */
  why?: string;
}

/** Declared for one argument of one call (`call` may be "*"). */
export interface ArgumentSemantics {
  call: string;
  arg: string;
  /** normalisations under which two values of this argument are the same */
  normalise?: Normaliser[];
  /** values that stand for "anything" (placeholders): never used as an alternative or a generated value */
  placeholders?: Json[];
  /**
   * The task leaves this argument to the agent unless its instruction states the
   * value (a payment's subject, a message's wording): a recorded run's own value
   * is no wrong effect. Read by the recorded-runs arm only; the fault arm moves
   * arguments by `free`, which is stricter.
   */
  open?: boolean;
  /** why the target declares this, in the report's words */
  why?: string;
}

/**
 * What counts as a material difference in this target's effects. Declared by the
 * target from how its application behaves; frozen with each increment, so a
 * report is always classified under the semantics it was frozen with.
 */
export interface EffectSemantics {
  tables?: TableSemantics[];
  arguments?: ArgumentSemantics[];
  /** the claim argument that carries the agent's final answer, when checkers read one */
  answer?: { call: string; arg: string };
}

export interface Trajectory {
  task: string;
  steps: Step[];
  /**
   * Start the episode from this task's initial state instead of `task`'s (intent
   * swap delivers task i's reference in task j's world to compare like with like).
   */
  world?: string;
  /**
   * Deliver under this benchmark version (a target that keeps several versions of
   * its tasks, as AgentDojo does): the episode's world, tools and checker are that
   * version's. Absent: the version the target serves.
   */
  version?: string;
  /**
   * A recorded agent run: every step is delivered as the benchmark answers a
   * model's call, and a call the benchmark rejects is answered with its error
   * while the delivery goes on, as it did when the run was recorded.
   */
  recorded?: boolean;
}

export interface Row {
  /** the row's identity inside its table (primary key, stringified) */
  key: string;
  values: Record<string, Json>;
}

export interface RowUpdate {
  key: string;
  before: Record<string, Json>;
  after: Record<string, Json>;
}

export interface TableEffect {
  added: Row[];
  updated: RowUpdate[];
  removed: Row[];
}

/** Per table; tables with no change are absent. */
export type Effect = Record<string, TableEffect>;

export interface Delivery {
  /** every step ran without an error */
  completed: boolean;
  /** how many steps ran to completion */
  stepsRun: number;
  error?: string;
  /**
   * The task itself ended the episode before the trajectory's last step (a
   * validation schedule that stops at the first final verdict): where and why.
   * The delivery still completed: the remaining steps are never taken.
   */
  ended?: string;
  /** recorded deliveries: the steps the benchmark answered with an error (the delivery went on) */
  rejected?: { step: number; call: string; error: string }[];
  /** live-browser targets: where an incomplete delivery stopped (URL, screenshot as a data: URL) */
  page?: { url: string; screenshot?: string };
}

export type VerdictValue = 'pass' | 'fail' | 'error';

export interface Verdict {
  verdict: VerdictValue;
  /** the checker's own words: failed test cases, error message */
  detail: string;
  /**
   * Optional, set by the adapter (never by the checker): why a rejection happened
   * when the adapter can tell, e.g. 'session-scoped:storage-key' when the checker's
   * evidence is bound to another episode's session.
   */
  cause?: string;
  /**
   * Optional: the verdicts of several checkers judging the same episode (each
   * harness's success rule over one in-page reward), by checker name; `verdict`
   * is the one the target names as its own. Reported side by side.
   */
  checkers?: Record<string, { verdict: VerdictValue; detail: string }>;
}

export interface CheckerFile {
  path: string;
  sha256: string;
}

export interface TargetInfo {
  name: string;
  version: string;
  /** hash over every checker file: a change in any checker changes it */
  checkerHash: string;
  checkerFiles: CheckerFile[];
  /** content hash of the task corpus (tasks + references) */
  corpusHash: string;
  /** what the target can do, for families that need it */
  capabilities: string[];
  /** how to tell a material difference in an effect from an immaterial one; absent: every difference is material */
  semantics?: EffectSemantics;
}

/** A fresh copy of the environment, used for exactly one cell. */
export interface Episode {
  deliver(trajectory: Trajectory): Promise<Delivery>;
  /** the effect so far, read through a channel independent of any checker */
  readback(): Promise<Effect>;
  /** the checker of `taskId` judges this episode's state */
  check(taskId: string): Promise<Verdict>;
  /**
   * Optional, for interactive agents (the input-perturbation arm, src/perturb):
   * run one call now, in the world of `taskId`, and return what the application
   * answered. Without it the harness delivers the call as a one-step trajectory,
   * and the agent learns only whether it succeeded.
   */
  call?(taskId: string, step: Step): Promise<CallResult>;
  close(): Promise<void>;
  /**
   * Optional, for a target that queues episodes (a pipelining protocol target
   * serves one after another): settles when the target starts serving this one,
   * rejects if it never will. The engine times the episode's phases from then,
   * so a queued episode is not charged for the ones ahead of it.
   */
  serving?: Promise<void>;
}

/** What the engine will ask of an episode, told as it opens it (Target.episode). */
export interface EpisodePlan {
  /** the task whose checker judges the episode once its effect is read back */
  check?: string;
  /**
   * The plan is the episode's whole life: one delivery, its readback, the check
   * named (if any), then close, and nothing else. A pipelining target is sent all
   * of it at once, so episodes in flight together reach it one after another.
   */
  whole?: boolean;
}

/** What one call of an interactive agent returned. */
export type CallResult = { ok: true; result: Json } | { ok: false; error: string };

export interface OpenOptions {
  /** a sealed split is opened only with a reason, which is recorded */
  unseal?: { split: Split; reason: string };
  /** a directory of checker copies to use instead of the shipped ones (repair) */
  checkerDir?: string;
  /**
   * Target-specific settings (`--target-option key=value`, e.g. AgentDojo's
   * `suite=banking`); carried in the target spec so workers reopen the same target.
   */
  targetOptions?: Record<string, string>;
  /**
   * A directory private to this run (mode 0700) where a target with persistent
   * state keeps it: database, credentials. The same for every worker and every
   * session of the run; never part of the increment's hash. The engine sets it
   * for a factory that declares `stateful`; without it, such a target keeps its
   * state in a private temporary directory removed at close.
   */
  stateDir?: string;
}

/** A target-specific census body; freeze content-hashes and stores it like the idempotence census. */
export interface TargetCensus {
  kind: string;
  target: string;
  [field: string]: unknown;
}

export interface Target {
  describe(): Promise<TargetInfo>;
  /** every task the target has, sealed ones included (metadata only) */
  tasks(): Promise<TaskInfo[]>;
  /**
   * Refuses for a task of a sealed split unless opened with unseal. `version`: the
   * reference under that benchmark version (targets that keep several).
   */
  reference(taskId: string, options?: { version?: string }): Promise<Trajectory>;
  /**
   * A fresh episode. `plan` says what the engine will ask of it beyond deliver and
   * readback, so a target that pipelines (the protocol's capability `pipeline`)
   * can send it ahead; a target may ignore it.
   */
  episode(plan?: EpisodePlan): Promise<Episode>;
  /**
   * Optional: fix the intent-swap rung of a (checker, trajectory) pair with a
   * reason, when the computed rung would mislead; frozen into the manifest.
   */
  rungOverride?(checker: TaskInfo, trajectory: TaskInfo): { rung: string; reason: string } | undefined;
  /**
   * Optional, for targets whose state outlives a process (a database in the run's
   * stateDir): remove what episodes of this run's interrupted sessions left behind,
   * and nothing of any other run's. Called when a run resumes,
   * before any cell is scored; returns what it removed, which the run records.
   */
  recover?(): Promise<string[]>;
  /**
   * Optional, for the same targets: after a session's cells, what its episodes
   * left behind (rows that should have been removed). The run records it, and the
   * report states it, including a positive "0 residue".
   */
  residue?(): Promise<{ checked: string; found: string[] }>;
  /**
   * Optional: measure the target's own censuses for these tasks (GUI targets:
   * on-form defaults, extra-field candidates); taken at freeze, before any cell.
   */
  censuses?(taskIds: string[]): Promise<TargetCensus[]>;
  /**
   * Optional: what an agent is shown for a task (utterance, procedure, context,
   * tool contract), for the input-perturbation arm (src/perturb).
   */
  inputs?(taskId: string): Promise<AgentInputs>;
  close(): Promise<void>;
}

export interface TargetFactory {
  name: string;
  description: string;
  /**
   * The target keeps state outside the process (a database) that every worker and
   * every session of a run must share: the engine scores it on a target it opens
   * itself with `OpenOptions.stateDir`, never on one a caller opened without it.
   */
  stateful?: boolean;
  open(options: OpenOptions): Promise<Target>;
  /**
   * The `--target-option` keys this target takes; any other key is refused before
   * the target opens. Absent: every key is passed on (a protocol target hands
   * them to its child, which may refuse them itself).
   */
  options?: readonly string[];
  /** protocol-backed targets: the command that starts one (what `target check` exercises) */
  command?(options: OpenOptions): string[] | Promise<string[]>;
  /**
   * Optional: starts the target's process ahead of `open` with the same target
   * options, which adopts it, so that it boots while the engine loads. The CLI
   * calls it as soon as the command line names the target; a process no open
   * adopts is killed when the command ends. It may throw: open reports the problem.
   */
  prestart?(options: OpenOptions): void | Promise<void>;
  /**
   * Optional: where the checker of `task` is in the benchmark's own repository,
   * from the frozen checker files alone (no target opened), for SARIF results.
   * Without it, a generator's own checker file (`<dir>/<generator>.<ext>`) is used.
   */
  locateChecker?(task: string, generator: string, files: CheckerFile[]): CheckerLocation | undefined;
  /** Python benchmarks: what `blindspot repair` needs to patch copies of its checker files */
  pythonRepair?(): Promise<PythonRepairProfile>;
}

/**
 * A module's list of targets by name, each loaded only when opened. `url` is the
 * module's own `import.meta.url`: worker threads and processes import it again,
 * and it must export the list as `targetList`.
 */
export interface TargetList {
  url: string;
  factories: Record<string, () => Promise<TargetFactory>>;
}

/** A file in the benchmark's repository (relative to its root) and a 1-based line. */
export interface CheckerLocation {
  uri: string;
  line: number;
}

export class SealedSplitError extends Error {
  constructor(taskId: string, split: Split) {
    super(`task ${taskId} is in the sealed ${split} split; pass --unseal ${split} --reason "<why>" to open it`);
    this.name = 'SealedSplitError';
  }
}

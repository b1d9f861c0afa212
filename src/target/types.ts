// The contract between the engine and a target adapter. Everything that crosses
// it is plain JSON so that a Python bridge or a subprocess protocol can implement
// the same shapes without the engine noticing.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

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
}

export interface Trajectory {
  task: string;
  steps: Step[];
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
}

/** A fresh copy of the environment, used for exactly one cell. */
export interface Episode {
  deliver(trajectory: Trajectory): Promise<Delivery>;
  /** the effect so far, read through a channel independent of any checker */
  readback(): Promise<Effect>;
  /** the checker of `taskId` judges this episode's state */
  check(taskId: string): Promise<Verdict>;
  close(): Promise<void>;
}

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
  /** refuses for a task of a sealed split unless opened with unseal */
  reference(taskId: string): Promise<Trajectory>;
  episode(): Promise<Episode>;
  /**
   * Optional: fix the intent-swap rung of a (checker, trajectory) pair with a
   * reason, when the computed rung would mislead; frozen into the manifest.
   */
  rungOverride?(checker: TaskInfo, trajectory: TaskInfo): { rung: string; reason: string } | undefined;
  /**
   * Optional, for targets whose state outlives a process (a shared instance): remove
   * what episodes of an interrupted session left behind. Called when a run resumes,
   * before any cell is scored; returns what it removed, which the run records.
   */
  recover?(): Promise<string[]>;
  /**
   * Optional: measure the target's own censuses for these tasks (GUI targets:
   * on-form defaults, extra-field candidates); taken at freeze, before any cell.
   */
  censuses?(taskIds: string[]): Promise<TargetCensus[]>;
  close(): Promise<void>;
}

export interface TargetFactory {
  name: string;
  description: string;
  open(options: OpenOptions): Promise<Target>;
  /**
   * The `--target-option` keys this target takes; any other key is refused before
   * the target opens. Absent: every key is passed on (a protocol target hands
   * them to its child, which may refuse them itself).
   */
  options?: readonly string[];
  /** protocol-backed targets: the command that starts one (what `target check` exercises) */
  command?(options: OpenOptions): string[] | Promise<string[]>;
}

export class SealedSplitError extends Error {
  constructor(taskId: string, split: Split) {
    super(`task ${taskId} is in the sealed ${split} split; pass --unseal ${split} --reason "<why>" to open it`);
    this.name = 'SealedSplitError';
  }
}

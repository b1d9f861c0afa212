// A cell is the unit a run scores: one (checker task, trajectory, family, index),
// with the steps its construction delivers. Plugins and reporters read cells; the
// schema that checks a manifest's cells is src/protocol/cell.ts, held equal to
// this shape by the compiler.
import type { Step } from './target.ts';
import type { Json } from './json.ts';
import type { AgentInputs } from './inputs.ts';

export const ARMS = ['control', 'fault', 'swap', 'floor', 'search', 'runs', 'perturb'] as const;
export type Arm = (typeof ARMS)[number];

/** What a family built for a cell, or why it refused to build anything. */
export type CellConstruction =
  | { ok: true; steps: Step[]; edit: string; plan?: Record<string, Json>[] }
  | { ok: false; reason: string };

/**
 * One scheduled (checker task, trajectory, family, index). The constructed steps
 * are stored in the manifest, so a run needs neither the grammar nor the census:
 * what was frozen is exactly what gets delivered.
 */
export interface Cell {
  id: string;
  arm: Arm;
  family: string;
  index: number;
  checker: string;
  trajectory: string;
  generator: string;
  /** swap cells: the trajectory task's generator, and the pair's rung */
  trajectoryGenerator?: string;
  rung?: string;
  rungReason?: string;
  /** floor cells: the task's scenario (an app suite), for counts per suite */
  scenario?: string;
  /** deliver in this task's initial world instead of the trajectory task's (swap: i's reference in j's world) */
  world?: string;
  /** swap cells of targets whose tasks start from different worlds: each side's world */
  worlds?: { checker: string; trajectory: string };
  /** how the steps are delivered: under a recorded benchmark version, and (recorded runs) going on past calls the benchmark rejects */
  delivery?: { version?: string; recorded?: boolean };
  /** recorded-run cells: the run the steps were read from, and what the benchmark recorded for it */
  run?: RecordedRunMeta;
  /** perturbation cells (src/perturb): the instance an agent works, as what it changes of its task's clean inputs */
  episode?: PerturbedInstance;
  construction: CellConstruction;
}

/** A perturbation instance: a task's clean inputs (no changes) or one validated perturbation of them. */
export interface PerturbedInstance {
  seed?: number;
  /** the inputs that differ from the task's clean ones (the increment's extras keep those once per task) */
  changes: Partial<AgentInputs>;
  /** perturbed tool name -> the backend call it stands for */
  toolMap?: Record<string, string>;
  /** what the agent must ask and what the simulated user answers */
  recovery?: { ask: string; answer: string };
}

/** What a recorded-run cell keeps of its run (src/runs). */
export interface RecordedRunMeta {
  /** the run's file, relative to the runs root (`#<line>` for a JSON-lines record) */
  source: string;
  sha256: string;
  pipeline: string;
  recorded: 'pass' | 'fail';
  version?: string;
  versionRule?: string;
  /** steps whose recorded result was an error the benchmark answered the agent with */
  recordedErrors: number[];
  harnessError?: string;
  /** the task is one the target lists (AgentDojo: a user task, not an injection task given as the user's request) */
  listed?: boolean;
  /** the text of the agent's messages before its final answer, which a chat shows the user too */
  earlier?: string[];
}

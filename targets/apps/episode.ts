import type { CallResult, Delivery, Effect, Episode, Step, Trajectory, Verdict } from '../../src/contract/target.ts';
import type { Json } from '../../src/contract/json.ts';
import { callApi } from './apps/index.ts';
import { readEffect } from './changelog.ts';
import { runChecker } from './checker/run.ts';
import { freshConnection, releaseConnection, type World } from './world/snapshot.ts';

export interface CheckerSource {
  /** the checker file and params for a task, or a thrown SealedSplitError */
  resolve(taskId: string): { file: string; params: Record<string, Json> };
}

/** One fresh copy of the world: the start image, undone back to on close. */
export function openEpisode(world: World, checkers: CheckerSource): Episode {
  const db = freshConnection(world);
  let closed = false;
  const live = () => {
    if (closed) throw new Error('episode is closed');
    return db;
  };
  return {
    async deliver(trajectory: Trajectory): Promise<Delivery> {
      const d = live();
      if (trajectory.version !== undefined) return { completed: false, stepsRun: 0, error: `apps serves one version of its tasks, not ${trajectory.version}` };
      let stepsRun = 0;
      const rejected: NonNullable<Delivery['rejected']> = [];
      for (const step of trajectory.steps) {
        try {
          // a recorded call the agent's harness never ran is not run here either
          if (step.executed !== false) callApi(d, step.call, step.args);
        } catch (e) {
          const error = e instanceof Error ? e.message : String(e);
          // a recorded agent was answered with the error and went on
          if (!trajectory.recorded) return { completed: false, stepsRun, error: `step ${stepsRun} ${step.call}: ${error}` };
          rejected.push({ step: stepsRun, call: step.call, error });
        }
        stepsRun++;
      }
      return { completed: true, stepsRun, ...(rejected.length ? { rejected } : {}) };
    },
    // every apps task starts from the one shared world, so the task id changes nothing here
    async call(_taskId: string, step: Step): Promise<CallResult> {
      try {
        return { ok: true, result: callApi(live(), step.call, step.args) };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
    async readback(): Promise<Effect> {
      return readEffect(live(), world.base, world.keys);
    },
    async check(taskId: string): Promise<Verdict> {
      const { file, params } = checkers.resolve(taskId);
      return runChecker(file, live(), world, params);
    },
    async close() {
      if (!closed) releaseConnection(db);
      closed = true;
    },
  };
}

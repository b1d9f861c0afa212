// Guards for checkers in any language: the shipped verdict stands unless it is
// Pass and the cell's readback shows the guarded mechanism (a row count, or a
// write out of scope) against the task's reference effect. Nothing is rerun, so
// a guard says what a wrapped checker *would* catch.
import type { Classification, ClassifiedCell } from '../classify/classify.ts';
import type { Effect, VerdictValue } from '../contract/target.ts';
import type { Mechanism, PatchedVerdicts } from './result.ts';

/** The patched verdict of every graded cell outside the intent-swap arm, from its shipped verdict. */
function regraded(cls: Classification, patch: (c: ClassifiedCell, shipped: VerdictValue) => { verdict: VerdictValue; detail?: string }): PatchedVerdicts {
  const verdicts: PatchedVerdicts = new Map();
  for (const c of cls.cells) if (c.arm !== 'swap' && c.verdict) verdicts.set(c.cell, patch(c, c.verdict));
  return verdicts;
}

export function guardedVerdicts(cls: Classification, effects: Map<string, Effect | undefined>, mechanism: Mechanism, name: string): PatchedVerdicts {
  return regraded(cls, (c, verdict) => {
    const ref = cls.referenceEffects[c.checker];
    const got = effects.get(c.cell);
    if (verdict !== 'pass' || !ref || !got) return { verdict, detail: verdict === 'pass' ? `${name}: no readback to judge; shipped Pass kept` : c.detail };
    const found = mechanism(ref, got);
    return found.length ? { verdict: 'fail', detail: `${name} would fail: ${found.join('; ')}` } : { verdict: 'pass', detail: c.detail };
  });
}

// The threshold patch, for targets that judge an episode with several checkers
// of one reward (MiniWoB: raw reward, the gym's and BrowserGym's success rules):
// the harness is patched to the strictest rule, so a cell passes only when every
// checker of its episode passes it (for MiniWoB, raw reward = 1: the package's
// own get_binary_reward). Its regrade reads the verdicts each checker gave the
// same recorded episode: the reward is the page's, only the rule changes.

const failing = (c: ClassifiedCell) => Object.entries(c.checkers ?? {}).filter(([, v]) => v !== 'pass').map(([name]) => name);

/** A Pass that another checker of the same episode does not give: the lenient threshold is the mechanism. */
export const lenientThreshold: Mechanism = (_reference, _got, c) =>
  c?.verdict === 'pass' ? failing(c).map((name) => `${name} does not pass it (${c.detail ?? ''})`) : [];

export function thresholdVerdicts(cls: Classification): PatchedVerdicts {
  return regraded(cls, (c, verdict) => {
    if (!c.checkers || verdict === 'error') return { verdict, detail: c.checkers ? c.detail : `threshold: one checker only; shipped verdict kept` };
    const f = failing(c);
    return f.length ? { verdict: 'fail', detail: `threshold: ${f.join(', ')} fail(s) it; ${c.detail ?? ''}` } : { verdict: 'pass', detail: c.detail };
  });
}

// The threshold patch, for targets that judge an episode with several checkers
// of one reward (MiniWoB: raw reward, the gym's and BrowserGym's success rules):
// the harness is patched to the strictest rule, so a cell passes only when every
// checker of its episode passes it (for MiniWoB, raw reward = 1: the package's
// own get_binary_reward). Its regrade reads the verdicts each checker gave the
// same recorded episode: the reward is the page's, only the rule changes.
import type { Classification, ClassifiedCell } from '../classify/classify.ts';
import type { Mechanism, PatchedVerdicts } from './result.ts';

const failing = (c: ClassifiedCell) => Object.entries(c.checkers ?? {}).filter(([, v]) => v !== 'pass').map(([name]) => name);

/** A Pass that another checker of the same episode does not give: the lenient threshold is the mechanism. */
export const lenientThreshold: Mechanism = (_reference, _got, c) =>
  c?.verdict === 'pass' ? failing(c).map((name) => `${name} does not pass it (${c.detail ?? ''})`) : [];

export function thresholdVerdicts(cls: Classification): PatchedVerdicts {
  const verdicts: PatchedVerdicts['verdicts'] = new Map();
  for (const c of cls.cells) {
    if (c.arm === 'swap' || !c.verdict) continue;
    if (!c.checkers || c.verdict === 'error') {
      verdicts.set(c.cell, { verdict: c.verdict, detail: c.checkers ? c.detail : `threshold: one checker only; shipped verdict kept` });
      continue;
    }
    const f = failing(c);
    verdicts.set(c.cell, f.length ? { verdict: 'fail', detail: `threshold: ${f.join(', ')} fail(s) it; ${c.detail ?? ''}` } : { verdict: 'pass', detail: c.detail });
  }
  return { verdicts };
}

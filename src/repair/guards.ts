// Guards for checkers in any language: the shipped verdict stands unless it is
// Pass and the cell's readback shows the guarded mechanism (a row count, or a
// write out of scope) against the task's reference effect. Nothing is rerun, so
// a guard says what a wrapped checker *would* catch.
import type { Classification } from '../classify/classify.ts';
import type { Effect } from '../contract/target.ts';
import type { Mechanism, PatchedVerdicts } from './result.ts';

export function guardedVerdicts(cls: Classification, effects: Map<string, Effect | undefined>, mechanism: Mechanism, name: string): PatchedVerdicts {
  const verdicts: PatchedVerdicts['verdicts'] = new Map();
  for (const c of cls.cells) {
    if (c.arm === 'swap' || !c.verdict) continue;
    const ref = cls.referenceEffects[c.checker];
    const got = effects.get(c.cell);
    if (c.verdict !== 'pass' || !ref || !got) {
      verdicts.set(c.cell, { verdict: c.verdict, detail: c.verdict === 'pass' ? `${name}: no readback to judge; shipped Pass kept` : c.detail });
      continue;
    }
    const found = mechanism(ref, got);
    verdicts.set(c.cell, found.length ? { verdict: 'fail', detail: `${name} would fail: ${found.join('; ')}` } : { verdict: 'pass', detail: c.detail });
  }
  return { verdicts };
}

// The effect of an episode as the recorder saw it, in the engine's table shape:
// `submission` (one row when the task ended its episode: the element the last
// click landed on), `controls` (each form control whose state at that moment
// differs from the start), `clicks` (each element clicked before the end, with
// its count). An episode the task never ended has no effect at all.
import type { Effect, Row } from '../../src/target/types.ts';
import type { Submission } from './page.ts';

const table = (added: Row[] = [], updated: Effect[string]['updated'] = []) => ({ added, updated, removed: [] });

export function effectOf(s: Submission): Effect {
  if (!s.submitted) return {};
  const effect: Effect = {
    submission: table([{ key: 'episode-end', values: { target: s.target?.selector ?? null, text: s.target?.text ?? null } }]),
  };
  const updated = Object.entries(s.submitted)
    .filter(([sel, after]) => JSON.stringify(s.initial[sel]) !== JSON.stringify(after))
    .map(([sel, after]) => ({ key: sel, before: { ...(s.initial[sel] ?? {}) }, after: { ...after } }));
  if (updated.length) effect.controls = table([], updated);
  const counts = new Map<string, { text: string; count: number }>();
  for (const c of s.clicks) counts.set(c.selector, { text: c.text, count: (counts.get(c.selector)?.count ?? 0) + 1 });
  if (counts.size) effect.clicks = table([...counts].map(([key, v]) => ({ key, values: v })));
  return effect;
}

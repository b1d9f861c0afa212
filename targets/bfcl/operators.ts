// Search operators for multi-turn targets, where a step's turn is part of what
// the agent did: a write made one turn early (before the user asked for it, or
// in a turn where the agent had to ask for a missing parameter or lacked the
// function), moved or copied there. Load them with
// `--operators drop duplicate reorder move exchange insert targets/bfcl/operators.ts`.
import type { Edit, SearchContext, SearchOperator, Slot } from '../../src/contract/operator.ts';
import type { Step } from '../../src/contract/target.ts';

/** Reference writes that belong to a turn after the first. */
const lateWrites = (ctx: SearchContext) => ctx.reference.flatMap((s, at) => (s.kind === 'write' && (s.turn ?? 0) > 0 ? [at] : []));

const earlier = (s: Step): Step => ({ ...s, turn: (s.turn ?? 0) - 1 });

function early(name: string, description: string, edit: (slots: Slot[], i: number) => Slot[]): SearchOperator {
  return {
    name,
    description,
    edits: (ctx) => lateWrites(ctx).map((at): Edit => ({ op: name, at })),
    apply(slots, e) {
      const i = slots.findIndex((s) => s.from === e.at);
      return i < 0 ? `step ${e.at} was removed by an earlier edit` : edit(slots, i);
    },
    size: () => ({ steps: 1, args: 0 }),
    describe: (e, ctx) => `${name}: ${ctx.reference[e.at as number].call}#${e.at} of turn ${ctx.reference[e.at as number].turn} in turn ${(ctx.reference[e.at as number].turn ?? 0) - 1}`,
    site: (e, ctx) => `${name} ${ctx.reference[e.at as number].call} into turn ${(ctx.reference[e.at as number].turn ?? 0) - 1}`,
    // moved or copied, into whichever turn: one blind spot of the checker per call, which a maintainer triages once
    mechanism: (e, ctx) => `a write one turn early: ${ctx.reference[e.at as number].call}`,
  };
}

export const operators: SearchOperator[] = [
  early('early', 'make a write one turn earlier than the ground truth makes it', (slots, i) => slots.map((s, k) => (k === i ? { from: s.from, step: earlier(s.step) } : s))),
  early('early-copy', 'also make a write one turn earlier (the turn it belongs to still makes it)', (slots, i) => [
    ...slots.slice(0, i),
    { step: earlier(slots[i].step) },
    ...slots.slice(i),
  ]),
];

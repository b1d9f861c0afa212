import { describe, expect, it } from 'vitest';
import { operators } from '../../../targets/bfcl/operators.ts';
import type { SearchContext } from '../../../src/contract/operator.ts';
import type { Step } from '../../../src/contract/target.ts';

const step = (call: string, turn: number): Step => ({ call, args: {}, kind: 'write', turn });
const ctx = {
  task: { id: 'multi_turn_miss_param_50', generator: 'g', variant: 0, split: 'dev', instruction: '', params: {} },
  reference: [step('VehicleControlAPI.lockDoors', 1), step('VehicleControlAPI.lockDoors', 3), step('TradingBot.place_order', 2)],
  others: [],
} as SearchContext;

describe("BFCL's early-write operators", () => {
  it('name each weakness by operator, call and turn, and its mechanism by the call alone, moved or copied', () => {
    const named = operators.flatMap((op) => op.edits(ctx).map((e) => [op.site!(e, ctx), op.mechanism!(e, ctx)]));
    expect(named).toEqual([
      ['early VehicleControlAPI.lockDoors into turn 0', 'a write one turn early: VehicleControlAPI.lockDoors'],
      ['early VehicleControlAPI.lockDoors into turn 2', 'a write one turn early: VehicleControlAPI.lockDoors'],
      ['early TradingBot.place_order into turn 1', 'a write one turn early: TradingBot.place_order'],
      ['early-copy VehicleControlAPI.lockDoors into turn 0', 'a write one turn early: VehicleControlAPI.lockDoors'],
      ['early-copy VehicleControlAPI.lockDoors into turn 2', 'a write one turn early: VehicleControlAPI.lockDoors'],
      ['early-copy TradingBot.place_order into turn 1', 'a write one turn early: TradingBot.place_order'],
    ]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { SealedSplitError, type Target, type TaskInfo } from '../../../src/contract/target.ts';
import { cell, openApps } from './helpers.ts';

let target: Target;
let tasks: TaskInfo[];

beforeAll(async () => {
  target = await openApps();
  tasks = await target.tasks();
});

describe('task corpus', () => {
  it('has 16 dev generators and 4 holdout generators, 3 variants each', () => {
    const dev = tasks.filter((t) => t.split === 'dev');
    const holdout = tasks.filter((t) => t.split === 'holdout');
    expect(new Set(dev.map((t) => t.generator)).size).toBeGreaterThanOrEqual(16);
    expect(dev.length).toBeGreaterThanOrEqual(48);
    expect(new Set(holdout.map((t) => t.generator)).size).toBe(4);
    expect(holdout.length).toBe(12);
    for (const t of tasks) {
      expect(t.id).toBe(`${t.generator}/${t.variant}`);
      expect([0, 1, 2]).toContain(t.variant);
    }
  });

  it('gives each variant of a generator its own parameters and instruction', () => {
    for (const g of new Set(tasks.map((t) => t.generator))) {
      const vs = tasks.filter((t) => t.generator === g);
      expect(new Set(vs.map((t) => JSON.stringify(t.params))).size, g).toBe(3);
      expect(new Set(vs.map((t) => t.instruction)).size, g).toBe(3);
    }
  });

  it('ends every dev reference with a claim, writes at least once, and names real endpoints', async () => {
    for (const t of tasks.filter((x) => x.split === 'dev')) {
      const ref = await target.reference(t.id);
      expect(ref.task).toBe(t.id);
      const last = ref.steps.at(-1)!;
      expect(last).toMatchObject({ call: 'supervisor.complete_task', kind: 'claim' });
      expect(ref.steps.some((s) => s.kind === 'write'), t.id).toBe(true);
      for (const s of ref.steps) expect(s.call).toMatch(/^[a-z]+\.[a-z_]+$/);
    }
  });

  it('has generators with a repeated write and generators without', async () => {
    const repeated = new Set<string>();
    const single = new Set<string>();
    for (const t of tasks.filter((x) => x.split === 'dev')) {
      const writes = (await target.reference(t.id)).steps.filter((s) => s.kind === 'write').map((s) => s.call);
      (new Set(writes).size < writes.length ? repeated : single).add(t.generator);
    }
    expect(repeated.size).toBeGreaterThanOrEqual(4);
    expect(single.size).toBeGreaterThanOrEqual(4);
  });
});

describe('dev references', () => {
  it('complete, change something, and pass their own checker on a fresh episode', async () => {
    for (const t of tasks.filter((x) => x.split === 'dev')) {
      const ref = await target.reference(t.id);
      const { delivery, effect, verdict } = await cell(target, ref);
      expect(delivery, t.id).toEqual({ completed: true, stepsRun: ref.steps.length });
      expect(Object.keys(effect).length, t.id).toBeGreaterThan(0);
      expect(verdict.verdict, `${t.id}: ${verdict.detail}`).toBe('pass');
    }
  });

  it('read back deep-equal effects on two fresh deliveries', async () => {
    for (const t of tasks.filter((x) => x.split === 'dev')) {
      const ref = await target.reference(t.id);
      const a = await cell(target, ref);
      const b = await cell(target, ref);
      expect(JSON.stringify(b.effect), t.id).toBe(JSON.stringify(a.effect));
    }
  });

  it('offer alternatives that are legal: moving any one of them still delivers', async () => {
    let moved = 0;
    for (const t of tasks.filter((x) => x.split === 'dev')) {
      const ref = await target.reference(t.id);
      for (const [i, step] of ref.steps.entries()) {
        for (const [arg, values] of Object.entries(step.alternatives ?? {})) {
          expect(step.kind).toBe('write');
          expect(values.length).toBeGreaterThanOrEqual(1);
          expect(values.length).toBeLessThanOrEqual(3);
          for (const v of values) {
            expect(v, `${t.id} ${step.call}.${arg}`).not.toEqual(step.args[arg]);
            const steps = ref.steps.map((s, j) => (j === i ? { ...s, args: { ...s.args, [arg]: v } } : s));
            const { delivery } = await cell(target, { task: t.id, steps });
            expect(delivery.completed, `${t.id} ${step.call}.${arg}=${JSON.stringify(v)}: ${delivery.error}`).toBe(true);
            moved++;
          }
        }
      }
    }
    expect(moved).toBeGreaterThan(100);
  });
});

describe('sealed holdout split', () => {
  it('lists holdout tasks but refuses their references and checks without unseal', async () => {
    const id = tasks.find((t) => t.split === 'holdout')!.id;
    await expect(target.reference(id)).rejects.toBeInstanceOf(SealedSplitError);
    const ep = await target.episode();
    await expect(ep.check(id)).rejects.toBeInstanceOf(SealedSplitError);
    await ep.close();
  });

  it('opens with an unseal and its references pass their checkers', async () => {
    const unsealed = await openApps({ unseal: { split: 'holdout', reason: 'test' } });
    for (const t of tasks.filter((x) => x.split === 'holdout')) {
      const ref = await unsealed.reference(t.id);
      const { delivery, verdict } = await cell(unsealed, ref);
      expect(delivery.completed, t.id).toBe(true);
      expect(verdict.verdict, `${t.id}: ${verdict.detail}`).toBe('pass');
    }
  });

  it('is not opened by unsealing another split', async () => {
    const other = await openApps({ unseal: { split: 'test', reason: 'test' } });
    const id = tasks.find((t) => t.split === 'holdout')!.id;
    await expect(other.reference(id)).rejects.toBeInstanceOf(SealedSplitError);
  });
});

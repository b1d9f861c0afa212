import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../src/contract/target.ts';
import { selectTasks, subset } from '../../src/target/select.ts';
import { scheduledTaskId } from '../../src/target/schedule.ts';

const task = (id: string, generator: string): TaskInfo => ({ id, generator, variant: 0, split: 'dev', instruction: '', params: {} });
// servicedesk under validate=final,per-step: every task twice, the per-step copy `<id>@per-step`
const both = ['create_incident/0', 'create_incident/1', 'order_item/0'].flatMap((id) => [
  task(id, id.split('/')[0]),
  task(scheduledTaskId(id, 'per-step'), id.split('/')[0]),
]);

describe('task selection', () => {
  it('a task id selects its copy under every schedule', () => {
    const ids = selectTasks(both, { splits: ['dev'], tasks: ['create_incident/0'] }).map((t) => t.id);
    expect(ids).toEqual(['create_incident/0', 'create_incident/0@per-step']);
    expect(subset(both, ['create_incident/0'], '--where')).toEqual(['create_incident/0', 'create_incident/0@per-step']);
  });

  it('a copy named by its full id selects that copy only', () => {
    expect(selectTasks(both, { splits: ['dev'], tasks: ['order_item/0@per-step'] }).map((t) => t.id)).toEqual(['order_item/0@per-step']);
  });

  it('a generator selects all its tasks, and an unknown name is refused with a guess', () => {
    expect(selectTasks(both, { splits: ['dev'], tasks: ['create_incident'] })).toHaveLength(4);
    expect(() => selectTasks(both, { splits: ['dev'], tasks: ['create_incident/2'] })).toThrow(/no task or generator named 'create_incident\/2'/);
    expect(() => subset(both, ['order_item/1'], '--tasks')).toThrow(/--tasks: no selected task or generator named 'order_item\/1'/);
  });

  it('a name that only looks like a schedule copy is not split', () => {
    const odd = [task('mail@home', 'g1'), task('mail', 'g2')];
    expect(selectTasks(odd, { splits: ['dev'], tasks: ['mail'] }).map((t) => t.id)).toEqual(['mail']);
  });
});

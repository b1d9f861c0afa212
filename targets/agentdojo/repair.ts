// What `blindspot repair` needs to patch AgentDojo's own checker files: where they
// live in its repository, and which function judges a task (so that a patch a
// task's control rejects is taken back out of that function).
import type { PythonRepairProfile } from '../../src/contract/repair.ts';

export const profile: PythonRepairProfile = {
  package: 'agentdojo',
  // ethz-spylab/agentdojo keeps the package under src/
  upstreamPrefix: 'src/',
  patches: ['cardinality'],
  checkerFunction(task) {
    const m = /^(\w+)\/user_task_(\d+)$/.exec(task);
    return m ? { path: `agentdojo/default_suites/v1/${m[1]}/user_tasks.py`, qualname: `UserTask${m[2]}.utility` } : undefined;
  },
};

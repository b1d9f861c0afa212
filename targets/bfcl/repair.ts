// What `blindspot repair` needs to patch BFCL's multi-turn checker: where it lives
// in the gorilla repository. Every task is judged by one function, so a patch its
// controls reject is reported, never narrowed.
import type { PythonRepairProfile } from '../../src/contract/repair.ts';

export const profile: PythonRepairProfile = {
  package: 'bfcl_eval',
  upstreamPrefix: 'berkeley-function-call-leaderboard/',
  patches: ['empty-turn'],
  checkerFunction: () => undefined,
  everyTask: { path: 'bfcl_eval/eval_checker/multi_turn_eval/multi_turn_checker.py', qualname: 'multi_turn_checker' },
};

// What the top-level `--help` lists of each command: its name (with positionals)
// and one line. It lives apart from the command modules so that `--help` and
// every command other than the one chosen list a command without loading its
// module (main.ts); each module spreads its head into its CommandModule.
export interface CommandHead {
  command: string;
  describe: string;
}

/** In the order `--help` lists them. */
export const HEADS = {
  audit: {
    command: 'audit',
    describe:
      'census, freeze, run and report in one go; with --out on an interrupted run folder, resume it',
  },
  census: {
    command: 'census',
    describe:
      'measure, per task, whether repeating its last write changes its effect, and store the idempotence census under censuses/',
  },
  freeze: {
    command: 'freeze',
    describe:
      'take the censuses, enumerate every cell and freeze the increment under mutants/ (scores nothing)',
  },
  run: {
    command: 'run <increment>',
    describe:
      'score the cells of a frozen increment into a resumable ledger, then write the report',
  },
  report: {
    command: 'report <run>',
    describe:
      'classify a run\'s ledger and render report.md, report.json and CSV files',
  },
  merge: {
    command: 'merge <runs..>',
    describe:
      'combine the shard run folders of one increment (run --shard i/n) into one run folder and write its reports, as a single run would',
  },
  targets: {
    command: 'targets',
    describe:
      'list the targets blindspot can audit',
  },
  rerun: {
    command: 'rerun',
    describe:
      'freeze the cells of an earlier run that match --where as a new increment, rerun them with readback, and report confirmed wrong effects',
  },
  target: {
    command: 'target',
    describe:
      'work with target adapters: `target check -- <command...>` tests a protocol target',
  },
  repair: {
    command: 'repair <run>',
    describe:
      'apply a patch to the checkers implicated in a run\'s false accepts, regrade, and show flips and controls preserved',
  },
  guard: {
    command: 'guard',
    describe:
      'CI: rerun a frozen increment against the current checkers and fail on a new false accept, a lost rejection or a failing control',
  },
  triage: {
    command: 'triage <run>',
    describe:
      'mark a finding of a run (--cell) or a search weakness on every task (--weakness) dismissed or accepted, with a reason, in the triage file kept beside the benchmark (keyed by construction or weakness name, so it holds for later runs); without a mark, list the findings and their triage',
  },
  consequence: {
    command: 'consequence <runs..>',
    describe:
      'what the findings could mean for a leaderboard: under the run\'s error budgets, which published pairwise orders and which top-1 stay identified',
  },
  perturb: {
    command: 'perturb',
    describe:
      'the input-perturbation arm (AgentPerturb): validated perturbations of what an agent is shown, paired clean/perturbed episodes graded by the pristine checker and read back',
  },
  init: {
    command: 'init',
    describe:
      'write the skeleton of a protocol target for a benchmark: --python <dir> (an adapter on the Python SDK, and a README)',
  },
} satisfies Record<string, CommandHead>;

export type CommandName = keyof typeof HEADS;

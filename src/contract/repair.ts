// What a target brings to `blindspot repair`: the patches blindspot knows, and
// for a Python benchmark, where its checker files come from (TargetFactory.pythonRepair).
export const PATCHES = ['cardinality', 'count-guard', 'scope-guard', 'empty-turn', 'threshold'] as const;
export type PatchName = (typeof PATCHES)[number];

/** What a Python target tells the repair about its benchmark's sources. */
export interface PythonRepairProfile {
  /** the installed package whose files the checker files are (`<package>/...` in the increment) */
  package: string;
  /** where that package sits in the benchmark's repository, for upstream.diff's paths */
  upstreamPrefix: string;
  /** the patches the rewriter knows for this benchmark's checkers */
  patches: PatchName[];
  /** the function that judges a task, to take a patch out of it when the task's control rejects it */
  checkerFunction(task: string): { path: string; qualname: string } | undefined;
  /**
   * The one function that judges every task, for a benchmark whose checker is not
   * narrowed (checkerFunction names none): it tells whether the patch reached the
   * checker of a cell that kept its Pass, which otherwise reads as not known.
   */
  everyTask?: { path: string; qualname: string };
}

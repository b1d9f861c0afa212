// `target check` for a built-in target that runs in process (miniwob): the
// checks every target must pass, without the protocol's handshake and
// malformed-request probes, plus one for targets that judge an episode with
// several checkers: each of them passes every reference.
import type { OpenOptions, Target } from '../contract/target.ts';
import { checkDeclarations, checkSubject, result, type ConformanceReport, type Subject } from './protocol/conformance.ts';

export async function checkTarget(spec: string, target: Target, open: OpenOptions, only?: string[]): Promise<ConformanceReport> {
  const info = await target.describe();
  const report: ConformanceReport = { ok: false, command: [spec], target: info, tasks: 0, checks: [] };
  const subject: Subject = { tasks: () => target.tasks(), reference: (id) => target.reference(id), episode: () => target.episode(), alive: () => true };
  const found = await checkSubject(subject, report, open, only);
  const { controls } = found;
  report.checks.push(...(await checkDeclarations(subject, info, found)));
  const judged = controls.filter((c) => c.verdicts[0]?.checkers);
  if (judged.length) {
    const failures = judged.flatMap((c) =>
      Object.entries(c.verdicts[0].checkers!)
        .filter(([, v]) => v.verdict !== 'pass')
        .map(([name, v]) => `${c.task}: checker ${name} says ${v.verdict} (${v.detail})`),
    );
    report.checks.push(result('every checker of the episode passes the reference', judged.length, failures));
  }
  report.ok = report.checks.every((c) => c.ok);
  return report;
}

// `target check` for a built-in target that runs in process (miniwob): the
// checks every target must pass, without the protocol's handshake and
// malformed-request probes, plus one for targets that judge an episode with
// several checkers: each of them passes every reference.
import type { OpenOptions, Target, Trajectory } from '../contract/target.ts';
import { checkSubject, result, type Control, type ConformanceReport } from './protocol/conformance.ts';

/** The reference on two fresh episodes; its checker asked twice on the first and once on the second. */
async function control(target: Target, trajectory: Trajectory): Promise<Control> {
  const out: Control = { task: trajectory.task, delivery: { completed: true }, effects: [], verdicts: [] };
  for (const asks of [2, 1]) {
    const episode = await target.episode();
    try {
      const d = await episode.deliver(trajectory);
      if (!d.completed) out.delivery = d;
      out.effects.push(await episode.readback());
      for (let k = 0; k < asks; k++) out.verdicts.push(await episode.check(trajectory.task));
    } finally {
      await episode.close().catch(() => undefined);
    }
  }
  return out;
}

export async function checkTarget(spec: string, target: Target, open: OpenOptions, only?: string[]): Promise<ConformanceReport> {
  const info = await target.describe();
  const report: ConformanceReport = { ok: false, command: [spec], target: info, tasks: 0, checks: [] };
  const subject = { tasks: () => target.tasks(), reference: (id: string) => target.reference(id), control: (t: Trajectory) => control(target, t), alive: () => true };
  const { controls } = await checkSubject(subject, report, open, only);
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

// The success rules of the harnesses that consume a MiniWoB task's reward, each
// its own checker. The reward itself is computed by the task's JavaScript; these
// rules only turn it into success, and that threshold is what they disagree on.
// Modelled from the installed sources (read, not copied), named with their lines.
import type { VerdictValue } from '../../src/contract/target.ts';
import type { RewardState } from './page.ts';

export interface Harness {
  /** where the rule comes from */
  source: string;
  /** the rule in words, for the report */
  rule: string;
  pass(r: RewardState): boolean;
}

export const HARNESSES = {
  /** The task's own reward at face value: full credit only. */
  'raw-reward': {
    source: 'core.js WOB_RAW_REWARD_GLOBAL; the same rule as miniwob/reward.py get_binary_reward',
    rule: 'done and raw reward = 1 (the task grants full credit)',
    pass: (r) => r.done && r.rawReward >= 1,
  },
  /**
   * miniwob 1.1.0's gym environment: SeleniumInstance uses get_original_reward
   * unless a reward_processor is passed (selenium_instance.py, `if not
   * reward_processor: self.reward_processor = get_original_reward`), which returns
   * the time-discounted WOB_REWARD_GLOBAL (reward.py get_original_reward); an
   * episode with positive reward is the environment's success.
   */
  'miniwob-gym': {
    source: 'miniwob 1.1.0 selenium_instance.py (default reward_processor) and reward.py get_original_reward',
    rule: 'done and env reward > 0 (the default reward processor passes the time-discounted reward on)',
    pass: (r) => r.done && r.reward > 0,
  },
  /** browsergym-miniwob 0.14.3 base.py AbstractMiniwobTask.validate: `reward = float(info["RAW_REWARD_GLOBAL"] > 0)`. */
  browsergym: {
    source: 'browsergym-miniwob 0.14.3 browsergym/miniwob/base.py AbstractMiniwobTask.validate',
    rule: 'raw reward > 0',
    pass: (r) => r.rawReward > 0,
  },
} satisfies Record<string, Harness>;

export type HarnessName = keyof typeof HARNESSES;
export const HARNESS_NAMES = Object.keys(HARNESSES) as HarnessName[];

export const describeReward = (r: RewardState) =>
  `raw reward ${r.rawReward}, env reward ${Number(r.reward.toFixed(4))}, ${r.done ? 'done' : 'not done'}${r.reason ? `, reason ${JSON.stringify(r.reason)}` : ''}`;

export function judge(r: RewardState): Record<HarnessName, { verdict: VerdictValue; detail: string }> {
  const out = {} as Record<HarnessName, { verdict: VerdictValue; detail: string }>;
  for (const name of HARNESS_NAMES) out[name] = { verdict: HARNESSES[name].pass(r) ? 'pass' : 'fail', detail: `${HARNESSES[name].rule}: ${describeReward(r)}` };
  return out;
}

import type { TargetFactory } from '../../src/contract/target.ts';

export const miniwob: TargetFactory = {
  name: 'miniwob',
  description: 'MiniWoB++ (the pinned miniwob PyPI package): in-page task rewards read by the miniwob gym and BrowserGym success rules, through Playwright',
  options: ['seeds', 'harness'],
  async open(options) {
    return (await import('./target.ts')).openMiniwob(options);
  },
};

import type { TargetFactory } from '../../src/contract/target.ts';

export const apps: TargetFactory = {
  name: 'apps',
  description: 'Embedded API-native world in the AppWorld style: contacts, messages, venmo, spotify, todo and calendar apps over SQLite, with scenario generators, daily variants and state-diff checkers.',
  options: [],
  // loaded on open, so that listing targets stays cheap
  open: async (options) => (await import('./target.ts')).openApps(options),
};

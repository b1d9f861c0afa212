import type { TargetFactory } from '../../src/target/types.ts';
import { openApps } from './target.ts';

export const apps: TargetFactory = {
  name: 'apps',
  description: 'Embedded API-native world in the AppWorld style: contacts, messages, venmo, spotify, todo and calendar apps over SQLite, with scenario generators, daily variants and state-diff checkers.',
  open: openApps,
};

export { ApiError } from './api/endpoint.ts';

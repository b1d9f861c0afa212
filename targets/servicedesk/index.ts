import type { TargetFactory } from '../../src/contract/target.ts';

export const servicedesk: TargetFactory = {
  name: 'servicedesk',
  description:
    'Embedded live-browser target in the WorkArena style: a local service-desk web app (record forms, service catalog, Table API) ' +
    'driven through Playwright, with validators that follow WorkArena\'s published design. ' +
    'Option validate=final (once, after the trajectory; default), per-step (after every step, as BrowserGym does) or final,per-step.',
  // validate=final (default: once, after the trajectory), per-step (after every step, as BrowserGym does), or final,per-step
  options: ['validate'],
  stateful: true,
  // loaded on open, so that listing targets stays cheap
  open: async (options) => (await import('./target.ts')).openServicedesk(options),
};

// The built-in targets, the one list of them: the CLI registers it, and every
// scorer it starts registers it again from this module's URL. Loaded lazily so
// that a command touching one target never pays for another.
import type { TargetList } from '../src/contract/target.ts';

export const targetList: TargetList = {
  url: import.meta.url,
  factories: {
    apps: async () => (await import('./apps/index.ts')).apps,
    servicedesk: async () => (await import('./servicedesk/index.ts')).servicedesk,
    agentdojo: async () => (await import('./agentdojo/index.ts')).agentdojo,
    bfcl: async () => (await import('./bfcl/index.ts')).bfcl,
    miniwob: async () => (await import('./miniwob/index.ts')).miniwob,
  },
};

import type { TargetFactory } from '../../contract/target.ts';

/**
 * Any benchmark in any language: `--target protocol -- <command...>`. The client
 * (execa, zod) loads on open, so that listing targets stays cheap.
 */
export const protocol: TargetFactory = {
  name: 'protocol',
  description: 'any benchmark speaking the external target protocol (docs/protocol.md): --target protocol -- <command...>',
  command: async (options) => (await import('./target.ts')).commandFrom(options),
  open: async (options) => (await import('./target.ts')).openCommandTarget(options),
};

import type { CommandModule } from 'yargs';
import { knownTargets, targetFactory } from '../target/registry.ts';
import type { Out } from './out.ts';

// Apart from the other stage commands: listing the targets loads each target's
// registration module and nothing of the engine.
export const targetsCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) => y,
  handler: async () => {
    for (const name of knownTargets()) out.log(`${name.padEnd(12)} ${(await targetFactory(name)).description}`);
  },
});

import type { CommandModule } from 'yargs';
import { knownTargets, targetFactory } from '../target/registry.ts';
import { jsonOption } from './options.ts';
import type { Out } from './out.ts';

// Apart from the other stage commands: listing the targets loads each target's
// registration module and nothing of the engine.
export const targetsCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) => jsonOption(y),
  handler: async (a) => {
    const targets = await Promise.all(knownTargets().map(async (name) => ({ name, description: (await targetFactory(name)).description })));
    if (a.json) out.log(JSON.stringify(targets, null, 2));
    else for (const t of targets) out.log(`${t.name.padEnd(12)} ${t.description}`);
  },
});

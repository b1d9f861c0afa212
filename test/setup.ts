// The tests' composition root, as src/cli/main.ts is the CLI's: tests open the
// built-in targets by name, in process, without going through the CLI.
import { registerTargets } from '../src/target/registry.ts';
import { targetList } from '../targets/index.ts';

registerTargets(targetList);

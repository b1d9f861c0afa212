// Worker threads start without the parent's loader: register tsx before the
// TypeScript worker module (and the target's TypeScript checkers) load.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');

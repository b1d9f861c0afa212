#!/usr/bin/env node
// `npm run bench [names]`: the benches (TypeScript, through tsx) time the compiled
// program in dist/ when it is current, as bin/blindspot.mjs would run it, else the
// sources, and say which on the first line. BLINDSPOT_SOURCES=1 times the sources.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';
import { compiled } from '../bin/dist.mjs';

registerTsx();
const dist = compiled('bundle/cli') !== undefined;
if (dist) register('./dist-hook.mjs', import.meta.url);
console.log(`bench: timing ${dist ? 'the compiled program in dist/' : 'the TypeScript sources'}`);
await import('./index.ts');

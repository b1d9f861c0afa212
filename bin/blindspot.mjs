#!/usr/bin/env node
import { compiled } from './dist.mjs';

const built = compiled('bundle/cli');
let main;
if (built) {
  ({ main } = await import(built));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));

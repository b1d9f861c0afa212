#!/usr/bin/env node
// Runs a TypeScript entry point through tsx, so the project needs no build step
// and checker files (TypeScript) can be loaded and patched at run time.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [entry, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(resolve(entry)).href);

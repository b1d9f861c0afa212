import { readFileSync } from 'node:fs';

/** package.json's version: --version, and the tool version every report names. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

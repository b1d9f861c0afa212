import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_ROOT } from './install.ts';

/** package.json's version: --version, and the tool version every report names. */
export const VERSION: string = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')).version;

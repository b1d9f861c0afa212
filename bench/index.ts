// npm run bench: speed goals are measured here, never in unit tests.
import { benchFaults, benchSwap } from './faults.ts';
import { benchFloor } from './floor.ts';
import { benchBfcl, benchBridge } from './bridge.ts';
import { benchBrowser } from './browser.ts';
import { benchSearch } from './search.ts';
import { benchStartup } from './startup.ts';
import { benchMiniwob } from './miniwob.ts';
import { benchPerturb } from './perturb.ts';
import { benchRuns } from './runs.ts';
import { benchWhole } from './whole.ts';
import { registerTargets } from '../src/target/registry.ts';
import { targetList } from '../targets/index.ts';

// The benches open built-in targets by name, as the CLI does.
registerTargets(targetList);

const which = process.argv.slice(2);
const all = !which.length;
if (all || which.includes('faults')) await benchFaults();
if (all || which.includes('swap')) await benchSwap();
if (all || which.includes('floor')) await benchFloor();
if (all || which.includes('bridge')) await benchBridge();
if (all || which.includes('bfcl')) await benchBfcl();
if (all || which.includes('browser')) await benchBrowser();
if (all || which.includes('search')) await benchSearch();
if (all || which.includes('startup')) await benchStartup();
if (all || which.includes('whole')) await benchWhole();
if (all || which.includes('miniwob')) await benchMiniwob();
if (all || which.includes('perturb')) await benchPerturb();
if (all || which.includes('runs')) await benchRuns();

// One place that finds and launches Chromium. Playwright cannot download its own
// browser on machines without network, so we look for a system Chromium, prefer
// the much faster headless shell, and let users point at any Chromium (including
// Playwright's bundled one) with --browser or BLINDSPOT_CHROMIUM.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { InputError } from './errors.ts';

export const BROWSER_ENV = 'BLINDSPOT_CHROMIUM';

const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

// Without the background-networking flags Chromium keeps dialling out, which a
// closed network refuses; we never pass --disable-features (it would replace
// Playwright's own list).
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium(): string {
  const wanted = process.env[BROWSER_ENV];
  if (wanted) {
    if (!existsSync(wanted)) throw new InputError(`--browser/${BROWSER_ENV}: no browser at ${wanted}`);
    return wanted;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new InputError(
      `no Chromium found (looked at ${CANDIDATES.join(', ')}); install one with \`apt-get install chromium-headless-shell\` ` +
        `or point ${BROWSER_ENV} (or --browser) at a Chromium executable, e.g. Playwright's bundled one`,
    );
  }
  return found;
}

export async function launchChromium(): Promise<Browser> {
  // Loaded here, not at the top: the CLI reads BROWSER_ENV at start-up and
  // playwright-core alone costs more than half a second to load.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: findChromium(), headless: true, args: ARGS });
}

// What an opened miniwob target runs: a loopback server over the package's task
// HTML (read-only, inside the html folder) and one Chromium, started together
// and stopped together, so neither outlives the target (one per run worker).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/util/browser.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function staticFiles(root: string) {
  const base = normalize(root + sep);
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = normalize(join(base, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const file = path.startsWith(base) && statSync(path, { throwIfNoEntry: false })?.isFile() ? path : undefined;
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  };
}

export interface TaskRuntime {
  /** http://127.0.0.1:<port>, serving the html folder at its root */
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startRuntime(htmlRoot: string): Promise<TaskRuntime> {
  const server = createServer(staticFiles(htmlRoot)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const stopServer = async () => {
    server.closeAllConnections();
    if (server.listening) await new Promise((done) => server.close(done));
  };
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await stopServer();
    throw e;
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await stopServer();
    },
  };
}

import { describe, expect, it } from 'vitest';
import { writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { openProtocolTarget } from '../../src/target/protocol/target.ts';
import { ProtocolClient } from '../../src/target/protocol/client.ts';
import { RemoteError } from '../../src/target/protocol/messages.ts';
import { openTarget } from '../../src/target/registry.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';

const toy = (...args: string[]) => ['node', PROTOCOL_TOY, ...args];
const tmp = useTmp();

describe('protocol target', { timeout: 30_000 }, () => {
  it('serves tasks, references and episodes over JSON lines', async () => {
    const target = await openProtocolTarget(toy(), {});
    try {
      expect((await target.describe()).name).toBe('toy-protocol');
      expect((await target.tasks()).map((t) => t.id)).toEqual(['notes/0', 'notes/1']);
      const ref = await target.reference('notes/0');
      const ep = await target.episode();
      expect(await ep.deliver(ref)).toEqual({ completed: true, stepsRun: 2 });
      expect(await ep.readback()).toEqual({ notes: { added: [{ key: '1', values: { text: 'hello' } }], updated: [], removed: [] } });
      expect((await ep.check('notes/0')).verdict).toBe('pass');
      expect((await ep.check('notes/1')).verdict).toBe('fail');
      await ep.close();
    } finally {
      await target.close();
    }
  });

  it('turns a structured error into a RemoteError with its code', async () => {
    const target = await openProtocolTarget(toy(), {});
    try {
      const err = await target.reference('nope/0').catch((e) => e);
      expect(err).toBeInstanceOf(RemoteError);
      expect(err.code).toBe('unknown-task');
    } finally {
      await target.close();
    }
  });

  it('a child that dies mid-cell loses that cell only; the next episode gets a restarted child', async () => {
    const marker = join(tmp(), 'die');
    const target = (await openProtocolTarget(toy('--die-once', marker), {})) as Awaited<ReturnType<typeof openProtocolTarget>> & { restarts: number };
    try {
      const ref = await target.reference('notes/0');
      writeFileSync(marker, '');
      const lost = await target.episode();
      const d = await lost.deliver(ref);
      expect(d.completed).toBe(false);
      expect(d.error).toMatch(/exited with code 3/);
      await expect(lost.readback()).rejects.toThrow(/exited/);
      await expect(lost.check('notes/0')).rejects.toThrow(/exited/);
      await lost.close();
      expect(existsSync(marker)).toBe(false);

      const next = await target.episode();
      expect(await next.deliver(ref)).toEqual({ completed: true, stepsRun: 2 });
      expect((await next.check('notes/0')).verdict).toBe('pass');
      expect(target.restarts).toBe(1);
    } finally {
      await target.close();
    }
  });

  it('kills a child that does not answer in time, and refuses a failed handshake clearly', async () => {
    const client = new ProtocolClient(['node', '-e', 'process.stdin.resume()'], { timeoutMs: 200 });
    await expect(client.request('tasks')).rejects.toThrow(/did not answer tasks within 200 ms/);
    expect(client.alive).toBe(false);
    await client.close();
    await expect(openProtocolTarget(['node', '-e', 'process.exit(1)'], {})).rejects.toThrow(/handshake failed: .*exited with code 1/);
  });

  it('offers protocol 3, then each lower version; inputs and call exist only on a target that speaks 3 and advertises them', async () => {
    const old = await openProtocolTarget(toy(), {});
    try {
      expect((await old.describe()).capabilities).toEqual(['api', 'readback']);
      expect(old.inputs).toBeUndefined();
      const ep = await old.episode();
      expect(ep.call).toBeUndefined();
      await ep.close();
    } finally {
      await old.close();
    }

    const target = await openProtocolTarget(toy('--protocol', '3'), {});
    try {
      expect((await target.describe()).capabilities).toEqual(['api', 'readback', 'inputs', 'call']);
      const inputs = await target.inputs!('notes/1');
      expect(inputs.utterance).toBe('add a note bye');
      expect(inputs.tools.map((t) => t.name)).toEqual(['notes.add']);
      const ep = await target.episode();
      // a failing call is an answer, and changes nothing
      expect(await ep.call!('notes/1', { call: 'notes.delete', args: {}, kind: 'write' })).toEqual({ ok: false, error: 'no tool notes.delete' });
      expect(await ep.readback()).toEqual({});
      expect((await ep.check('notes/1')).verdict).toBe('fail');
      expect(await ep.call!('notes/1', { call: 'notes.add', args: { text: 'bye' }, kind: 'write' })).toEqual({ ok: true, result: { id: 1 } });
      expect(await ep.readback()).toEqual({ notes: { added: [{ key: '1', values: { text: 'bye' } }], updated: [], removed: [] } });
      expect((await ep.check('notes/1')).verdict).toBe('pass');
      await ep.close();
      await expect(target.inputs!('nope/0')).rejects.toThrow(/unknown-task/);
    } finally {
      await target.close();
    }
  });

  it('is reachable as --target protocol with the command in the spec', async () => {
    const target = await openTarget(`protocol?command=${encodeURIComponent(`node ${PROTOCOL_TOY}`)}`);
    try {
      expect((await target.describe()).version).toBe('good');
    } finally {
      await target.close();
    }
  });
});

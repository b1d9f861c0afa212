// The record page a browser lands on after submitting a form (no browser needed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceDb } from '../../../targets/servicedesk/app/db.ts';
import { instanceIn, openInstanceDb, type Instance } from '../../../targets/servicedesk/app/instance.ts';
import { ServiceDeskServer } from '../../../targets/servicedesk/app/server.ts';
import { ADMIN, refId } from '../../../targets/servicedesk/app/seed.ts';
import { useTmp } from '../../fixtures/tmp.ts';

const tmp = useTmp();

describe('servicedesk record page', () => {
  let inst: Instance;
  let db: InstanceDb;
  let server: ServiceDeskServer;
  beforeAll(async () => {
    inst = await instanceIn(tmp());
    db = openInstanceDb(inst);
    server = new ServiceDeskServer(db);
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
    db.close();
  });

  it('shows a reference field by its display value', async () => {
    const id = db.insert('incident', { caller_id: refId('sys_user', ADMIN.user_name), short_description: 'printer jam' }, ADMIN.user_name);
    const auth = `Basic ${Buffer.from(`${inst.admin.user}:${inst.admin.password}`).toString('base64')}`;
    const res = await fetch(`${server.url}/incident.do?sys_id=${id}`, { headers: { authorization: auth } });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(body).toContain(`<td>${ADMIN.name}</td>`);
    expect(body).toContain('<td>printer jam</td>');
  });

  it('refuses an order outside the quantity bounds (1 to 10) and keeps the item\'s short description on the requested item', async () => {
    const auth = `Basic ${Buffer.from(`${inst.admin.user}:${inst.admin.password}`).toString('base64')}`;
    const order = (q: string) =>
      fetch(`${server.url}/catalog/order?sysparm_id=apple_watch`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: `IO.quantity=${q}`,
      });
    for (const q of ['0', '11']) {
      const res = await order(q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(await res.text()).toMatch(/Quantity must be a whole number from 1 to 10/);
    }
    const ok = await order('10');
    expect(ok.status).toBe(303);
    const request = new URL(ok.headers.get('location')!, server.url).searchParams.get('sysparm_sys_id')!;
    expect(db.select('sc_req_item', [['request', '=', request]])).toMatchObject([{ quantity: '10', short_description: 'Apple Watch - Their most personal device ever' }]);
  });
});

import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { nodeFloor } from '../../scripts/node-floor.ts';
import { testLeadDb, type TestLeadDb } from './support/lead-load.ts';
import { startServer, type SideServer } from './support/server';

/**
 * The built server on the lowest Node that package.json's "engines" allows, as an operator who
 * follows the deploy guide to the letter would run it: it starts, serves a page and stores an
 * enquiry on either store. The rest of the run uses the newer Node the lockfile pins.
 */
/** Installed once for the run by node-floor-setup.ts. */
const floorNode = process.env['NODE_FLOOR_BIN'] ?? '';

for (const kind of ['sqlite', 'postgresql'] as const) {
  test(`starts on the lowest Node "engines" allows and stores an enquiry on ${kind}`, async () => {
    expect(floorNode, 'NODE_FLOOR_BIN: run the specs through playwright.config.ts').not.toBe('');
    expect(execFileSync(floorNode, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${nodeFloor()}`);
    let db: TestLeadDb | undefined;
    let server: SideServer | undefined;
    try {
      db = await testLeadDb(kind);
      server = await startServer(db.env, { node: floorNode });
      expect((await fetch(`${server.origin}/hajj-packages`)).status).toBe(200);
      const response = await fetch(`${server.origin}/api/forms/hajj`, {
        method: 'POST',
        body: new URLSearchParams({
          name: 'Amina Yusuf',
          email: 'amina@example.com',
          phone: '3125550147',
          message: 'Hajj for my parents.',
        }),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect((await db.leads()).map((lead) => lead.id)).toEqual([id]);
    } finally {
      server?.process.kill();
      await db?.close();
    }
  });
}

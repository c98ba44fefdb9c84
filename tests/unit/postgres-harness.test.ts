import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freshDatabase, startPostgres } from '../support/postgres.ts';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the PostgreSQL test harness', () => {
  it('gives each test a database of its own that keeps what is written to it', async () => {
    const first = await freshDatabase(inject('postgresUrl'));
    const second = await freshDatabase(inject('postgresUrl'));
    expect(first).not.toBe(second);

    await query(first, 'CREATE TABLE leads (name text)');
    await query(first, "INSERT INTO leads VALUES ('Aisha')");
    expect(await query(first, 'SELECT name FROM leads')).toEqual([{ name: 'Aisha' }]);
    await expect(query(second, 'SELECT name FROM leads')).rejects.toThrow(/does not exist/);
  });

  it('halts a server keeping its data, and restarts it on the same port', async () => {
    const server = await startPostgres();
    try {
      const url = await freshDatabase(server.url);
      await query(url, 'CREATE TABLE leads (name text)');
      await query(url, "INSERT INTO leads VALUES ('Yusuf')");

      await server.halt();
      await expect(query(url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);

      await server.restart();
      expect(await query(url, 'SELECT name FROM leads')).toEqual([{ name: 'Yusuf' }]);
    } finally {
      await server.stop();
    }
  });
});

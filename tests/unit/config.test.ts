import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables, readConfig } from '@/server/config';

/** The rows of the configuration table in docs/operations.md: variable name and default cell. */
function documentedVariables(): Map<string, string> {
  const markdown = readFileSync('docs/operations.md', 'utf8');
  const section = markdown.slice(markdown.indexOf('## Configuration'));
  const rows = new Map<string, string>();
  for (const line of section.slice(0, section.indexOf('\n## ', 1)).split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

describe('the configuration schema', () => {
  it('has one table in docs/operations.md, each variable in one row', () => {
    const section = readFileSync('docs/operations.md', 'utf8').split('## Configuration')[1]!.split('\n## ')[0]!;
    const names = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
    expect(names.length).toBe(new Set(names).size);
    expect(section.match(/^\| variable /gm)).toHaveLength(1);
  });

  it('is documented in docs/operations.md, every variable with its default and no row it lacks', () => {
    const table = documentedVariables();
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(20);
    for (const { name, fallback, description } of variables) {
      expect(description, name).not.toBe('');
      expect(table.get(name), name).toBe(fallback === '' ? 'unset' : `\`${fallback}\``);
    }
    expect([...table.keys()].sort()).toEqual(variables.map(({ name }) => name).sort());
  });

  it('gives the documented defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      PORT: 4321,
      HOST: 'localhost',
      SITE_URL: 'https://miqat-travel.example',
      DIST_DIR: 'dist',
      LEADS_DB: 'data/leads.db',
      LEADS_RATE_LIMIT: 10,
      LEADS_MAX_BODY_BYTES: 32_768,
      LEADS_ACKNOWLEDGE: true,
      TRUST_PROXY: 0,
      LEADS_RELAYS: {},
      SHUTDOWN_TIMEOUT_MS: 10_000,
      SHUTDOWN_DRAIN_MS: 0,
    });
    for (const unset of [
      'ADMIN_PASSWORD',
      'DATABASE_URL',
      'SMTP_URL',
      'LEADS_NOTIFY_TO',
      'LEADS_RETENTION_DAYS',
    ] as const)
      expect(config[unset], unset).toBeUndefined();
  });

  it('takes an empty value as unset', () => {
    expect(readConfig({ PORT: '', LEADS_RATE_LIMIT: '', HOST: '', SMTP_URL: '' })).toMatchObject({
      PORT: 4321,
      LEADS_RATE_LIMIT: 10,
      HOST: 'localhost',
      SMTP_URL: undefined,
    });
  });

  it('reads what is set', () => {
    expect(
      readConfig({ PORT: '8080', HOST: '0.0.0.0', LEADS_ACKNOWLEDGE: 'off', DIST_DIR: '/srv/dist' }),
    ).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      LEADS_ACKNOWLEDGE: false,
      DIST_DIR: '/srv/dist',
    });
  });

  it.each([
    ['PORT', 'http', /^PORT must be a port number/],
    ['PORT', '70000', /^PORT must be a port number/],
    ['SITE_URL', 'ftp://agency.example', /^SITE_URL must be an http\(s\) URL/],
    ['LEADS_RATE_LIMIT', 'ten', /^LEADS_RATE_LIMIT must be a positive whole number, got "ten"/],
    ['LEADS_WORKER_INTERVAL_MS', '0', /^LEADS_WORKER_INTERVAL_MS must be a positive whole number/],
    ['LEADS_ACKNOWLEDGE', 'no', /^LEADS_ACKNOWLEDGE must be "on" or "off", got "no"/],
    ['LEADS_RETENTION_DAYS', '40000', /^LEADS_RETENTION_DAYS must be at most 36500/],
    ['SHUTDOWN_DRAIN_MS', '-1', /^SHUTDOWN_DRAIN_MS must be a positive whole number/],
    ['TRUST_PROXY', 'lots', /^TRUST_PROXY must be/],
    ['DATABASE_URL', 'mysql://db.example/leads', /^DATABASE_URL must start with postgres:\/\//],
    ['LEADS_RELAYS', '{"contact": {"type": "fax"}}', /^LEADS_RELAYS\.contact\.type must be "form" or "webhook"/],
  ])('stops on a bad %s, naming it', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  it('names the first bad variable when several are wrong', () => {
    expect(() => readConfig({ PORT: 'x', LEADS_RATE_LIMIT: 'y' })).toThrow(/^PORT /);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floorOf, isOlder, nodeFloorProblem } from '@/lib/node-floor';

describe('the Node floor', () => {
  it('reads the version a ">=x.y.z" range starts from, and nothing else', () => {
    expect(floorOf('>=24.7.0')).toBe('24.7.0');
    expect(floorOf('>= v24.7.0 ')).toBe('24.7.0');
    expect(floorOf('^24.7.0')).toBeUndefined();
    expect(floorOf('>=24')).toBeUndefined();
  });

  it('orders versions part by part, as numbers', () => {
    expect(isOlder('22.18.0', '24.7.0')).toBe(true);
    expect(isOlder('24.6.9', '24.7.0')).toBe(true);
    expect(isOlder('24.7.0', '24.7.0')).toBe(false);
    expect(isOlder('24.10.0', '24.7.0')).toBe(false);
    expect(isOlder('v25.0.0', '24.7.0')).toBe(false);
  });

  it('tells an operator on an older Node which version to install, in one line', () => {
    expect(nodeFloorProblem('22.18.0', '>=24.7.0')).toBe(
      'this server needs Node 24.7.0 or later (package.json "engines"), and this is Node 22.18.0. Install Node 24 LTS and start it again.',
    );
    expect(nodeFloorProblem('24.7.0', '>=24.7.0')).toBeUndefined();
  });

  it('is what package.json promises, and the Node running the tests meets it', () => {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(floorOf(engines.node)).toBeDefined();
    expect(nodeFloorProblem(process.versions.node, engines.node)).toBeUndefined();
  });
});

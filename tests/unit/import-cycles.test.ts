import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderImports, importCycles, importGraph, twoWayPairs } from '../support/import-graph.ts';

const root = resolve(import.meta.dirname, '../..');
const graph = importGraph(root, 'src');
const scratch = mkdtempSync(join(tmpdir(), 'import-graph-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A throwaway tree of `files` (path → text), read as the real one is. */
function tree(files: Record<string, string>): Map<string, string[]> {
  const dir = mkdtempSync(join(scratch, 'tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return importGraph(dir, 'src');
}

/**
 * The desk is the top of the server and of src/lib: below it stand the owners (quotes, trips,
 * reviews, Hajj, leads), the outbox and the lead's trail, which register with the shared rooms and
 * never import the desk. Only the composition roots that list every owner's registrations may.
 */
const DESK_ROOMS = [
  { desk: 'src/server/desk/', within: 'src/server/', roots: ['src/server/main.ts', 'src/server/message-kinds.ts'] },
  { desk: 'src/lib/desk/', within: 'src/lib/', roots: ['src/lib/history-actions.ts'] },
  // The server's owners read no desk vocabulary either: only the desk's own server room, the
  // composition roots and the one schema list (which seeds the desk's starting reply templates) do.
  {
    desk: 'src/lib/desk/',
    within: 'src/server/',
    roots: ['src/server/desk/', 'src/server/main.ts', 'src/server/message-kinds.ts', 'src/server/db/schema.ts'],
  },
  // A family's or a visitor's page borrows no desk component: shared fields live in components/fields.
  { desk: 'src/components/desk/', within: 'src/components/', roots: [] },
];

/** Whether `file` is one of `roots`: a file named, or any file in a folder named with its trailing slash. */
const isRoot = (file: string, roots: readonly string[]) =>
  roots.some((root) => (root.endsWith('/') ? file.startsWith(root) : file === root));

/** Each import of the desk from a file below it, as "importer → desk file". */
function deskImportsFromBelow(on: ReadonlyMap<string, readonly string[]>): string[] {
  return DESK_ROOMS.flatMap(({ desk, within, roots }) =>
    [...on].flatMap(([file, targets]) =>
      file.startsWith(within) && !file.startsWith(desk) && !isRoot(file, roots)
        ? targets.filter((target) => target.startsWith(desk)).map((target) => `${file} → ${target}`)
        : [],
    ),
  );
}

describe('the import graph of src/', () => {
  it('reads the files it should, so an empty answer below means something', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/server/main.ts')).toContain('src/server/outbox/worker.ts');
    expect(graph.get('src/pages/admin/privacy.json.ts')).toContain('src/server/message-kinds.ts');
  });

  it('finds a cycle through type-only imports, `export … from`, Astro frontmatter and the @/ alias', () => {
    const cycles = importCycles(
      tree({
        'src/a.ts': "import type { B } from './b.ts';\nexport const a = 1;",
        'src/b.ts': "export { c } from './c/index.ts';",
        'src/c/index.ts': "import { d } from '@/d';\nexport const c = d;",
        'src/d.astro': "---\nimport { a } from './a.ts';\n---\n<p>import x from './nothing'</p>",
        'src/e.ts': "import { a } from './a.ts';",
      }),
    );
    expect(cycles).toEqual([['src/a.ts', 'src/b.ts', 'src/c/index.ts', 'src/d.astro']]);
  });

  it('has no import cycle anywhere', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps the outbox under its owners, and the leads under the desk and the quotes', () => {
    const folders = folderImports(graph);
    const below: [string, string[]][] = [
      ['src/lib/outbox', ['src/lib/leads', 'src/lib/desk', 'src/lib/quotes']],
      ['src/server/outbox', ['src/server/leads', 'src/server/desk', 'src/server/quotes', 'src/lib/leads']],
      ['src/lib/leads', ['src/lib/desk', 'src/lib/quotes']],
      ['src/server/leads', ['src/server/desk', 'src/server/quotes']],
    ];
    for (const [folder, above] of below) {
      expect(
        [...(folders.get(folder) ?? [])].filter((to) => above.includes(to)),
        folder,
      ).toEqual([]);
    }
  });

  it('finds a two-way pair of rooms, and an import of the desk from below, when one is planted', () => {
    const planted = tree({
      'src/server/desk/lead-page.ts': "import { quoteOf } from '../quotes/store.ts';",
      'src/server/quotes/store.ts': "import { lists } from '../desk/instance.ts';\nexport const quoteOf = 1;",
      'src/server/desk/instance.ts': 'export const lists = 1;',
      'src/server/main.ts': "import { lists } from './desk/instance.ts';",
      'src/lib/trips/family.ts': "import type { DeskLead } from '../desk/model.ts';",
      'src/lib/desk/model.ts': 'export type DeskLead = string;',
      'src/lib/history-actions.ts': "import type { DeskLead } from './desk/model.ts';",
      'src/server/trips/store.ts': "import type { DeskLead } from '../../lib/desk/model.ts';",
      'src/server/desk/list-store.ts': "import type { DeskLead } from '../../lib/desk/model.ts';",
      'src/components/desk/TextField.astro': '<input />',
      'src/components/trip/Form.astro': "---\nimport TextField from '@/components/desk/TextField.astro';\n---",
    });
    expect(twoWayPairs(planted, 'src/server')).toEqual(['src/server/desk ↔ src/server/quotes']);
    expect(twoWayPairs(planted, 'src/lib')).toEqual([]);
    expect(deskImportsFromBelow(planted)).toEqual([
      'src/server/quotes/store.ts → src/server/desk/instance.ts',
      'src/lib/trips/family.ts → src/lib/desk/model.ts',
      'src/server/trips/store.ts → src/lib/desk/model.ts',
      'src/components/trip/Form.astro → src/components/desk/TextField.astro',
    ]);
  });

  it('has no two-way pair of rooms in src/server or src/lib: each room stands above or below another, never both', () => {
    expect(twoWayPairs(graph, 'src/server')).toEqual([]);
    expect(twoWayPairs(graph, 'src/lib')).toEqual([]);
  });

  it('keeps the desk on top: nothing below it imports it, but the composition roots', () => {
    expect(deskImportsFromBelow(graph)).toEqual([]);
  });
});

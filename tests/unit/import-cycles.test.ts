import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderImports, importCycles, importGraph } from '../support/import-graph.ts';

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
});

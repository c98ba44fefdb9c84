// The imports between the files of src/, read from their text (static imports, `export … from` and
// `import()` of a literal path, type-only ones included), and the cycles among them: what a
// madge-style check needs, without a dependency that would have to parse Astro and TSX itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every source file under `dir`, as paths relative to `root`. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The file an import names, relative to `root`; undefined for packages and virtual modules. */
function resolveImport(root: string, from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = relative(root, resolve(root, dirname(from), specifier));
  else return undefined;
  const candidates = [base, ...['.ts', '.tsx', '.astro', '/index.ts'].map((suffix) => base + suffix)];
  return candidates.find((candidate) => files.has(candidate));
}

/** Each file of `dir` with the files of the same tree it imports. */
export function importGraph(root: string, dir: string): Map<string, string[]> {
  const files = sourceFiles(root, dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    // An Astro component's imports are in its frontmatter and its scripts; the markup has none that count.
    const code = file.endsWith('.astro')
      ? text
          .split(/^---\s*$/m)
          .slice(0, 2)
          .join('\n')
      : text;
    const targets = new Set<string>();
    for (const match of code.matchAll(SPECIFIER)) {
      const target = resolveImport(root, file, match[1] ?? match[2] ?? match[3] ?? '', known);
      if (target !== undefined && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every cycle of the graph, each once, as the files around it (Tarjan's strongly connected components). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The folders a folder's files import (`src/server/leads` → `src/server/desk`), for the rules between rooms. */
export function folderImports(graph: ReadonlyMap<string, readonly string[]>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = dirname(file);
    for (const target of targets) {
      const to = dirname(target);
      if (to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from)!.add(to);
    }
  }
  return folders;
}

/** The room a file of `top` stands in: its first-level folder (`src/server/quotes`), or itself for a file at the top. */
function roomOf(top: string, file: string): string | undefined {
  if (!file.startsWith(`${top}/`)) return undefined;
  const [first, ...rest] = file.slice(top.length + 1).split('/');
  return rest.length > 0 ? `${top}/${first}` : file;
}

/** Each pair of rooms of `top` that import each other, as "a ↔ b": the two-way folder pairs the figures count. */
export function twoWayPairs(graph: ReadonlyMap<string, readonly string[]>, top: string): string[] {
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = roomOf(top, file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = roomOf(top, target);
      if (to === undefined || to === from) continue;
      if (!rooms.has(from)) rooms.set(from, new Set());
      rooms.get(from)!.add(to);
    }
  }
  const pairs: string[] = [];
  for (const [from, tos] of rooms) {
    for (const to of tos) if (from < to && rooms.get(to)?.has(from)) pairs.push(`${from} ↔ ${to}`);
  }
  return pairs.sort();
}

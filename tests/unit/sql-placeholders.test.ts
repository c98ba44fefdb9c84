import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// PostgreSQL's adapter (src/server/db/postgres.ts) numbers every `?` of a shared statement as a
// parameter, without reading the SQL: a `?` inside a quoted SQL string would become `$n` there and
// not on SQLite. This reads every statement written in src/server and scripts for one.

const root = resolve(import.meta.dirname, '../..');
const STATEMENT = /(['"`])\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP)\b([\s\S]*?)\1/g;
const QUOTED_SQL = /'(?:[^']|'')*'/g;

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Each SQL statement written as a literal in `text`, and the quoted strings inside it that hold a `?`. */
function questionMarksInQuotes(text: string): string[] {
  const found: string[] = [];
  for (const [, quote, verb, rest] of text.matchAll(STATEMENT)) {
    // A statement in a JavaScript '…' string quotes its SQL strings with "…" escapes or not at all.
    if (quote === "'") continue;
    // What a template interpolates is JavaScript, whose own '…' strings are not SQL quotes.
    const sql = `${verb}${rest}`.replace(/\$\{[^}]*\}/g, '');
    for (const [literal] of sql.matchAll(QUOTED_SQL)) if (literal.includes('?')) found.push(literal);
  }
  return found;
}

describe('the shared SQL statements', () => {
  it('are found, so an empty answer below means something', () => {
    const statements = files('src/server').flatMap((file) => [
      ...readFileSync(join(root, file), 'utf8').matchAll(STATEMENT),
    ]);
    expect(statements.length).toBeGreaterThan(100);
  });

  it('would be caught holding a ? inside a quoted SQL string', () => {
    expect(questionMarksInQuotes("db.all(`SELECT 1 FROM leads WHERE note = 'why?' AND id = ?`)")).toEqual(["'why?'"]);
    expect(questionMarksInQuotes("db.all(`SELECT 1 FROM leads WHERE id = ? AND status = 'new'`)")).toEqual([]);
  });

  it('hold no ? inside a quoted SQL string, which PostgreSQL would number as a parameter', () => {
    const found = [...files('src/server'), ...files('scripts')].flatMap((file) =>
      questionMarksInQuotes(readFileSync(join(root, file), 'utf8')).map((literal) => `${file}: ${literal}`),
    );
    expect(found).toEqual([]);
  });
});

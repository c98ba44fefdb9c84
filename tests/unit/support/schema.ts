import type { DatabaseSync } from 'node:sqlite';
import type { SqlStatements } from '../../../src/server/db/database.ts';

/*
 * A database's schema as one dialect-free value, read from the catalogues (SQLite's PRAGMAs,
 * PostgreSQL's information_schema and pg_index), so that two databases can be compared with toEqual.
 *
 * What counts as the same:
 * - a column's kind: `id` is the auto-numbered key (SQLite INTEGER PRIMARY KEY AUTOINCREMENT,
 *   PostgreSQL an identity column); `integer` is any whole number (SQLite INTEGER or BIGINT, one
 *   8-byte type there; PostgreSQL integer or bigint); `text`. Any other type appears as written, so
 *   it shows up as a difference;
 * - NOT NULL, a primary key column counting as NOT NULL in both;
 * - the default as written, without PostgreSQL's `::text` cast;
 * - the primary key, as the column's place in it;
 * - an index made by CREATE INDEX, by name: its table, columns or expressions, uniqueness and
 *   whether it is partial. One a UNIQUE constraint made is named by its table and columns, since the
 *   two databases name those differently; a primary key's index is the primary key above;
 * - a foreign key, as `table.column -> table.column`.
 * Collations are not compared (PostgreSQL's `COLLATE "C"` is SQLite's default); nor is column order,
 * since every statement names its columns.
 */

interface LogicalColumn {
  kind: string;
  notNull: boolean;
  default: string | null;
  /** Place in the primary key, from 1; 0 when not part of it. */
  primaryKey: number;
}

interface LogicalIndex {
  table: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
}

export interface LogicalSchema {
  tables: Record<string, Record<string, LogicalColumn>>;
  indexes: Record<string, LogicalIndex>;
  foreignKeys: string[];
}

/** Tables that record how far a database has migrated, not what it holds. */
const BOOKKEEPING = new Set(['sqlite_sequence', 'schema_steps', 'schema_migrations']);

function integerOrText(type: string): string {
  const lower = type.toLowerCase();
  if (lower === 'integer' || lower === 'bigint') return 'integer';
  return lower;
}

/** `lower(destination)` and `lower("destination")` alike. */
function normalExpression(text: string): string {
  return text.replaceAll('"', '').replace(/\s+/g, '').toLowerCase();
}

/** The key columns of `CREATE INDEX name ON table (a, lower(b))`, split at top-level commas. */
function indexColumns(sql: string): string[] {
  const open = sql.indexOf('(');
  const columns: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of sql.slice(open + 1)) {
    if (character === '(') depth += 1;
    if (character === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
    if (character === ',' && depth === 0) {
      columns.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  columns.push(current);
  return columns.map(normalExpression);
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The schema of an open SQLite file. */
export function sqliteSchema(db: DatabaseSync): LogicalSchema {
  const tables: LogicalSchema['tables'] = {};
  const indexes: LogicalSchema['indexes'] = {};
  const foreignKeys: string[] = [];
  const names = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
    sql: string;
  }[];
  for (const { name: table, sql } of names) {
    if (BOOKKEEPING.has(table)) continue;
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const keyColumns = columns.filter((column) => column.pk > 0).length;
    tables[table] = sortedKeys(
      Object.fromEntries(
        columns.map((column) => {
          const rowid = keyColumns === 1 && column.pk === 1 && column.type.toUpperCase() === 'INTEGER';
          const id = rowid && /AUTOINCREMENT/i.test(sql);
          return [
            column.name,
            {
              kind: id ? 'id' : integerOrText(column.type),
              notNull: column.notnull === 1 || column.pk > 0,
              default: column.dflt_value,
              primaryKey: column.pk,
            },
          ];
        }),
      ),
    );
    const list = db.prepare(`PRAGMA index_list(${table})`).all() as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of list) {
      if (index.origin === 'pk') continue;
      if (index.origin === 'u') {
        const info = db.prepare(`PRAGMA index_info(${index.name})`).all() as { seqno: number; name: string }[];
        const columnNames = info.sort((a, b) => a.seqno - b.seqno).map((column) => column.name);
        indexes[`unique ${table} (${columnNames.join(', ')})`] = {
          table,
          columns: columnNames,
          unique: true,
          partial: index.partial === 1,
        };
      } else {
        const { sql: indexSql } = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(index.name) as {
          sql: string;
        };
        indexes[index.name] = {
          table,
          columns: indexColumns(indexSql.slice(indexSql.search(/\bON\b/i))),
          unique: index.unique === 1,
          partial: index.partial === 1,
        };
      }
    }
    const keys = db.prepare(`PRAGMA foreign_key_list(${table})`).all() as {
      table: string;
      from: string;
      to: string;
    }[];
    foreignKeys.push(...keys.map((key) => `${table}.${key.from} -> ${key.table}.${key.to}`));
  }
  return { tables, indexes: sortedKeys(indexes), foreignKeys: foreignKeys.sort() };
}

/** The schema of a PostgreSQL database (its `public` schema), read through a store's statements. */
export async function postgresSchema(db: SqlStatements): Promise<LogicalSchema> {
  const columns = await db.all<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
     FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const primaryKeys = await db.all<{ table_name: string; column_name: string; position: number }>(
    `SELECT rel.relname AS table_name, att.attname AS column_name, array_position(con.conkey, att.attnum) AS position
     FROM pg_constraint con
     JOIN pg_class rel ON rel.oid = con.conrelid
     JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
     WHERE con.contype = 'p' AND con.connamespace = 'public'::regnamespace`,
  );
  const indexRows = await db.all<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    is_primary: boolean;
    is_partial: boolean;
    from_constraint: boolean;
    columns: string[];
  }>(
    `SELECT rel.relname AS table_name, idx.relname AS index_name, ind.indisunique AS is_unique,
       ind.indisprimary AS is_primary, ind.indpred IS NOT NULL AS is_partial,
       EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = ind.indexrelid
               AND con.conrelid = ind.indrelid AND con.contype = 'u') AS from_constraint,
       ARRAY(SELECT pg_get_indexdef(ind.indexrelid, k, true) FROM generate_series(1, ind.indnkeyatts) AS k ORDER BY k)
         AS columns
     FROM pg_index ind
     JOIN pg_class rel ON rel.oid = ind.indrelid
     JOIN pg_class idx ON idx.oid = ind.indexrelid
     WHERE rel.relnamespace = 'public'::regnamespace`,
  );
  const foreignKeys = await db.all<{ line: string }>(
    `SELECT rel.relname || '.' || att.attname || ' -> ' || ref.relname || '.' || refatt.attname AS line
     FROM pg_constraint con
     JOIN pg_class rel ON rel.oid = con.conrelid
     JOIN pg_class ref ON ref.oid = con.confrelid
     JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
     JOIN pg_attribute refatt ON refatt.attrelid = con.confrelid AND refatt.attnum = con.confkey[1]
     WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace`,
  );

  const tables: LogicalSchema['tables'] = {};
  for (const column of columns) {
    if (BOOKKEEPING.has(column.table_name)) continue;
    const key = primaryKeys.find((pk) => pk.table_name === column.table_name && pk.column_name === column.column_name);
    (tables[column.table_name] ??= {})[column.column_name] = {
      kind: column.is_identity === 'YES' ? 'id' : integerOrText(column.data_type),
      notNull: column.is_nullable === 'NO',
      default: column.column_default?.replace(/::[a-z ]+$/, '') ?? null,
      primaryKey: key?.position ?? 0,
    };
  }
  const indexes: LogicalSchema['indexes'] = {};
  for (const index of indexRows) {
    if (BOOKKEEPING.has(index.table_name) || index.is_primary) continue;
    const columnNames = index.columns.map(normalExpression);
    const name = index.from_constraint ? `unique ${index.table_name} (${columnNames.join(', ')})` : index.index_name;
    indexes[name] = {
      table: index.table_name,
      columns: columnNames,
      unique: index.is_unique,
      partial: index.is_partial,
    };
  }
  return {
    tables: Object.fromEntries(
      Object.entries(tables)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, table]) => [name, sortedKeys(table)]),
    ),
    indexes: sortedKeys(indexes),
    foreignKeys: foreignKeys
      .map((key) => key.line)
      .filter((line) => !BOOKKEEPING.has(line.split('.')[0]!))
      .sort(),
  };
}

// The row types Kysely is given (services/core/src/database/database.types.ts, written by hand) against the schema the
// migrations build: every table and column on both sides, each column's nullability, its kind of value, and a
// default (or null) behind every column the types mark Generated.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
// TypeScript 7's native compiler builds and checks the code, and has no stable JavaScript API: the types file is
// read with TypeScript 5's.
import ts from 'typescript-5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

type Kind = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'bytes' | 'array';
interface Column {
  kind: Kind;
  nullable: boolean;
  /** Typed `unknown`, which holds null as well: either nullability agrees with it. */
  eitherNull?: boolean;
  /** Filled in by the database: marked Generated in the types; a default, an identity or a generated column in the schema. */
  defaulted: boolean;
}
type Tables = Map<string, Map<string, Column>>;

const typesFile = path.resolve(__dirname, '../../services/core/src/database/database.types.ts');

/** The kind of value a PostgreSQL type travels as through node-postgres with the platform's parsers. */
function kindOfSql(type: string): Kind {
  if (type.endsWith('[]')) return 'array';
  if (/^(integer|smallint|real|double precision)$/.test(type)) return 'number';
  if (type === 'boolean') return 'boolean';
  if (/^(timestamp|date)/.test(type)) return 'date';
  if (/^jsonb?$/.test(type)) return 'json';
  if (type === 'bytea') return 'bytes';
  return 'string';
}

/** The tables the migrations built, as the catalogue describes them. */
async function migratedTables(database: TestDatabase): Promise<Tables> {
  const { rows } = await sql<{ table: string; column: string; type: string; nullable: boolean; defaulted: boolean }>`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
           (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS defaulted
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT LIKE 'kysely_migration%'`.execute(database.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    if (!tables.has(row.table)) tables.set(row.table, new Map());
    tables.get(row.table)!.set(row.column, { kind: kindOfSql(row.type), nullable: row.nullable, defaulted: row.defaulted });
  }
  return tables;
}

/** The tables the `Database` interface names, each column read from its table interface's property type. */
function declaredTables(source: ts.SourceFile): Tables {
  const aliases = new Map<string, ts.TypeNode>();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });

  /** The kinds a type's select side can hold, `null` among them when the column may be null. */
  const kindsOf = (type: ts.TypeNode, found: { kinds: Set<Kind | 'null'>; generated: boolean; unknown?: boolean }): void => {
    if (ts.isParenthesizedTypeNode(type)) return kindsOf(type.type, found);
    if (ts.isUnionTypeNode(type)) return type.types.forEach((member) => kindsOf(member, found));
    if (ts.isArrayTypeNode(type)) return void found.kinds.add('array');
    if (ts.isLiteralTypeNode(type)) {
      if (type.literal.kind === ts.SyntaxKind.NullKeyword) return void found.kinds.add('null');
      return void found.kinds.add(ts.isNumericLiteral(type.literal) ? 'number' : ts.isStringLiteral(type.literal) ? 'string' : 'boolean');
    }
    if (type.kind === ts.SyntaxKind.StringKeyword) return void found.kinds.add('string');
    if (type.kind === ts.SyntaxKind.NumberKeyword) return void found.kinds.add('number');
    if (type.kind === ts.SyntaxKind.BooleanKeyword) return void found.kinds.add('boolean');
    if (type.kind === ts.SyntaxKind.UnknownKeyword) {
      found.unknown = true;
      return void found.kinds.add('json');
    }
    if (ts.isTypeLiteralNode(type)) return void found.kinds.add('json');
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      if (name === 'Generated') {
        found.generated = true;
        return kindsOf(type.typeArguments![0], found);
      }
      // A column type's first argument is what a select gives back.
      if (name === 'ColumnType') return kindsOf(type.typeArguments![0], found);
      if (name === 'Date') return void found.kinds.add('date');
      if (name === 'Buffer') return void found.kinds.add('bytes');
      if (name === 'Array') return void found.kinds.add('array');
      if (aliases.has(name)) return kindsOf(aliases.get(name)!, found);
      // Any other named shape (a workflows type, a Record) is a document kept as JSON.
      return void found.kinds.add('json');
    }
    throw new Error(`a column type the check does not read: ${type.getText(source)}`);
  };

  /**
   * The columns a table's type declares: an interface of the file, `Omit` of one (its other columns), an intersection
   * (every part's), or a generic alias of the file adding columns to its argument (`Snapshotted<T>`: T's columns and
   * the snapshot's).
   */
  const columnsOf = (type: ts.TypeNode): ts.PropertySignature[] => {
    if (ts.isTypeLiteralNode(type)) return type.members.filter(ts.isPropertySignature);
    if (ts.isIntersectionTypeNode(type)) return type.types.flatMap(columnsOf);
    if (!ts.isTypeReferenceNode(type)) throw new Error(`a table type the check does not read: ${type.getText(source)}`);
    const name = type.typeName.getText(source);
    const [argument, left] = type.typeArguments ?? [];
    if (name === 'Omit' && argument && left) {
      const omitted = new Set((ts.isUnionTypeNode(left) ? left.types : [left]).map((t) => t.getText(source).slice(1, -1)));
      return columnsOf(argument).filter((p) => !omitted.has(p.name.getText(source)));
    }
    const table = interfaces.get(name);
    if (table) return table.members.filter(ts.isPropertySignature);
    const alias = aliases.get(name);
    if (alias && argument && ts.isIntersectionTypeNode(alias)) {
      return alias.types.flatMap((part) => (ts.isTypeReferenceNode(part) ? columnsOf(argument) : columnsOf(part)));
    }
    throw new Error(`Database names ${name}, which is not an interface of the file`);
  };

  const database = interfaces.get('Database');
  if (!database) throw new Error('database.types.ts names no Database interface');
  const tables: Tables = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) throw new Error(`an entry of Database the check does not read: ${member.getText(source)}`);
    const columns = new Map<string, Column>();
    for (const property of columnsOf(member.type)) {
      if (!ts.isPropertySignature(property) || !property.type) continue;
      const found: { kinds: Set<Kind | 'null'>; generated: boolean; unknown?: boolean } = { kinds: new Set(), generated: false };
      kindsOf(property.type, found);
      const nullable = found.kinds.delete('null');
      if (found.kinds.size !== 1) throw new Error(`${member.name.getText(source)}.${property.name.getText(source)} holds values of several kinds`);
      columns.set(property.name.getText(source), { kind: [...found.kinds][0] as Kind, nullable, eitherNull: found.unknown, defaulted: found.generated });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

describe('database.types.ts', () => {
  let database: TestDatabase;
  let migrated: Tables;
  let declared: Tables;

  beforeAll(async () => {
    database = await createTestDatabase({ max: 2 });
    migrated = await migratedTables(database);
    declared = declaredTables(ts.createSourceFile(typesFile, await readFile(typesFile, 'utf8'), ts.ScriptTarget.Latest, true));
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('names every table the migrations build, and no other', () => {
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('names every column of each table, and no other', () => {
    const columns = (tables: Tables) => [...tables].flatMap(([table, cols]) => [...cols.keys()].map((column) => `${table}.${column}`)).sort();
    expect(columns(declared)).toEqual(columns(migrated));
  });

  it('gives each column the nullability and the kind of value the database has', () => {
    const differences: string[] = [];
    for (const [table, columns] of declared) {
      for (const [column, type] of columns) {
        const actual = migrated.get(table)?.get(column);
        if (!actual) continue;
        if (!type.eitherNull && type.nullable !== actual.nullable) differences.push(`${table}.${column}: ${type.nullable ? 'nullable' : 'not null'} in the types, ${actual.nullable ? 'nullable' : 'not null'} in the database`);
        // A JSON document may be an array.
        if (type.kind !== actual.kind && !(type.kind === 'array' && actual.kind === 'json')) differences.push(`${table}.${column}: ${type.kind} in the types, ${actual.kind} in the database`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('marks Generated only columns the database fills in itself or leaves null', () => {
    const undefaulted = [...declared].flatMap(([table, columns]) =>
      [...columns]
        .filter(([column, type]) => {
          const actual = migrated.get(table)?.get(column);
          return type.defaulted && actual !== undefined && !actual.defaulted && !actual.nullable;
        })
        .map(([column]) => `${table}.${column}`),
    );
    expect(undefaulted).toEqual([]);
  });
});

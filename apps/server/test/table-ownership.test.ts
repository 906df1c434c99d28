import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each table belongs to the module whose `schema.ts` (or `*-schema.ts`) defines it, and only that module writes it
 * (docs/architecture.md, decision 0072): another module calls the owner's functions. This reads the sources of
 * `src/modules` and names every write of another module's table: Drizzle `.insert(t)`, `.update(t)`, `.delete(t)`,
 * a table handed to a bulk writer (`upsert…`, `insert…`, `write…`, `prune…`), and `INSERT INTO` / `UPDATE` /
 * `DELETE FROM` / `COPY` in SQL text. A table of another module may otherwise only be read where it is named (selected
 * from, joined, its columns named): one put in a list or an object, kept in a variable or handed to any other function
 * is named as a write too, since the test cannot follow it to where it is written. Only `src/modules` is read: the platform's tables (users, sessions, mail) are
 * no module's, and the seed data, first start and test helpers outside it write through whatever they set up.
 */
const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0]!;
const parse = (file: string, text = readFileSync(file, 'utf8')) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

interface Table {
  name: string;
  owner: string;
}

/** Every `export const x = pgTable('name', …)` of a module's schema files, by exported name and by SQL name. */
function tablesOfModules(files: string[]) {
  const byExport = new Map<string, Table>();
  const bySqlName = new Map<string, Table>();
  for (const file of files.filter((f) => /(^|-)schema\.ts$/.test(path.basename(f)))) {
    walk(parse(file), (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
      const call = node.initializer;
      if (!ts.isCallExpression(call) || call.expression.getText() !== 'pgTable') return;
      const [nameArg] = call.arguments;
      if (!nameArg || !ts.isStringLiteral(nameArg)) return;
      const table = { name: nameArg.text, owner: moduleOf(file) };
      byExport.set(node.name.text, table);
      bySqlName.set(table.name, table);
    });
  }
  return { byExport, bySqlName };
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const BULK_WRITER = /^(upsert|insert|write|prune)/i;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g;
const SQL_WRITE_BEFORE_VALUE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY)\s+(?:ONLY\s+)?$/;

const READ_METHODS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);

/** The call whose arguments hold `node`, through the object literals it is nested in. */
function enclosingCall(node: ts.Node): ts.CallExpression | undefined {
  let parent = node.parent;
  while (ts.isPropertyAssignment(parent) || ts.isObjectLiteralExpression(parent)) parent = parent.parent;
  return ts.isCallExpression(parent) ? parent : undefined;
}

/**
 * True where a table named by `node` is only read: its columns (`t.id`), a type (`typeof t.$inferSelect`), a query's
 * `.from(t)` or join, `.select({ row: t })`, or SQL text (whose writes the SQL check finds).
 */
function isRead(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isShorthandPropertyAssignment(parent)) return false;
  // A property, key or local of the same name: `prefs.renewalReminders`, `{ services: … }`.
  if ((parent as ts.Node & { name?: ts.Node }).name === node) return true;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isQualifiedName(parent)) return true;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return true;
  if (ts.isTemplateSpan(parent)) return true;
  if (ts.isCallExpression(parent) && parent.expression === node) return true; // a function of the same name
  const call = ts.isPropertyAssignment(parent) && parent.initializer === node ? enclosingCall(parent) : parent;
  if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
  const method = call.expression.name.text;
  return ts.isPropertyAssignment(parent) ? /^select/.test(method) : READ_METHODS.has(method);
}

/** "file: writes table (owner's)" for every write in `file` of a table that another module owns. */
function foreignWrites(file: string, tables: ReturnType<typeof tablesOfModules>, text?: string): string[] {
  const source = parse(file, text);
  const own = moduleOf(file);
  // The tables this file names: those it imports (under any local name) and those it defines.
  const named = new Map<string, Table>();
  for (const [name, table] of tables.byExport) if (table.owner === own) named.set(name, table);
  walk(source, (node) => {
    if (!ts.isImportSpecifier(node)) return;
    const table = tables.byExport.get((node.propertyName ?? node.name).text);
    if (table) named.set(node.name.text, table);
  });
  const tableOf = (expression: ts.Expression | undefined) =>
    expression && ts.isIdentifier(expression) ? named.get(expression.text) : undefined;

  const writes: Table[] = [];
  const handedOn: Table[] = [];
  walk(source, (node) => {
    if (ts.isIdentifier(node) && !isRead(node)) {
      const table = tableOf(node);
      if (table) handedOn.push(table);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && WRITE_METHODS.has(callee.name.text)) {
        const table = tableOf(node.arguments[0]);
        if (table) writes.push(table);
      }
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (BULK_WRITER.test(name)) for (const arg of node.arguments) if (tableOf(arg)) writes.push(tableOf(arg)!);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      for (const match of node.text.matchAll(SQL_WRITE)) {
        const table = tables.bySqlName.get(match[1]!);
        if (table) writes.push(table);
      }
    }
    if (ts.isTemplateSpan(node) || ts.isTemplateExpression(node)) {
      // `INSERT INTO ${table}`: the text before the value ends with the statement.
      const before = ts.isTemplateExpression(node) ? node.head : undefined;
      const spans = ts.isTemplateExpression(node) ? node.templateSpans : [];
      let text = before?.text ?? '';
      for (const span of spans) {
        const table = SQL_WRITE_BEFORE_VALUE.test(text) ? tableOf(span.expression) : undefined;
        if (table) writes.push(table);
        text = span.literal.text;
      }
    }
  });
  const rel = path.relative(path.resolve(modulesDir, '../..'), file).split(path.sep).join('/');
  return [
    ...new Set([
      ...writes.filter((t) => t.owner !== own).map((t) => `${rel}: writes ${t.name} (${t.owner}'s)`),
      ...handedOn.filter((t) => t.owner !== own).map((t) => `${rel}: hands ${t.name} (${t.owner}'s) on to be written`),
    ]),
  ];
}

describe('table ownership', () => {
  const files = sourceFiles(modulesDir);
  const tables = tablesOfModules(files);

  it('finds the tables of the modules', () => {
    expect(tables.byExport.get('promoCodes')).toBeDefined();
    expect(tables.bySqlName.size).toBeGreaterThan(30);
  });

  it('has every table written only by the module that defines it', () => {
    const writes = files.flatMap((file) => foreignWrites(file, tables));
    expect(writes, `Writes go through the owning module's functions:\n${writes.join('\n')}`).toEqual([]);
  });

  it('sees a table put in a list for a generic writer, and lets a read pass', () => {
    const file = path.join(modulesDir, 'content/import/tables.ts');
    const source = [
      "import { services } from '../../plans/index.ts';",
      'export const LIST = { services: { table: services, key: "id" } };',
      'export const read = (db: Db) => db.select({ plan: services, id: services.id }).from(services);',
    ].join('\n');
    expect(foreignWrites(file, tables, source)).toEqual([
      "src/modules/content/import/tables.ts: hands services (plans's) on to be written",
    ]);
  });
});

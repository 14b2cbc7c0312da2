import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_WRITES, TABLE_OWNERS, UNTYPED_TABLE_OWNERS, WRITES_ANYTHING } from './table-owners.js';

/** Which modules each module imports (its non-test sources). */
function moduleGraph(): Map<string, Set<string>> {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (!statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/from '\.\.\/([\w-]+)\//g)) if (m[1] !== name) uses.add(m[1]!);
    }
    graph.set(name, uses);
  }
  return graph;
}

describe('the module graph', () => {
  it('has no two modules importing each other', () => {
    const graph = moduleGraph();
    const mutual = [...graph].flatMap(([a, uses]) =>
      [...uses].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
    );
    expect(mutual).toEqual([]);
  });

  it('reaches the catalogue, import, reader and shelf through their index only (from their own sources)', () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const deep: string[] = [];
    for (const name of ['catalog', 'import', 'reader', 'shelf', 'books', 'dict']) {
      for (const file of readdirSync(path.join(root, name)).filter(
        (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
      )) {
        const text = readFileSync(path.join(root, name, file), 'utf8');
        for (const m of text.matchAll(/from '\.\.\/(catalog|import|reader|shelf|books)\/([\w-]+)\.js'/g)) {
          if (m[2] !== 'index' && m[1] !== name) deep.push(`${name}/${file} -> ${m[1]}/${m[2]}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });
});

/** Every import of the non-test sources below a folder of server/src: the file (from server/src) and what it names. */
function importsBelow(folder: string): { file: string; spec: string }[] {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found: { file: string; spec: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
          found.push({ file: path.relative(src, full), spec: m[1]! });
        }
      }
    }
  };
  walk(path.join(src, folder));
  return found;
}

/** The place of server/src an import of a file names (e.g. `modules/session/service.js`). */
function target(file: string, spec: string): string {
  return spec.startsWith('.') ? path.join(path.dirname(file), spec) : spec;
}

describe('the layers around the modules', () => {
  it('a module reaches another only through its index.ts', () => {
    const deep = importsBelow('modules')
      .filter(({ file }) => file.split(path.sep).length > 2)
      .map(({ file, spec }) => ({ file, to: target(file, spec).split(path.sep) }))
      .filter(({ file, to }) => to[0] === 'modules' && to.length > 2 && to[1] !== file.split(path.sep)[1])
      .filter(({ to }) => to.slice(2).join('/') !== 'index.js')
      .map(({ file, to }) => `${file} -> ${to.join('/')}`);
    expect(deep).toEqual([]);
  });

  it('adapters, db and util import no module, no app and no script (the demo seed lives in demo/)', () => {
    const up = ['adapters', 'db', 'util']
      .flatMap((folder) => importsBelow(folder))
      .map(({ file, spec }) => ({ file, to: target(file, spec) }))
      .filter(({ to }) => /^(modules|demo|prerender)\/|^(app|main|workers)\.js$/.test(to))
      .map(({ file, to }) => `${file} -> ${to}`);
    expect(up).toEqual([]);
  });

  it('http reaches a module only through its index.ts', () => {
    const deep = importsBelow('http')
      .map(({ file, spec }) => ({ file, to: target(file, spec) }))
      .filter(({ to }) => /^modules\/[\w-]+\/(?!index\.js$)/.test(to) || to.startsWith('demo/'))
      .map(({ file, to }) => `${file} -> ${to}`);
    expect(deep).toEqual([]);
  });
});

/** The tables each module's non-test sources write: Kysely's insertInto/updateTable/deleteFrom and raw SQL. */
function tableWrites(): { module: string; file: string; table: string }[] {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const writes: { module: string; file: string; table: string }[] = [];
  const patterns = [
    /\b(?:insertInto|updateTable|deleteFrom)\(\s*'(\w+)'/g,
    /\binsert\s+into\s+"?(\w+)/gi,
    /\bupdate\s+"?(\w+)"?\s+set\b/gi,
    /\bdelete\s+from\s+"?(\w+)/gi,
  ];
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const pattern of patterns) {
        for (const m of text.matchAll(pattern)) writes.push({ module: name, file: `${name}/${file}`, table: m[1]! });
      }
    }
  }
  return writes;
}

describe('table ownership (table-owners.ts)', () => {
  const owners: Record<string, string> = { ...TABLE_OWNERS, ...UNTYPED_TABLE_OWNERS };
  const writes = tableWrites();
  const shared = (w: { module: string; table: string }) =>
    SHARED_WRITES.some((s) => s.module === w.module && s.table === w.table);

  it('reads the writes of the modules (the check sees them)', () => {
    expect(writes.filter((w) => w.module === 'catalog' && w.table === 'books').length).toBeGreaterThan(0);
    expect(writes.some((w) => w.table === 'book_fts')).toBe(true);
  });

  it('every table a module writes has an owner', () => {
    expect([...new Set(writes.map((w) => w.table).filter((t) => !(t in owners)))]).toEqual([]);
  });

  it('a module writes only its own tables (or a shared write listed with its reason)', () => {
    const foreign = writes
      .filter((w) => !WRITES_ANYTHING.includes(w.module) && w.table in owners && owners[w.table] !== w.module)
      .filter((w) => !shared(w))
      .map((w) => `${w.file} writes ${w.table} (owner: ${owners[w.table]})`);
    expect([...new Set(foreign)]).toEqual([]);
  });

  it('every listed shared write is still made (the list stays true)', () => {
    const stale = SHARED_WRITES.filter((s) => !writes.some((w) => w.module === s.module && w.table === s.table));
    expect(stale.map((s) => `${s.module} -> ${s.table}`)).toEqual([]);
  });
});

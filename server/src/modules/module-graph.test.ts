import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

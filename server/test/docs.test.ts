// The documentation's promises, kept true by the suite: docs/ARCHITECTURE.md stays a one-page map whose paths
// exist, every decision record is indexed and has its three parts, and the README's status table names, for each
// area, the journeys that prove it (none of them "to come").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAP = 'docs/ARCHITECTURE.md';
const DECISIONS = 'docs/decisions';
const MAX_MAP_LINES = 150;

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Folders that are not the repository's own text: installed, built, or written by runs. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', '.tmp', 'screenshots']);

/** Every file and folder of the repository, as paths from its root (folders with a trailing `/`). */
function repositoryPaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        paths.push(`${path}/`);
        walk(path);
      } else paths.push(path);
    }
  };
  walk('');
  return paths;
}

const KNOWN_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|ya?ml|sh)$/;
/** Plain path characters only: spaces, `…`, `*`, `<name>`, `{a,b}`, `:` and URLs (`/api/…`) are not paths. */
const PATH_LIKE = /^[\w.-]+(\/[\w.-]+)*\/?$/;

/** The backticked words of a Markdown text that look like repository paths (fenced code left out). */
function pathsIn(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const found = new Set<string>();
  for (const [, token] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (!token || !PATH_LIKE.test(token) || token.includes('..')) continue;
    if (token.includes('/') || KNOWN_EXTENSION.test(token)) found.add(token);
  }
  return [...found];
}

/**
 * A path names something that exists: from the repository's root when its first folder is one of the root's
 * (`server/src/app.ts`), else as the end of some repository path (`http/module.ts`, `index.ts`).
 */
function exists(token: string, all: string[], rootEntries: Set<string>): boolean {
  const first = token.split('/')[0]!;
  if (token.includes('/') && rootEntries.has(first)) return existsSync(join(ROOT, token));
  const bare = token.replace(/\/$/, '');
  return all.some((p) => {
    const q = p.replace(/\/$/, '');
    return q === bare || q.endsWith(`/${bare}`);
  });
}

const records = readdirSync(join(ROOT, DECISIONS))
  .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
  .sort();
const documents = [MAP, ...records.map((name) => `${DECISIONS}/${name}`), `${DECISIONS}/README.md`];

describe('docs', () => {
  it(`the map is one page: ${MAP} has at most ${MAX_MAP_LINES} lines`, () => {
    expect(read(MAP).trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_MAP_LINES);
  });

  it('every backticked path in the map and the decision records exists', () => {
    const all = repositoryPaths();
    const rootEntries = new Set(readdirSync(ROOT));
    const missing = documents.flatMap((doc) =>
      pathsIn(read(doc))
        .filter((token) => !exists(token, all, rootEntries))
        .map((token) => `${doc}: ${token}`),
    );
    expect(missing).toEqual([]);
  });

  it('every relative Markdown link in the map and the decision records leads to a file', () => {
    const broken = documents.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(ROOT, normalize(join(dirname(doc), target)))))
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('there are decision records, each indexed, each with its status and three parts', () => {
    expect(records.length).toBeGreaterThan(0);
    const index = read(`${DECISIONS}/README.md`);
    const unindexed = records.filter((name) => !index.includes(`](${name})`));
    expect(unindexed).toEqual([]);
    const incomplete = records.filter((name) => {
      const text = read(`${DECISIONS}/${name}`);
      return !(
        /^# .+/m.test(text) &&
        /^Status: \w+/m.test(text) &&
        /^## Context$/m.test(text) &&
        /^## Decision$/m.test(text) &&
        /^## Consequences$/m.test(text)
      );
    });
    expect(incomplete).toEqual([]);
  });

  it('the map links the decision records', () => {
    expect(read(MAP)).toContain('decisions/README.md');
  });
});

describe("the README's status table", () => {
  const readme = read('README.md');
  const section = /^## Status of the spec's areas$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) => line.split(/(?<!\\)\|/).slice(1, -1));

  it('has rows of three cells: area, status, the journeys that prove it', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveLength(3);
  });

  it('names, for every area, journeys that exist', () => {
    for (const [area, , proof] of rows) {
      const journeys = [...(proof ?? '').matchAll(/`(e2e\/journeys\/[\w.-]+\.e2e\.ts)`/g)].map((m) => m[1]!);
      expect(journeys, `journeys of ${area}`).not.toEqual([]);
      for (const journey of journeys) expect(existsSync(join(ROOT, journey)), journey).toBe(true);
    }
  });

  it('says no area is still to come', () => {
    const pending = rows.filter((row) => /\bto come\b|\bcoming\b/i.test(row.join('|'))).map((row) => row[0]);
    expect(pending).toEqual([]);
  });
});

// House rule (issue 31): a page takes its form limits and validation messages from `packages/contracts` (`Limits`
// and the domains' `…Limits`, `Msg` and the domains' `…Msg`), built into antd rules by the area's rules module
// (e.g. `web/src/pages/my/studentRules.ts`); the server's schemas check the same numbers with the same words.
// This scan finds any number or message written into a page instead, with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** What a literal limit or message looks like on one line. */
const PAGE_PATTERNS: [string, RegExp][] = [
  ['literal length limit', /\b(maxLength|minLength)=\{\s*-?\d/],
  // A floor of 0 (a score, a count of minutes) is what a number is, not a limit of the contracts.
  ['literal number limit', /\b(min=\{\s*(-\s*\d|[1-9]|0\.)|max=\{\s*-?\d)/],
  ['literal rule limit', /\b(max|min|len):\s*-?\d/],
  ['literal message', /\bmessage:\s*(['"`])(?!\1)/],
];
/** Shared components: their chart options have numeric min/max that are not limits, so only these two. */
const COMPONENT_PATTERNS = PAGE_PATTERNS.filter(
  ([what]) => what === 'literal length limit' || what === 'literal message',
);

/** Places that may keep a literal for now, as `path:text` (empty: none). */
const ALLOWED: string[] = [];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

function findings(dir: string, patterns: [string, RegExp][]): string[] {
  const found: string[] = [];
  for (const file of sources(join(ROOT, dir))) {
    const rel = relative(ROOT, file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        if (/^\s*(\*|\/\*)/.test(code)) return;
        for (const [what, re] of patterns) {
          if (re.test(code) && !ALLOWED.includes(`${rel}:${line.trim()}`))
            found.push(`${rel}:${i + 1} ${what}: ${line.trim()}`);
        }
      });
  }
  return found;
}

describe('form limits and messages come from the contracts', () => {
  it('no page writes a limit or a validation message of its own', () => {
    expect(findings('web/src/pages', PAGE_PATTERNS)).toEqual([]);
  });

  it('no shared component writes a length limit or a validation message of its own', () => {
    expect(findings('web/src/components', COMPONENT_PATTERNS)).toEqual([]);
  });

  it('the allow-list stays empty', () => {
    expect(ALLOWED).toEqual([]);
  });
});

// The W3C EPUB 3 reading-system tests of the shared corpus (../shared/data/epub/w3c-reading-system-tests, read
// at run time, never copied in): which of them apply to this reader, the peers' scores from RESULTS.md, and the
// last score this reader recorded (e2e/w3c-score.json), below which the conformance journey fails.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../server.js';

export const SUITE_DIR = path.resolve(ROOT, '..', 'shared', 'data', 'epub', 'w3c-reading-system-tests');
/** The folder under the corpus root that the test-only import route takes paths from. */
export const SUITE_PREFIX = 'w3c-reading-system-tests';
export const SCORE_FILE = path.join(ROOT, 'e2e', 'w3c-score.json');

/**
 * Tests of the suite that do not apply to a reflowable, script-free web reader, by group, with the reason.
 * Every other book of the folder applies (92 of 102).
 */
export const EXCLUDED: Record<string, { group: string; reason: string }> = {
  'lay-rendition-flow-pre-pag': {
    group: 'fixed layout',
    reason: 'pre-paginated pages: shown since issue 32 (FixedView), not yet judged by a check here',
  },
  'lay-viewport-meta-prop': {
    group: 'fixed layout',
    reason: 'the viewport meta of pre-paginated pages (issue 32 reads it): not yet judged by a check here',
  },
  'pkg-spine-progression-pre-paginated': {
    group: 'fixed layout',
    reason: 'page order of a pre-paginated book (issue 32 spreads): not yet judged by a check here',
  },
  'pub-data-urls_top-level-content': {
    group: 'fixed layout',
    reason: 'an absolutely positioned image at the bottom of a fixed-layout page',
  },
  'lay-reflow-align-x-center': {
    group: 'fixed layout',
    reason: 'rendition:align-x-center (a property of fixed-layout spreads); the book says n/a without it',
  },
  'scr-support': { group: 'scripting', reason: 'needs book scripts to run; this reader never runs them' },
  'sec-untrusted-consent_scripting': {
    group: 'scripting',
    reason: 'asks for consent before running book scripts; this reader never runs them',
  },
  'ocf-url_origin': { group: 'scripting', reason: 'a script prints the origin; no book script runs here' },
  'ocf-url_parse-leaking-relative': {
    group: 'scripting',
    reason: 'a script parses the URL and prints it; no book script runs here',
  },
  'ocf-url_parse-path-absolute': {
    group: 'scripting',
    reason: 'a script parses the URL and prints it; no book script runs here',
  },
};

/** The ids of the suite's books (file names without .epub), sorted. */
export function suiteIds(): string[] {
  return fs
    .readdirSync(SUITE_DIR)
    .filter((f) => f.endsWith('.epub'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export const applicableIds = () => suiteIds().filter((id) => !EXCLUDED[id]);

export interface Peer {
  name: string;
  /** Test id → pass / fail / ? / n/a as the peer reported it. */
  results: Map<string, string>;
}

/** The peers' columns of RESULTS.md. */
export function peers(): Peer[] {
  const lines = fs.readFileSync(path.join(SUITE_DIR, 'RESULTS.md'), 'utf8').split('\n');
  const header = lines.find((l) => l.startsWith('| test |'));
  if (!header) return [];
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const names = cells(header).slice(2);
  const list: Peer[] = names.map((name) => ({ name, results: new Map() }));
  for (const line of lines) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (!m) continue;
    const row = cells(line);
    names.forEach((_n, i) => list[i]!.results.set(m[1]!, row[i + 2] ?? '?'));
  }
  return list;
}

export interface Score {
  passed: number;
  applicable: number;
  failing: string[];
}

export function recordedScore(): Score | null {
  try {
    return JSON.parse(fs.readFileSync(SCORE_FILE, 'utf8')) as Score;
  } catch {
    return null;
  }
}

export function recordScore(score: Score): void {
  fs.writeFileSync(SCORE_FILE, `${JSON.stringify(score, null, 2)}\n`);
}

/** One line per reader: passed of the applicable tests it reported on, and of ours. */
export function scoreTable(ours: Map<string, boolean>): string {
  const ids = [...ours.keys()];
  const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '-');
  const passed = ids.filter((id) => ours.get(id)).length;
  const rows = [`  this reader: ${passed}/${ids.length} (${pct(passed, ids.length)})`];
  for (const peer of peers()) {
    const reported = ids.filter((id) => ['pass', 'fail'].includes(peer.results.get(id) ?? ''));
    const ok = reported.filter((id) => peer.results.get(id) === 'pass').length;
    const oursOnThose = reported.filter((id) => ours.get(id)).length;
    rows.push(
      `  ${peer.name}: ${ok}/${reported.length} (${pct(ok, reported.length)}); ` +
        `this reader on the same tests: ${oursOnThose}/${reported.length} (${pct(oursOnThose, reported.length)})`,
    );
  }
  const passedByPeer = ids.filter((id) => !ours.get(id) && peers().some((p) => p.results.get(id) === 'pass'));
  if (passedByPeer.length) rows.push(`  failing here but passed by a peer: ${passedByPeer.join(', ')}`);
  return rows.join('\n');
}

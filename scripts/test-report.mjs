// Vitest reporters for a run: the default one, plus a JSON report when TEST_REPORT_DIR is set (CI counts the
// tests of `npm test` from these files: api.json for the API suite, e2e.json for the journeys).
import path from 'node:path';

/**
 * @param {string} name
 * @returns {(string | [string, Record<string, unknown>])[]}
 */
export function reporters(name) {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return ['default'];
  return ['default', ['json', { outputFile: path.join(dir, `${name}.json`) }]];
}

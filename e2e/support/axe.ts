// axe-core in the journeys (issue 34): runs the WCAG 2.x A/AA rules on the page as the user sees it and answers the
// violations, summed by impact, with enough of each node to find it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** Evaluated through the DevTools protocol, which the site's Content-Security-Policy (no inline script) allows. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface AxeFinding {
  rule: string;
  impact: Impact;
  nodes: number;
  /** The first few nodes' selectors and why they fail. */
  examples: string[];
}

/** Runs axe on the page's document and answers its violations, the worst first. */
export async function axeScan(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: (v.impact ?? 'minor') as string,
      nodes: v.nodes.length,
      examples: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(0, 2).join(' ')}`),
    }));
  }, AXE_TAGS);
  const order: Impact[] = ['critical', 'serious', 'moderate', 'minor'];
  return (found as AxeFinding[]).sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact));
}

/** Nodes found per impact. */
export function countByImpact(findings: AxeFinding[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const f of findings) counts[f.impact] += f.nodes;
  return counts;
}

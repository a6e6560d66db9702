import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown; failureSummary?: string }[];
}

/** Serious and critical violations, reduced to what a failure message needs. */
export function seriousViolations(violations: AxeViolation[]) {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: JSON.stringify(node.target),
        why: node.failureSummary?.split('\n').slice(1).join(' ').trim(),
      })),
    }));
}

/** Runs axe on the page (or the part `include` selects) and expects no serious or critical violation. */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(seriousViolations(results.violations)).toEqual([]);
}

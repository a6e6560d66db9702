import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown; html?: string; failureSummary?: string }[];
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
        html: node.html?.slice(0, 300),
        why: node.failureSummary?.split('\n').slice(1).join(' ').trim(),
      })),
    }));
}

export interface A11yOptions {
  /** Only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation (issue 13 item 7).
 * `screen()` calls it for every screen a journey passes; call it directly where no screenshot is taken.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // A toast caught mid fade-in (its text still half transparent) is not the page's contrast: every toast
  // on the page first reaches full opacity with no transition running on it (bounded wait). A toast
  // mounted a moment ago may not have started its transition yet (still at opacity 0), hence the opacity
  // check beside the running animations. Flashes (data-phase) have faded out within a second.
  await page
    .waitForFunction(
      () => {
        const toasts = [...document.querySelectorAll('.mantine-Notification-root')];
        const opaque = toasts.every((toast) => {
          for (let element: Element | null = toast; element; element = element.parentElement) {
            if (Number.parseFloat(getComputedStyle(element).opacity) < 1) return false;
          }
          return true;
        });
        const settled = document.getAnimations().every((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const inToast = target instanceof Element && target.closest('[class*="mantine-Notification"]');
          return !inToast || animation.playState !== 'running';
        });
        // A flash fading out (components/Flash.tsx, data-phase="fading") is leaving the page: its
        // half-transparent text is not the screen either.
        const noneFading = document.querySelector('[data-phase="fading"]') === null;
        return opaque && settled && noneFading;
      },
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // A list refetching (aria-busy, its rows dimmed while the new page loads) is checked once it has
  // settled: the dimmed rows are a passing loading state, not the screen (bounded wait).
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  const flashesShown = () => page.evaluate(() => document.querySelectorAll('[data-phase="shown"]').length);
  const shownBefore = await flashesShown();
  let results = await builder.analyze();
  // A flash may start its fade while axe reads the page (it stays 3 s): checked again once it has gone.
  if (seriousViolations(results.violations).length > 0 && (await flashesShown()) < shownBefore) {
    await page
      .waitForFunction(() => document.querySelector('[data-phase="fading"]') === null, null, {
        timeout: 3_000,
      })
      .catch(() => undefined);
    results = await builder.analyze();
  }
  // Soft: the journey goes on and reports every screen's violations, and still fails at its end.
  expect.soft(seriousViolations(results.violations), `accessibility violations on ${page.url()}`).toEqual([]);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';

/**
 * axe-core itself, the copy @axe-core/playwright runs. Its AxeBuilder injected the whole script into
 * every frame on every check, ran the rules in parts and handed the parts to a fresh page to finish:
 * 21–26 s a check on the classic app page under load, against 3–3.5 s for the same rules run in the
 * page directly, injected once per document.
 */
const require = createRequire(import.meta.url);
const axeSource = readFileSync(
  require.resolve('axe-core/axe.min.js', {
    paths: [path.dirname(require.resolve('@axe-core/playwright'))],
  }),
  'utf8',
);

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** A rule names its checks by id, or holds them (axe's versions differ). */
type AxeCheckRef = string | { id: string };

interface AxeWindow {
  axe: {
    run(context: unknown, options: Record<string, unknown>): Promise<{ violations: AxeViolation[] }>;
    /** axe's rule and check definitions (internal but stable since axe 2: what its own reporters read). */
    _audit: {
      rules: { id: string; impact?: Impact; any: AxeCheckRef[]; all: AxeCheckRef[]; none: AxeCheckRef[] }[];
      data: { checks: Record<string, { impact?: Impact } | undefined> };
    };
  };
}

/**
 * Every rule axe runs by default that can report a serious or critical violation, in one frame; only the
 * violations are gathered. A rule's violation is as grave as its gravest failing check (or the rule's own
 * impact, where it names one), so a rule whose checks are all minor or moderate can never fail a journey:
 * the 29 such rules (region, the landmark rules, heading order, duplicate ids…) are left out, which is a
 * third of axe's time on a long page and does not change what a journey can find.
 */
async function axeViolations(frame: Frame, include: string | undefined): Promise<AxeViolation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  return frame.evaluate(async (selector) => {
    const { axe } = window as unknown as AxeWindow;
    const rank: Record<Impact, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
    const gravest = (rule: AxeWindow['axe']['_audit']['rules'][number]) =>
      Math.max(
        rule.impact ? rank[rule.impact] : 0,
        ...[...rule.any, ...rule.all, ...rule.none].map((check) => {
          const impact = axe._audit.data.checks[typeof check === 'string' ? check : check.id]?.impact;
          return impact ? rank[impact] : 0;
        }),
      );
    const rules = Object.fromEntries(
      axe._audit.rules
        .filter((rule) => gravest(rule) < rank.serious)
        .map((rule) => [rule.id, { enabled: false }]),
    );
    const context = selector ? { include: [selector] } : document;
    const results = await axe.run(context, { resultTypes: ['violations'], iframes: false, rules });
    return results.violations;
  }, include ?? null);
}

/** Whether a frame runs scripts: a sandboxed one without allow-scripts never answers an evaluation. */
async function runsScripts(frame: Frame): Promise<boolean> {
  const element = await frame.frameElement().catch(() => null);
  if (!element) return false;
  const sandbox = await element.getAttribute('sandbox');
  return sandbox === null || sandbox.split(/\s+/).includes('allow-scripts');
}

/**
 * The page's violations, frame by frame (an e-mail preview is a frame of its own). A frame that runs no
 * script (the sandboxed e-mail preview) cannot be checked from inside.
 */
async function pageViolations(page: Page, include: string | undefined): Promise<AxeViolation[]> {
  const violations = await axeViolations(page.mainFrame(), include);
  if (include) return violations;
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !(await runsScripts(frame))) continue;
    violations.push(...(await axeViolations(frame, undefined)));
  }
  return violations;
}

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
  const flashesShown = () => page.evaluate(() => document.querySelectorAll('[data-phase="shown"]').length);
  const shownBefore = await flashesShown();
  let violations = await pageViolations(page, options.include);
  // A flash may start its fade while axe reads the page (it stays 3 s): checked again once it has gone.
  if (seriousViolations(violations).length > 0 && (await flashesShown()) < shownBefore) {
    await page
      .waitForFunction(() => document.querySelector('[data-phase="fading"]') === null, null, {
        timeout: 3_000,
      })
      .catch(() => undefined);
    violations = await pageViolations(page, options.include);
  }
  // Soft: the journey goes on and reports every screen's violations, and still fails at its end.
  expect.soft(seriousViolations(violations), `accessibility violations on ${page.url()}`).toEqual([]);
}

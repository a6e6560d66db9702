import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screens');

/**
 * Whether the journeys keep a picture of each screen: on request (`E2E_SCREENS=1`), not in every run.
 * The pictures are for people looking at the screens, not a check, and ~175 full-page screenshots were
 * time the test command spends on every run (issue 24: CI under 25 minutes).
 */
const keepScreens = process.env.E2E_SCREENS === '1';

/**
 * Checks the screen the journey is on with axe: no serious or critical accessibility violation on any
 * screen a journey passes (issue 13 item 7). With `E2E_SCREENS=1` it first saves a full-page screenshot
 * as e2e/artifacts/screens/<journey>/<NN-name>.png, numbered in the order the journey passes them.
 */
export async function screen(page: Page, name: string): Promise<void> {
  if (keepScreens) await saveScreen(page, name);
  await expectNoSeriousA11yViolations(page);
}

async function saveScreen(page: Page, name: string): Promise<void> {
  const journey = path.basename(test.info().file).replace(/\.spec\.ts$/, '');
  const dir = path.join(screensDir, journey);
  // Numbered from what is already there (global setup empties the folder): a failed test restarts the
  // worker, so a counter kept in memory would start again at 01.
  mkdirSync(dir, { recursive: true });
  const next = readdirSync(dir).filter((file) => file.endsWith('.png')).length + 1;
  const file = path.join(dir, `${String(next).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

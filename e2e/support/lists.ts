import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a list in `scope` has loaded: it shows an item (`itemRole`) or its empty state
 * (`emptyText`), no longer a loader, so what it lacks then means something.
 */
export async function waitForItemsOrEmpty(
  scope: Locator,
  itemRole: Parameters<Locator['getByRole']>[0],
  emptyText: string,
): Promise<void> {
  await expect(
    scope
      .getByRole(itemRole)
      .or(scope.getByText(emptyText, { exact: true }))
      .first(),
  ).toBeVisible();
}

import { test } from '@playwright/test';
import { newUser, signUpBeforeAll } from '../support/api';
import { CLASSIC_STATE } from '../support/form-experience';
import { endLifecycle, startLifecycle, walkLifecycle } from '../support/lifecycle';
import { Mailbox } from '../support/mailbox';

const mailbox = new Mailbox();
const developer = newUser('Lifecycle Classic');
const admin = newUser('Lifecycle Classic Admin');
signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

// The product's default: a developer who has not opted in to the form-based experience sees the app
// on one page (spec 2 §2, older layout), the listing among its sections (issue 20 item 2).
test.use({ storageState: CLASSIC_STATE });

test('on the classic layout an app goes from creation to the marketplace, and its update after it', async ({
  page,
  browser,
}) => {
  // Two passes through every screen of the lifecycle, three people, each screen checked by axe.
  test.setTimeout(900_000);
  const journey = await startLifecycle('classic', page, browser, { developer, admin });
  try {
    await walkLifecycle(journey);
  } finally {
    await endLifecycle(journey);
  }
});

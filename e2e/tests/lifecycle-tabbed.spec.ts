import { test } from '@playwright/test';
import { newUser, signUpBeforeAll } from '../support/api';
import { FORM_EXPERIENCE_STATE } from '../support/form-experience';
import { endLifecycle, startLifecycle, walkLifecycle } from '../support/lifecycle';
import { Mailbox } from '../support/mailbox';

const mailbox = new Mailbox();
const developer = newUser('Lifecycle Tabbed');
const admin = newUser('Lifecycle Tabbed Admin');
signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

// The form-based experience: the app page on tabs (the journeys' default, said here to be plain).
test.use({ storageState: FORM_EXPERIENCE_STATE });

test('on the tabbed layout an app goes from creation to the marketplace, and its update after it', async ({
  page,
  browser,
}) => {
  // Two passes through every screen of the lifecycle, three people, each screen checked by axe.
  test.setTimeout(900_000);
  const journey = await startLifecycle('tabbed', page, browser, { developer, admin });
  try {
    await walkLifecycle(journey);
  } finally {
    await endLifecycle(journey);
  }
});

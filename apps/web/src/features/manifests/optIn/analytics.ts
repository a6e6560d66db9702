import { call } from '../../../api/client';

/** The analytics events of the opt-in (spec 2 §7 `POST /api/v1/analytics`). */
export type FormExperienceEvent = 'opted_in' | 'opted_out';

/** Records an opt-in or opt-out. Analytics never stand in the user's way: a failure is swallowed. */
export async function trackFormExperience(event: FormExperienceEvent): Promise<void> {
  try {
    await call('POST /api/v1/analytics', { body: { key: event } });
  } catch {
    // Nothing to tell the user: the choice itself is kept in the browser.
  }
}

/** The analytics events of the opt-in (spec 2 §7 `POST /api/v1/analytics`). */
export type FormExperienceEvent = 'opted_in' | 'opted_out';

/**
 * Records an opt-in or opt-out. Analytics never stand in the user's way: a failure is swallowed.
 */
export async function trackFormExperience(_event: FormExperienceEvent): Promise<void> {
  // Wired to POST /api/v1/analytics once its contract is in @lintel/shared.
}

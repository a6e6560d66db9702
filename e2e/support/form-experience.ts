import { BASE_URL } from './env';

/**
 * The browser-storage flags of the form-based experience (apps/web/src/features/manifests/optIn/flags.ts),
 * for journeys that set them before the page loads.
 */
export const FORM_EXPERIENCE_FLAGS = {
  beta: 'lintel.formExperience.beta',
  betaBannerDismissed: 'lintel.formExperience.betaBannerDismissed',
  selfServiceIntroDismissed: 'lintel.formExperience.selfServiceIntroDismissed',
} as const;

/** A storage state opted in to the form-based experience, its intro banner dismissed. */
export const FORM_EXPERIENCE_STATE = {
  cookies: [],
  origins: [
    {
      origin: BASE_URL,
      localStorage: [
        { name: FORM_EXPERIENCE_FLAGS.beta, value: 'true' },
        { name: FORM_EXPERIENCE_FLAGS.selfServiceIntroDismissed, value: 'true' },
      ],
    },
  ],
};

/** A storage state with no flag set: the older layout, banners showing. */
export const CLASSIC_STATE = { cookies: [], origins: [] };

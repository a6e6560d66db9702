/**
 * The form-based experience's flags in browser storage (spec 2 §2 "Opt-in to the form-based
 * experience"): beta (the user opted in), beta banner dismissed, beta forced (the server moves everyone
 * in) and self-service intro dismissed. This module is the only place that reads or writes them.
 */

export const FORM_EXPERIENCE_FLAGS = {
  beta: 'lintel.formExperience.beta',
  betaBannerDismissed: 'lintel.formExperience.betaBannerDismissed',
  betaForced: 'lintel.formExperience.betaForced',
  selfServiceIntroDismissed: 'lintel.formExperience.selfServiceIntroDismissed',
} as const;
export type FormExperienceFlag = keyof typeof FORM_EXPERIENCE_FLAGS;

/** Set by the opt-in modal just before it reloads, so the reloaded page can say it worked. */
const JUST_OPTED_IN = 'lintel.formExperience.justOptedIn';

const listeners = new Set<() => void>();

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Storage can be switched off (private modes, blocked cookies): the flags then read as unset.
    return null;
  }
}

export function readFlag(flag: FormExperienceFlag): boolean {
  return storage('localStorage')?.getItem(FORM_EXPERIENCE_FLAGS[flag]) === 'true';
}

export function writeFlag(flag: FormExperienceFlag, value: boolean): void {
  const store = storage('localStorage');
  if (!store || readFlag(flag) === value) return;
  try {
    if (value) store.setItem(FORM_EXPERIENCE_FLAGS[flag], 'true');
    else store.removeItem(FORM_EXPERIENCE_FLAGS[flag]);
  } catch {
    // A full or blocked storage keeps the old value; nothing else depends on it.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` when a flag changes here or in another tab; returns the unsubscribe. */
export function subscribeFlags(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('lintel.formExperience.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the user sees the form-based (tabbed) app page: forced by the server, or chosen. */
export function formExperienceOn(forced: boolean): boolean {
  return forced || readFlag('beta');
}

export function markJustOptedIn(): void {
  storage('sessionStorage')?.setItem(JUST_OPTED_IN, 'true');
}

/** True once after the opt-in modal's reload; the mark is removed by reading it. */
export function takeJustOptedIn(): boolean {
  const store = storage('sessionStorage');
  if (store?.getItem(JUST_OPTED_IN) !== 'true') return false;
  store.removeItem(JUST_OPTED_IN);
  return true;
}

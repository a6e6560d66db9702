import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../auth/queries';
import { type FormExperienceEvent, trackFormExperience } from './analytics';
import { type FormExperienceFlag, readFlag, subscribeFlags, writeFlag } from './flags';

function useFlag(flag: FormExperienceFlag): boolean {
  return useSyncExternalStore(
    subscribeFlags,
    () => readFlag(flag),
    () => false,
  );
}

export interface FormExperience {
  /** The user sees the form-based (tabbed) app page. */
  on: boolean;
  /** FORM_EXPERIENCE_FORCED: everyone is in, the choice is not the user's. */
  forced: boolean;
  /** What the user chose (beta), whatever the server forces. */
  chosen: boolean;
  bannerDismissed: boolean;
  introDismissed: boolean;
  /** Opts in or out and records the analytics event; resolves once the event is sent (or failed). */
  choose(on: boolean): Promise<void>;
  dismissBanner(): void;
  dismissIntro(): void;
}

/**
 * The opt-in state of spec 2 §2: the flags of browser storage, with "beta forced" following the
 * server's FORM_EXPERIENCE_FORCED as the session reports it (kept in storage like the other flags, so
 * it holds before the session has loaded).
 */
export function useFormExperience(): FormExperience {
  const serverForced = useSession().data?.features?.form_experience_forced;
  useEffect(() => {
    if (serverForced !== undefined) writeFlag('betaForced', serverForced);
  }, [serverForced]);
  const storedForced = useFlag('betaForced');
  const chosen = useFlag('beta');
  const bannerDismissed = useFlag('betaBannerDismissed');
  const introDismissed = useFlag('selfServiceIntroDismissed');
  const forced = serverForced ?? storedForced;

  const choose = useCallback(async (on: boolean) => {
    writeFlag('beta', on);
    const event: FormExperienceEvent = on ? 'opted_in' : 'opted_out';
    await trackFormExperience(event);
  }, []);
  const dismissBanner = useCallback(() => writeFlag('betaBannerDismissed', true), []);
  const dismissIntro = useCallback(() => writeFlag('selfServiceIntroDismissed', true), []);

  return {
    on: forced || chosen,
    forced,
    chosen,
    bannerDismissed,
    introDismissed,
    choose,
    dismissBanner,
    dismissIntro,
  };
}

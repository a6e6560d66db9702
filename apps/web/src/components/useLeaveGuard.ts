import { useLayoutEffect } from 'react';
import { leaveGuards } from '../routing';

/**
 * While `when` holds, every navigation away from the page asks `allowLeave` first (false stays): a link,
 * a tab or any other in-app navigation to another path (`HistoryRouter`'s navigator asks before the
 * history moves), and the browser's back and forward buttons (the entry has already changed then, so
 * `HistoryRouter` steps back to the page's entry); closing or reloading the page asks the browser's own
 * `beforeunload` question.
 */
export function useLeaveGuard(when: boolean, allowLeave: () => boolean): void {
  useLayoutEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    leaveGuards.add(allowLeave);
    window.addEventListener('beforeunload', warn);
    return () => {
      leaveGuards.delete(allowLeave);
      window.removeEventListener('beforeunload', warn);
    };
  }, [when, allowLeave]);
}

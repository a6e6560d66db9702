import { lazy, Suspense } from 'react';
import { loadAreaNamespaces } from '../../i18n';
import type { ReviewQueueNoticeProps } from './ReviewQueueNotice';

// The notice and its texts load beside the tab that shows it, not with the app page.
const ReviewQueueNotice = lazy(async () => {
  const [module] = await Promise.all([import('./ReviewQueueNotice'), loadAreaNamespaces(['adminLists'])]);
  return module;
});

/** Where an app tab shows its submission's place in the review queue (versions tab, listing tab). */
export function ReviewQueueSlot(props: ReviewQueueNoticeProps) {
  return (
    <Suspense fallback={null}>
      <ReviewQueueNotice {...props} />
    </Suspense>
  );
}

import type { ConfiguredManifestInput } from '@lintel/shared/manifests';
import { useQueryClient } from '@tanstack/react-query';
import { type SetStateAction, useCallback, useEffect, useMemo, useState } from 'react';

/** Where unsaved builder forms wait while the user visits another tab (not a server query). */
export const draftKey = (appId: number, baseKey: string) => ['manifestDrafts', appId, baseKey] as const;

/**
 * The builder's local form, kept in the query cache for the rest of the visit so that moving to another
 * tab and back does not lose it, and guarded by the browser's "leave this page?" while it differs from
 * the version it started from. `discard` goes back to that version.
 */
export function useBuilderDraft(appId: number, baseKey: string, initial: ConfiguredManifestInput) {
  const queryClient = useQueryClient();
  const key = useMemo(() => draftKey(appId, baseKey), [appId, baseKey]);
  const [form, setForm] = useState<ConfiguredManifestInput>(
    () => queryClient.getQueryData<ConfiguredManifestInput>(key) ?? initial,
  );
  const initialJson = useMemo(() => JSON.stringify(initial), [initial]);
  const dirty = JSON.stringify(form) !== initialJson;

  useEffect(() => {
    queryClient.setQueryDefaults(['manifestDrafts'], { gcTime: Number.POSITIVE_INFINITY });
    if (dirty) queryClient.setQueryData(key, form);
    else queryClient.removeQueries({ queryKey: key, exact: true });
  }, [queryClient, key, form, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = useCallback((next: SetStateAction<ConfiguredManifestInput>) => setForm(next), []);
  const discard = useCallback(() => {
    queryClient.removeQueries({ queryKey: key, exact: true });
    setForm(initial);
  }, [queryClient, key, initial]);
  /** Forgets the draft once it has been saved as a version. */
  const forget = useCallback(
    () => queryClient.removeQueries({ queryKey: key, exact: true }),
    [queryClient, key],
  );

  return { form, setForm: update, dirty, discard, forget };
}

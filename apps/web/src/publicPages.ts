// The pages anyone may open (the API changelog, the REST reference, the terms, an invitation), each
// a chunk of its own, behind one import site of the entry, as adminPages.ts: their preload lists live
// in this module's chunk, not in the entry the sign-in page's budget counts.
export const publicPages = {
  changelog: () => import('./features/changelog/ChangelogPage'),
  reference: () => import('./features/reference/ReferenceRoute'),
  terms: () => import('./features/legal/TermsPage'),
  acceptInvitation: () => import('./features/invitations/AcceptInvitationPage'),
};

// The API activity tab's loader, in a chunk of its own (as developer-apps/detail/tabLoaders.ts): the entry
// chunk's preload map lists this one file, not the tab's chunks (dates, the drawer), which keeps the
// sign-in page's first load within its budget.
export const loadApiActivityTab = () => import('./ApiActivityTab');

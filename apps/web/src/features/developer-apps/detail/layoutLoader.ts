// The app page's layout loader, in a chunk of its own (as tabLoaders.ts for its tabs): the entry chunk's
// preload map lists this one file instead of the layout's sixty-odd chunks, which keeps the sign-in
// page's first load within its budget. The layout's chunks are fetched together once this file is.
export const loadAppDetailLayout = () => import('./AppDetailLayout');

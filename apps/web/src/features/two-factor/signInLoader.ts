import { loadAreaNamespaces } from '../../i18n';

// The sign-in page's one import site of the second-factor step: the chunks that step needs are listed in
// this module's chunk, not in the sign-in page's (its initial JS budget, apps/web/package.json `size`).
export async function loadSignInExtras() {
  const [module] = await Promise.all([import('./SignInExtras'), loadAreaNamespaces(['account'])]);
  return module;
}

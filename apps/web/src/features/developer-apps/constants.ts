import { DEVELOPER_APPS_PATH } from '../shell/navigation';

export { DEVELOPER_APPS_PATH };
/** Apps per page of /developer_apps. */
export const APPS_PER_PAGE = 24;
/** After creation, the app is polled this often until it has a sandbox (spec 2 §9: 1000 ms). */
export const CREATE_POLL_MS = 1_000;
/** … and the user is taken to the app after this long anyway (spec 2 §9: 10000 ms). */
export const CREATE_REDIRECT_MS = 10_000;
/** While the sandbox is being built, the app page refreshes itself this often. */
export const SANDBOX_POLL_MS = 3_000;
export const TERMS_PATH = '/terms_and_conditions';

export const appPath = (id: number | string) => `${DEVELOPER_APPS_PATH}/${id}`;

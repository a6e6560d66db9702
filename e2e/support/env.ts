/** Where the end-to-end run puts the portal and its SMTP server; shared by the config and the journeys. */
// Overridable so that two checkouts on one machine can run their journeys at the same time.
export const SERVER_PORT = Number(process.env.E2E_PORT ?? 3107);
export const BASE_URL = `http://127.0.0.1:${SERVER_PORT}`;
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** The demo seed's password (the config sets DEMO_PASSWORD to it explicitly). */
export const DEMO_PASSWORD = 'demo-password';
/** The only administrator there is: no API grants admin rights, so the admin checks use the demo seed. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

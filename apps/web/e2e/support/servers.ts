/** The two production servers the journeys run against (see playwright.config.ts). */
export const openPort = 4310;
export const lockedPort = 4311;
export const lockedBaseURL = `http://127.0.0.1:${lockedPort}`;
export const accessPassword = 'parley-e2e-password';

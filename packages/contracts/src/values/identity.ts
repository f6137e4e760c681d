// Paths, limits and defaults of the device id: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../identity.ts along. That file re-exports them.

/** Device id: the timestamp in milliseconds padded with random digits to 24 digits. */
export const DEVICE_ID_LENGTH = 24;

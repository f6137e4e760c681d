import { DEVICE_ID_LENGTH } from '@parley/contracts';

const deviceIdPattern = new RegExp(`^\\d{${DEVICE_ID_LENGTH}}$`);

export function isDeviceId(value: string | null | undefined): value is string {
  return typeof value === 'string' && deviceIdPattern.test(value);
}

function randomDigits(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (byte) => String(byte % 10)).join('');
}

/** The timestamp in milliseconds padded with random digits to exactly 24 digits. */
export function createDeviceId(now: number = Date.now(), digits: (count: number) => string = randomDigits): string {
  const timestamp = String(Math.trunc(Math.abs(now))).slice(0, DEVICE_ID_LENGTH);
  return timestamp + digits(DEVICE_ID_LENGTH - timestamp.length);
}

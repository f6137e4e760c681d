import { describe, expect, it } from 'vitest';
import { createDeviceId, isDeviceId } from './device-id';

describe('device id', () => {
  it('is exactly 24 digits', () => {
    for (let i = 0; i < 50; i += 1) expect(createDeviceId()).toMatch(/^\d{24}$/);
  });

  it('starts with the current time in milliseconds and pads with random digits', () => {
    const id = createDeviceId(1_732_000_000_123, (count) => '7'.repeat(count));
    expect(id).toBe('1732000000123' + '77777777777');
  });

  it('differs between two devices created in the same millisecond', () => {
    expect(createDeviceId(1_732_000_000_123)).not.toBe(createDeviceId(1_732_000_000_123));
  });

  it('recognises only 24-digit strings', () => {
    expect(isDeviceId('123456789012345678901234')).toBe(true);
    expect(isDeviceId('12345678901234567890123')).toBe(false);
    expect(isDeviceId('12345678901234567890123a')).toBe(false);
    expect(isDeviceId(null)).toBe(false);
  });
});

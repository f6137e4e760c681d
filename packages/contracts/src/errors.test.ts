import { describe, expect, it } from 'vitest';
import { errorCodes, isSuccessCode, logoutCodes, visitorRefreshCode } from './errors.js';

describe('the error code table', () => {
  const entries = Object.values(errorCodes);

  it('gives every code a distinct number', () => {
    const codes = entries.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('treats only code 0 as success, with HTTP 200', () => {
    expect(entries.filter((e) => e.code === 0)).toEqual([errorCodes.OK]);
    expect(errorCodes.OK.status).toBe(200);
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode('0')).toBe(false);
    expect(isSuccessCode(200)).toBe(false);
  });

  it('maps every failure to an HTTP error status and a message a person can read', () => {
    for (const e of entries.filter((x) => x.code !== 0)) {
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.msg.length).toBeGreaterThan(5);
    }
  });

  it('logs the client out on 401, 60000 and -104, and refreshes the visitor token on -2', () => {
    expect([...logoutCodes].sort()).toEqual([-104, 401, 60000].sort());
    expect(visitorRefreshCode).toBe(-2);
  });
});

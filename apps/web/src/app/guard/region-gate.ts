import type { SiteConfig } from '@parley/contracts';

type RegionGate = SiteConfig['regionGate'];

/** Whether a cookie with this name is set in a `document.cookie` string. */
export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().split('=')[0] === name);
}

/**
 * The IP check runs only on the configured primary host, and only while the ignore-IP cookie
 * is absent (spec section 2). No primary host configured: it runs nowhere.
 */
export function shouldCheckRegion(gate: RegionGate, hostname: string, cookieHeader: string): boolean {
  return gate.primaryHost !== '' && hostname.toLowerCase() === gate.primaryHost && !hasCookie(cookieHeader, gate.ignoreCookie);
}

/** The check's country code is one the site is not offered in. */
export function isBlockedCountry(gate: RegionGate, code: string): boolean {
  return gate.blockedCodes.includes(code.toUpperCase());
}

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

/** The country of an ISO code ("CN") or of the locale form some IP services answer in ("zh_CN", "zh-CN"). */
export function countryOf(code: string): string {
  const locale = /^[a-z]{2,3}[_-]([a-z]{2})$/i.exec(code.trim());
  return (locale ? locale[1]! : code.trim()).toUpperCase();
}

/** The check's country is one the site is not offered in (either side may be written either way). */
export function isBlockedCountry(gate: RegionGate, code: string): boolean {
  const country = countryOf(code);
  return gate.blockedCodes.some((blocked) => countryOf(blocked) === country);
}

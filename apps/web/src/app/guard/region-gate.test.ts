import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard-decision';
import { countryOf, hasCookie, isBlockedCountry, shouldCheckRegion } from './region-gate';

const gate = { primaryHost: 'www.parley.example', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] };

/** The whole gate as the route guard runs it: where the visitor lands for a host, cookie and country. */
function landing(hostname: string, cookie: string, country: string, pathname: string): string | null {
  const checked = shouldCheckRegion(gate, hostname, cookie);
  const regionBlocked = checked && isBlockedCountry(gate, country);
  return decideGuard({ pathname, userToken: 'u', visitorToken: '', hitoAppId: '', hitoChatId: '', regionBlocked }).redirectTo;
}

describe('the region gate', () => {
  const hosts = [
    ['the primary host', 'www.parley.example'],
    ['the primary host in capitals', 'WWW.Parley.Example'],
    ['another host', 'staging.parley.example'],
  ] as const;
  const cookies = [
    ['no cookie', ''],
    ['other cookies', 'theme=dark; ignore_ip_not=1'],
    ['the ignore-IP cookie', 'theme=dark; ignore_ip=1'],
  ] as const;
  const countries = [
    ['the blocked country', 'CN'],
    ['the blocked country in lower case', 'cn'],
    ['the blocked country in the spec\'s locale form', 'zh_CN'],
    ['the blocked country as a language tag', 'zh-cn'],
    ['another country', 'US'],
    ['an unknown country', 'unknown'],
  ] as const;

  for (const [hostLabel, host] of hosts) {
    for (const [cookieLabel, cookie] of cookies) {
      for (const [countryLabel, country] of countries) {
        const onPrimary = hostLabel.startsWith('the primary');
        const cookieSet = cookieLabel === 'the ignore-IP cookie';
        const blocked = onPrimary && !cookieSet && countryLabel.startsWith('the blocked');
        it(`on ${hostLabel} with ${cookieLabel} from ${countryLabel}: ${blocked ? 'goes to /unsupport' : 'lets the visitor in'}`, () => {
          expect(shouldCheckRegion(gate, host, cookie)).toBe(onPrimary && !cookieSet);
          expect(landing(host, cookie, country, '/discover')).toBe(blocked ? '/unsupport' : null);
          expect(landing(host, cookie, country, '/unsupport')).toBe(blocked ? null : '/');
        });
      }
    }
  }

  it('runs nowhere when no primary host is configured', () => {
    expect(shouldCheckRegion({ ...gate, primaryHost: '' }, 'www.parley.example', '')).toBe(false);
    expect(shouldCheckRegion({ ...gate, primaryHost: '' }, '', '')).toBe(false);
  });

  it('reads the cookie name exactly, not as a prefix or a value', () => {
    expect(hasCookie('ignore_ip=', 'ignore_ip')).toBe(true);
    expect(hasCookie('a=1;ignore_ip=yes', 'ignore_ip')).toBe(true);
    expect(hasCookie('x=ignore_ip', 'ignore_ip')).toBe(false);
    expect(hasCookie('ignore_ipx=1', 'ignore_ip')).toBe(false);
  });

  it('blocks every configured code', () => {
    expect(isBlockedCountry({ ...gate, blockedCodes: ['CN', 'KP'] }, 'KP')).toBe(true);
    expect(isBlockedCountry({ ...gate, blockedCodes: [] }, 'CN')).toBe(false);
  });
});

describe('country codes as IP services write them', () => {
  it.each([
    ['CN', 'CN'],
    ['cn', 'CN'],
    ['zh_CN', 'CN'],
    ['zh-TW', 'TW'],
    ['en_us', 'US'],
    [' HK ', 'HK'],
    ['unknown', 'UNKNOWN'],
  ])('%j is the country %j', (code, country) => {
    expect(countryOf(code)).toBe(country);
  });

  it('blocks by a list written in the locale form too', () => {
    expect(isBlockedCountry({ ...gate, blockedCodes: ['zh_CN'] }, 'CN')).toBe(true);
    expect(isBlockedCountry({ ...gate, blockedCodes: ['zh_CN'] }, 'zh_TW')).toBe(false);
  });
});

import { unknownCountry } from '@parley/contracts';
import { open, type CountryResponse, type Reader } from 'maxmind';

export interface RegionSettings {
  /** Read the CDN's country header (only meaningful behind a trusted proxy). */
  countryHeader: string | null;
  /** A MaxMind Country/City database file. */
  maxmindPath: string | null;
}

export interface RegionCaller {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

const countryCode = /^[A-Z]{2}$/;
/** Cloudflare's "no country" (XX) and Tor (T1) are not countries. */
const notCountries = new Set(['XX', 'T1']);

function normalise(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase();
  return code && countryCode.test(code) && !notCountries.has(code) ? code : null;
}

/** The caller's country for the region gate: from the CDN header, else MaxMind, else "unknown". */
export function createRegionService(settings: RegionSettings) {
  let reader: Promise<Reader<CountryResponse>> | null = null;
  const database = () => (reader ??= open<CountryResponse>(settings.maxmindPath ?? ''));

  return {
    async country(caller: RegionCaller): Promise<string> {
      if (settings.countryHeader) {
        const raw = caller.headers[settings.countryHeader.toLowerCase()];
        const fromHeader = normalise(Array.isArray(raw) ? raw[0] : raw);
        if (fromHeader) return fromHeader;
      }
      if (settings.maxmindPath) {
        const found = (await database()).get(caller.ip);
        const code = normalise(found?.country?.iso_code ?? found?.registered_country?.iso_code);
        if (code) return code;
      }
      return unknownCountry;
    },
  };
}

export type RegionService = ReturnType<typeof createRegionService>;

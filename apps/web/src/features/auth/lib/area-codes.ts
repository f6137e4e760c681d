/**
 * Country calling codes offered by the login dialog, China first (the default). The country
 * names come from Intl.DisplayNames in the reader's language, so no list needs translating.
 */
export const areaCodeRegions = [
  { areaCode: '86', region: 'CN' },
  { areaCode: '852', region: 'HK' },
  { areaCode: '853', region: 'MO' },
  { areaCode: '886', region: 'TW' },
  { areaCode: '1', region: 'US' },
  { areaCode: '44', region: 'GB' },
  { areaCode: '61', region: 'AU' },
  { areaCode: '65', region: 'SG' },
  { areaCode: '60', region: 'MY' },
  { areaCode: '81', region: 'JP' },
  { areaCode: '82', region: 'KR' },
  { areaCode: '84', region: 'VN' },
  { areaCode: '66', region: 'TH' },
  { areaCode: '63', region: 'PH' },
  { areaCode: '62', region: 'ID' },
  { areaCode: '91', region: 'IN' },
  { areaCode: '971', region: 'AE' },
  { areaCode: '7', region: 'RU' },
  { areaCode: '49', region: 'DE' },
  { areaCode: '33', region: 'FR' },
  { areaCode: '34', region: 'ES' },
  { areaCode: '39', region: 'IT' },
  { areaCode: '55', region: 'BR' },
  { areaCode: '52', region: 'MX' },
] as const;

export function regionName(region: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

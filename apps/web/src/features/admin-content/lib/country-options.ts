import { countryCodes } from '@parley/contracts';

export interface CountryOption {
  value: string;
  /** "China (CN)": the name in the reader's language, and the code. */
  label: string;
}

/** Every ISO 3166-1 alpha-2 country, named in `language` (the code alone where the browser has no name), in that language's order. */
export function countryOptions(language: string): CountryOption[] {
  const names = new Intl.DisplayNames([language, 'en-US'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return countryCodes
    .map((code) => ({ value: code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ value, name }) => ({ value, label: name === value ? value : `${name} (${value})` }));
}

import type { TFunction } from 'i18next';

/** Settings as the page shows them: counts, durations, addresses and whether a key is set, in the reader's language. */
export function settingsFormat(language: string, t: TFunction<'consoleModels'>) {
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const seconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
  return {
    count: (value: number) => number.format(value),
    ms: (value: number) => seconds.format(value / 1000),
    share: (part: number, whole: number) => (whole === 0 ? '–' : percent.format(part / whole)),
    address: (url: string | null) => (url === null ? t('consoleModels:settings.none') : <code className="models-page__address">{url}</code>),
    keySet: (set: boolean) => (set ? t('consoleModels:settings.keySet') : t('consoleModels:settings.keyNotSet')),
  };
}

import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { locales } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../lib/i18n/browser-language';
import { languageNames } from '../../lib/i18n/language-names';
import { setLanguage, useAppSetting } from '../../stores/app-setting-store';
import './language-select.css';

/** A native select: light on the first screen, and the platform's own picker on phones. */
export function LanguageSelect() {
  const { t } = useTranslation('layout');
  const language = useAppSetting((setting) => setting.language);
  return (
    <label className="language-select">
      <GlobalOutlined className="language-select__icon" aria-hidden />
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        className="language-select__control"
        value={language}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {languageNames[locale]}
          </option>
        ))}
      </select>
      <DownOutlined className="language-select__chevron" aria-hidden />
    </label>
  );
}

import { useTranslation } from 'react-i18next';
import './brand-mark.css';

/** The logo and name. The icon is decorative; the name is the text. */
export function BrandMark() {
  const { t } = useTranslation('common');
  return (
    <span className="brand-mark">
      <svg className="brand-mark__icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 10h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-8l-5 4v-4H9a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z" fill="#fff" />
      </svg>
      <span className="brand-mark__name">{t('appName')}</span>
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import './loading-bar.css';

/** The 2 px bar at the top of the page while a page or a request is loading. */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      className="loading-bar"
      data-active={active}
      role="progressbar"
      aria-label={t('loading')}
      aria-hidden={!active}
      aria-busy={active}
    />
  );
}

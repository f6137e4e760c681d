import type { AdType } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useHomeAd } from '../api/get-home-ad';
import './promo-banner.css';

/** A promo slot (1 sidebar, 2 right panel): the banner opens its link in a new tab; nothing shows while empty. */
export function PromoBanner({ type }: { type: AdType }) {
  const { t } = useTranslation('brokers');
  const { data: ad } = useHomeAd(type);
  // an operator typo must not become a script link
  if (!ad || !/^https?:\/\//i.test(ad.href)) return null;
  return (
    <a className="promo-banner" href={ad.href} target="_blank" rel="noopener noreferrer sponsored" data-slot={type}>
      <img src={ad.coverUrl} alt={ad.title || t('promo.label')} />
      <span className="promo-banner__tag">{ad.isDemo ? t('promo.demo') : t('promo.tag')}</span>
    </a>
  );
}

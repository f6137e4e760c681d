import type { Citation } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

function where(citation: Citation, page: (page: number) => string): string {
  return [citation.fileName, citation.page !== null ? page(citation.page) : null, citation.heading].filter(Boolean).join(' · ');
}

/** The knowledge an answer used: each source unfolds the passage it came from. */
export function WidgetSources({ citations }: { citations: Citation[] }) {
  const { t } = useTranslation('widget');
  if (citations.length === 0) return null;
  return (
    <section className="widget-sources" aria-label={t('sources.title')}>
      <h3 className="widget-sources__title">{t('sources.title')}</h3>
      <ol className="widget-sources__list">
        {citations.map((citation) => (
          <li key={citation.chunkId}>
            <details>
              <summary>{where(citation, (page) => t('sources.page', { page }))}</summary>
              <blockquote>{citation.excerpt}</blockquote>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

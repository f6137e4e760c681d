import { FileTextOutlined } from '@ant-design/icons';
import type { Citation } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import './citation-list.css';

function where(citation: Citation, t: TFunction<'chat'>): string {
  const parts = [citation.fileName];
  if (citation.page !== null) parts.push(t('citations.page', { page: citation.page }));
  if (citation.heading) parts.push(citation.heading);
  return parts.join(' · ');
}

/** The knowledge an answer used, by title: each source opens the passage it came from (relevance scores are for operators). */
export function CitationList({ citations }: { citations: Citation[] }) {
  const { t } = useTranslation('chat');
  if (citations.length === 0) return null;
  return (
    <section className="citation-list" aria-label={t('citations.title')}>
      <h3 className="citation-list__title">{t('citations.title')}</h3>
      <ol className="citation-list__items">
        {citations.map((citation, index) => (
          <li key={citation.chunkId}>
            <Popover
              trigger="click"
              placement="topLeft"
              title={where(citation, t)}
              content={<blockquote className="citation-list__excerpt">{citation.excerpt}</blockquote>}
            >
              <button type="button" className="citation-list__source" aria-haspopup="dialog">
                <span className="citation-list__index" aria-hidden>
                  {index + 1}
                </span>
                <FileTextOutlined aria-hidden />
                <span className="citation-list__name">{where(citation, t)}</span>
              </button>
            </Popover>
          </li>
        ))}
      </ol>
    </section>
  );
}

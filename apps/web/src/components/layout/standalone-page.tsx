import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { useDocumentTitle } from './use-document-title';
import './standalone-page.css';

/** A page outside the main layout (shares, legal pages): a slim header and a centred column. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <div className="standalone-page">
      <header className="standalone-page__header">
        {/* Named by the brand it shows (a label that leaves it out would not match what is seen); the title says where it goes. */}
        <Link to="/home" className="standalone-page__brand" title={t('actions.backHome')}>
          <BrandMark />
        </Link>
      </header>
      <main id="main-content" className="standalone-page__main">
        <h1 className="standalone-page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

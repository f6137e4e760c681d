import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/layout/back-home-button';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { BrandResult } from '../../components/layout/brand-result';

export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  const { t: tSite } = useTranslation('site');
  useDocumentTitle(t('notFound.title'));
  return (
    <StatusPage>
      <BrandResult
        kind="not-found"
        title={<h1 className="status-page__code">404</h1>}
        subTitle={
          <>
            <p>{t('notFound.subtitle')}</p>
            <p>{tSite('notFound.help')}</p>
          </>
        }
        extra={<BackHomeButton />}
      />
    </StatusPage>
  );
}

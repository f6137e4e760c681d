import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/layout/back-home-button';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** Where the region check (a later issue) sends visitors the service is not offered to. */
export default function UnsupportPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('unsupport.title'));
  return (
    <StatusPage>
      <Result
        status="warning"
        title={<h1 className="status-page__code">{t('unsupport.title')}</h1>}
        subTitle={t('unsupport.subtitle')}
        extra={<BackHomeButton />}
      />
    </StatusPage>
  );
}

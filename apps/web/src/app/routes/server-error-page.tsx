import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/layout/back-home-button';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function ServerErrorPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('serverError.title'));
  return (
    <StatusPage>
      <Result
        status="500"
        title={<h1 className="status-page__code">500</h1>}
        subTitle={t('serverError.subtitle')}
        extra={<BackHomeButton />}
      />
    </StatusPage>
  );
}

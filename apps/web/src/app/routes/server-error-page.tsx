import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/layout/back-home-button';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { BrandResult } from '../../components/layout/brand-result';

export default function ServerErrorPage() {
  const { t } = useTranslation('pages');
  const { t: tSite } = useTranslation('site');
  useDocumentTitle(t('serverError.title'));
  return (
    <StatusPage>
      <BrandResult
        kind="server-error"
        title={<h1 className="status-page__code">500</h1>}
        subTitle={
          <>
            <p>{t('serverError.subtitle')}</p>
            <p>{tSite('serverError.help')}</p>
          </>
        }
        extra={
          <Space wrap>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => window.location.reload()}>
              {tSite('serverError.reload')}
            </Button>
            <BackHomeButton />
          </Space>
        }
      />
    </StatusPage>
  );
}

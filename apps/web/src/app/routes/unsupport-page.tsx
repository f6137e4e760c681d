import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/layout/back-home-button';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useSiteConfig } from '../../features/site';

/** Where the region check sends visitors the service is not offered to. */
export default function UnsupportPage() {
  const { t } = useTranslation('pages');
  const { t: tSite } = useTranslation('site');
  const contact = useSiteConfig().data?.contact;
  useDocumentTitle(t('unsupport.title'));
  return (
    <StatusPage>
      <Result
        status="warning"
        title={<h1 className="status-page__code">{t('unsupport.title')}</h1>}
        subTitle={
          <>
            <p>{t('unsupport.subtitle')}</p>
            <p>{tSite('unsupport.help')}</p>
            {contact?.qq && (
              <p>
                {tSite('contact.qq')}: {contact.qq}
              </p>
            )}
            {contact?.mail && (
              <p>
                {tSite('contact.mail')}: <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
              </p>
            )}
          </>
        }
        extra={<BackHomeButton />}
      />
    </StatusPage>
  );
}

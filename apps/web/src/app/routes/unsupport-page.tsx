import { useTranslation } from 'react-i18next';
import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusPage } from '../../components/layout/status-page';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useSiteConfig } from '../../features/site';
import { BrandResult } from '../../components/layout/brand-result';

/** Where the region check sends visitors the service is not offered to. */
export default function UnsupportPage() {
  const { t } = useTranslation('pages');
  const { t: tSite } = useTranslation('site');
  const contact = useSiteConfig().data?.contact;
  useDocumentTitle(t('unsupport.title'));
  return (
    <StatusPage>
      <BrandResult
        kind="problem"
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
        extra={
          // no way "home": every page sends a visitor the region check turned away back here
          contact?.mail ? (
            <Button type="primary" href={`mailto:${contact.mail}`} icon={<MailOutlined aria-hidden />}>
              {tSite('contact.write')}
            </Button>
          ) : null
        }
      />
    </StatusPage>
  );
}

import { MailOutlined, QqOutlined, TeamOutlined } from '@ant-design/icons';
import { adTypes, type SiteConfig } from '@parley/contracts';
import { Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { PromoBanner } from '../../../features/promo';
import { useSiteConfig } from '../../../features/site';
import './sidebar-links.css';

type LinkKey = 'platform' | 'complaints' | 'service' | 'enterprise' | 'oldVersion';

/** 平台, 投诉, 服务号, 企业端 and 返回旧版; 联系我们 follows them as a popup. */
const leadingLinks: LinkKey[] = ['platform', 'complaints', 'service', 'enterprise'];

function ContactCard({ contact }: { contact: SiteConfig['contact'] }) {
  const { t } = useTranslation('site');
  return (
    <dl className="sider-links__contact">
      {contact.qq && (
        <div>
          <dt>
            <QqOutlined aria-hidden /> {t('contact.qq')}
          </dt>
          <dd>{contact.qq}</dd>
        </div>
      )}
      {contact.mail && (
        <div>
          <dt>
            <MailOutlined aria-hidden /> {t('contact.mail')}
          </dt>
          <dd>
            <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}

function ExternalLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('site');
  return (
    <li>
      <a className="sider-links__link" href={href} target="_blank" rel="noopener noreferrer" title={`${label} (${t('links.newTab')})`}>
        {label}
      </a>
    </li>
  );
}

/**
 * The sidebar's outside links (each in a new tab; one without a configured URL is left out),
 * the 联系我们 popup with the QQ number and mail address (left out when neither is set), and the
 * sidebar promo (ad type 1).
 */
export function SidebarLinks() {
  const { t } = useTranslation('site');
  const { data: config } = useSiteConfig();
  const links = config?.links;
  const shown = links ? [...leadingLinks, 'oldVersion' as const].filter((key) => links[key]) : [];
  return (
    <div className="sider-links">
      {links && shown.length > 0 && (
        <nav aria-label={t('links.label')}>
          <ul className="sider-links__list">
            {shown.map((key) => (
              <ExternalLink key={key} href={links[key]} label={t(`links.${key}`)} />
            ))}
          </ul>
        </nav>
      )}
      {/* no entry at all where the operator set no contact details */}
      {config && (config.contact.qq || config.contact.mail) && (
        <Popover trigger={['hover', 'focus', 'click']} placement="right" title={t('contact.label')} content={<ContactCard contact={config.contact} />}>
          <button type="button" className="sider-links__link sider-links__contact-trigger" aria-haspopup="dialog">
            <TeamOutlined aria-hidden /> {t('contact.label')}
          </button>
        </Popover>
      )}
      <PromoBanner type={adTypes.sidebar} />
    </div>
  );
}

import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Ads } from './ads';
import { Announcements } from './announcements';
import { BrokerImport } from './broker-import';
import { PageEditor } from './page-editor';
import { SiteSettings } from './site-settings';
import './site-content.css';

const tabs = ['brokers', 'pages', 'announcements', 'ads', 'site'] as const;

/** The site's content operators keep: broker data, the site pages, announcements, ads, the links and region rules; one tab each (`?tab=`). */
export function SiteContent({ renderMarkdown }: { renderMarkdown: (markdown: string) => ReactNode }) {
  const { t } = useTranslation('consoleContent');
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((name) => name === params.get('tab')) ?? 'brokers';
  const panes: Record<(typeof tabs)[number], ReactNode> = {
    brokers: <BrokerImport />,
    pages: <PageEditor renderMarkdown={renderMarkdown} />,
    announcements: <Announcements />,
    ads: <Ads />,
    site: <SiteSettings />,
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams({ tab: key }, { replace: true })}
      items={tabs.map((name) => ({ key: name, label: t(`tabs.${name}`), children: panes[name] }))}
    />
  );
}

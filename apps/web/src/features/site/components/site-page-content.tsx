import type { SitePageSlug } from '@parley/contracts';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Streamdown } from 'streamdown';
import { useSitePage } from '../api/get-site-page';
import './site-page-content.css';

/** Links leave the site in a new tab; anything but http(s), mailto and in-site paths is dropped. */
const allowedLink = /^(https?:|mailto:|\/(?!\/))/i;

/** The operator's Markdown for /usage, /private or /aboutUs in the UI language, with loading and error states. */
export function SitePageContent({ slug }: { slug: SitePageSlug }) {
  const { t, i18n } = useTranslation('site');
  const page = useSitePage(slug, i18n.language);
  if (page.isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-label={t('page.loading')} />;
  if (page.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('page.error')}
        action={
          <Button size="small" onClick={() => void page.refetch()}>
            {t('page.retry')}
          </Button>
        }
      />
    );
  }
  return <SiteMarkdown markdown={page.data.markdown} locale={page.data.locale} />;
}

/** A site page's Markdown as readers see it (the console's editor previews with it too). */
export function SiteMarkdown({ markdown, locale }: { markdown: string; locale?: string }) {
  return (
    <article className="site-page-content" lang={locale}>
      <Streamdown
        mode="static"
        skipHtml
        controls={false}
        urlTransform={(url) => (allowedLink.test(url.trim()) ? url : '')}
        components={{
          a: ({ href, children }) =>
            href?.startsWith('/') ? (
              <a href={href}>{children}</a>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ),
        }}
      >
        {markdown}
      </Streamdown>
    </article>
  );
}

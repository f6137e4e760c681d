import { ExportOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExtraProps } from 'streamdown';
import { useImageLoadsInline } from '../../../site';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * An image from another site, as remote-images.ts leaves it in the tree. From a host the operator
 * allows it shows inline; otherwise a link names the host and opens the image in a new tab, so
 * nothing is fetched until the reader asks for it (the CSP would refuse it inline anyway). Inside
 * a link of the text it is a label only: that link is what a click opens.
 */
export function RemoteImage({ node }: ExtraProps) {
  const { t } = useTranslation('chat');
  const loadsInline = useImageLoadsInline();
  const properties = node?.properties ?? {};
  const url = text(properties.url);
  const alt = text(properties.alt);
  const title = text(properties.title);
  if (!url) return null;
  // a bare <img>, not streamdown's wrapped one: this one may stand inside a paragraph's text
  if (loadsInline(url)) return <img src={url} alt={alt} title={title || undefined} />;

  // Real spaces between the parts, not layout gaps: they are what separates them in the link's accessible name.
  const label = (
    <>
      <PictureOutlined className="remote-image__icon" aria-hidden />{' '}
      {alt && <span className="remote-image__alt">{alt}</span>}
      {alt && ' '}
      <span className="remote-image__host">{t('markdown.remoteImage.from', { host: new URL(url).host })}</span>
    </>
  );
  if (properties.insideLink) return <span className="remote-image">{label}</span>;
  return (
    <a
      className="remote-image"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      title={t('markdown.remoteImage.opensInNewTab', { url })}
    >
      {label}{' '}
      <span className="remote-image__separator" aria-hidden>
        ·
      </span>{' '}
      <span className="remote-image__open">
        {t('markdown.remoteImage.open')} <ExportOutlined aria-hidden />
      </span>
    </a>
  );
}

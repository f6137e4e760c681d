import type { SiteConfig } from '@parley/contracts';
import { lazy, Suspense, useState, type MouseEvent } from 'react';

// The drawer (antd Drawer, the detail queries) is fetched the first time a broker is opened.
const BrokerDetail = lazy(() => import('./broker-detail'));

/**
 * A broker link that opens the broker inside Parley: a plain click shows its detail drawer; a
 * click that asks for a new tab or window (modifier keys, middle button) follows the link to
 * the main site as it is.
 */
export function useBrokerDetail(brokerSite: SiteConfig['brokerSite'] | undefined) {
  const [openId, setOpenId] = useState<string | null>(null);

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpenId(id);
  }

  const drawer =
    openId && brokerSite ? (
      <Suspense fallback={null}>
        <BrokerDetail id={openId} brokerSite={brokerSite} onClose={() => setOpenId(null)} />
      </Suspense>
    ) : null;

  return { onLinkClick, drawer };
}

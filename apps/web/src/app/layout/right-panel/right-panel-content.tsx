import { adTypes } from '@parley/contracts';
import { BrokerSearch, RankingBoard } from '../../../features/brokers';
import { PromoBanner } from '../../../features/promo';

/** What the right panel holds: the promo banner (ad type 2), the broker search and the rankings. */
export function RightPanelContent() {
  return (
    <div className="right-panel__content">
      <PromoBanner type={adTypes.rightPanel} />
      <BrokerSearch />
      <RankingBoard />
    </div>
  );
}

import type { RankingItem, SiteConfig } from '@parley/contracts';
import type { MouseEvent } from 'react';
import { useBrokerDetail } from './broker-detail-opener';
import { useTranslation } from 'react-i18next';
import { brokerNames } from '../lib/broker-name';
import { brokerDetailUrl } from '../lib/broker-urls';
import { BrokerLogo } from './broker-logo';
import './ranking-table.css';

interface RankingTableProps {
  items: RankingItem[];
  brokerSite: SiteConfig['brokerSite'];
  /** The previous page stays in view, dimmed, while the next one loads. */
  busy: boolean;
}

/**
 * Ranked brokers; the name opens the broker's detail here, and so does the whole row (the name
 * is a link to its page on the main site, for a new tab).
 */
export function RankingTable({ items, brokerSite, busy }: RankingTableProps) {
  const { t, i18n } = useTranslation('brokers');
  const detail = useBrokerDetail(brokerSite);

  function openRow(event: MouseEvent<HTMLTableRowElement>) {
    if ((event.target as HTMLElement).closest('a')) return;
    event.currentTarget.querySelector('a')?.click();
  }

  return (
    <>
      <table className="ranking-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className="ranking-table__rank">
              {t('ranking.columns.rank')}
            </th>
            <th scope="col">{t('ranking.columns.name')}</th>
            <th scope="col" className="ranking-table__num">
              {t('ranking.columns.licenses')}
            </th>
            <th scope="col" className="ranking-table__num">
              {t('ranking.columns.servers')}
            </th>
            <th scope="col" className="ranking-table__num">
              {t('ranking.columns.currencies')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const { name, otherName } = brokerNames(item, i18n.language);
            return (
              <tr key={item.id} onClick={openRow} data-testid="ranking-row">
                <td className="ranking-table__rank" data-top={item.rank <= 3}>
                  {item.rank}
                </td>
                <td>
                  <a
                    className="ranking-table__name"
                    href={brokerDetailUrl(brokerSite, item.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={otherName ? `${name} · ${otherName}` : name}
                    onClick={(event) => detail.onLinkClick(event, item.id)}
                  >
                    <BrokerLogo src={item.img} name={item.titleEn || item.title} />
                    <span>{name}</span>
                  </a>
                </td>
                <td className="ranking-table__num">{item.licenseNum}</td>
                <td className="ranking-table__num">{item.serverNum}</td>
                <td className="ranking-table__num">{item.currencyNum}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {detail.drawer}
    </>
  );
}

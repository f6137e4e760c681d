import type { RankingItem, SiteConfig } from '@parley/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { brokerDetailUrl } from '../lib/broker-urls';
import { BrokerLogo } from './broker-logo';
import './ranking-table.css';

interface RankingTableProps {
  items: RankingItem[];
  brokerSite: SiteConfig['brokerSite'];
  /** The previous page stays in view, dimmed, while the next one loads. */
  busy: boolean;
}

/** Ranked brokers; the name is a link to the broker's page on the main site, and so is the whole row. */
export function RankingTable({ items, brokerSite, busy }: RankingTableProps) {
  const { t } = useTranslation('brokers');

  function openRow(event: MouseEvent<HTMLTableRowElement>) {
    if ((event.target as HTMLElement).closest('a')) return;
    event.currentTarget.querySelector('a')?.click();
  }

  return (
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
        {items.map((item) => (
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
                title={item.title}
              >
                <BrokerLogo src={item.img} name={item.title} />
                <span>{item.title}</span>
              </a>
            </td>
            <td className="ranking-table__num">{item.licenseNum}</td>
            <td className="ranking-table__num">{item.serverNum}</td>
            <td className="ranking-table__num">{item.currencyNum}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

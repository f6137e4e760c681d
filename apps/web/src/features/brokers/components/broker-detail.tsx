import { rankingTabs, type DealerDetail, type Locale, type SiteConfig } from '@parley/contracts';
import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDealerAd, useDealerDetail } from '../api/get-dealer-detail';
import { brokerNames } from '../lib/broker-name';
import { brokerDetailUrl } from '../lib/broker-urls';
import { BrokerLogo } from './broker-logo';
import './broker-detail.css';

interface BrokerDetailProps {
  id: string;
  brokerSite: SiteConfig['brokerSite'];
  onClose: () => void;
}

/**
 * A broker inside Parley: its figures, where it stands in each ranking, what is known of it and
 * its banner; its page on the main site is one click further. (Its own chunk: opened on demand.)
 */
export default function BrokerDetail({ id, brokerSite, onClose }: BrokerDetailProps) {
  const { t, i18n } = useTranslation('brokers');
  const detail = useDealerDetail(id);
  const title = detail.data ? brokerNames(detail.data, i18n.language).name : t('detail.loading');
  return (
    <Drawer open title={title} onClose={onClose} size="default" className="broker-detail" destroyOnHidden>
      {detail.isPending && <Skeleton active avatar paragraph={{ rows: 5 }} />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title={t('detail.error')}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('ranking.retry')}
            </Button>
          }
        />
      )}
      {detail.data && <BrokerFacts broker={detail.data} />}
      <BrokerAd id={id} />
      <Button type="primary" block icon={<ExportOutlined aria-hidden />} href={brokerDetailUrl(brokerSite, id)} target="_blank" rel="noopener noreferrer">
        {t('detail.openOnSite')}
      </Button>
    </Drawer>
  );
}

function BrokerFacts({ broker }: { broker: DealerDetail }) {
  const { t, i18n } = useTranslation('brokers');
  const tabOf = (category: number) => rankingTabs.find((tab) => tab.category === category);
  const { regulators, founded, headquarters, note } = broker.details;
  const names = brokerNames(broker, i18n.language);
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value));
  return (
    <>
      <div className="broker-detail__head">
        <BrokerLogo src={broker.imgUrl} name={broker.titleEn || broker.title} />
        <div>
          <div className="broker-detail__name">{names.name}</div>
          {names.otherName && <div className="broker-detail__name-en">{names.otherName}</div>}
        </div>
        {broker.isDemo && <Tag>{t('detail.demo')}</Tag>}
      </div>
      <dl className="broker-detail__figures">
        <div>
          <dt>{t('ranking.columns.licenses')}</dt>
          <dd>{broker.licenseNum}</dd>
        </div>
        <div>
          <dt>{t('ranking.columns.servers')}</dt>
          <dd>{broker.serverNum}</dd>
        </div>
        <div>
          <dt>{t('ranking.columns.currencies')}</dt>
          <dd>{broker.currencyNum}</dd>
        </div>
      </dl>
      <section aria-label={t('detail.rankings')}>
        <h3 className="broker-detail__heading">{t('detail.rankings')}</h3>
        {broker.rankings.length === 0 ? (
          <p className="broker-detail__muted">{t('detail.unranked')}</p>
        ) : (
          <ul className="broker-detail__rankings">
            {broker.rankings.map((placing) => {
              const tab = tabOf(placing.category);
              return (
                <li key={placing.category}>
                  <span>{tab ? t(`ranking.tabs.${tab.key}`) : placing.category}</span>
                  <strong>{t('detail.rank', { rank: placing.rank })}</strong>
                  <small>{t('ranking.asOf', { date: date(placing.asOf) })}</small>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <dl className="broker-detail__facts">
        {Array.isArray(regulators) && (
          <div>
            <dt>{t('detail.regulators')}</dt>
            <dd>{regulators.length > 0 ? regulators.join(', ') : t('detail.noRegulator')}</dd>
          </div>
        )}
        {(typeof founded === 'number' || typeof founded === 'string') && (
          <div>
            <dt>{t('detail.founded')}</dt>
            <dd>{founded}</dd>
          </div>
        )}
        {typeof headquarters === 'string' && (
          <div>
            <dt>{t('detail.headquarters')}</dt>
            <dd>{headquarters}</dd>
          </div>
        )}
      </dl>
      {typeof note === 'string' && <p className="broker-detail__muted">{note}</p>}
    </>
  );
}

/** The broker's own banner, when it has one. */
function BrokerAd({ id }: { id: string }) {
  const { t, i18n } = useTranslation('brokers');
  const { data: ad } = useDealerAd(id, i18n.language as Locale);
  // an operator typo must not become a script link
  if (!ad || !/^https?:\/\//i.test(ad.href)) return null;
  return (
    <a className="broker-detail__ad" href={ad.href} target="_blank" rel="noopener noreferrer sponsored">
      <img src={ad.coverUrl} alt={ad.title || t('promo.label')} />
      <span className="broker-detail__ad-tag">{ad.isDemo ? t('promo.demo') : t('promo.tag')}</span>
    </a>
  );
}

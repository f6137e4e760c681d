import type { AdminAd, AdStatus } from '@parley/contracts';
import { Button, Empty, Modal, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadingRows } from '../../../components/console/paged-list-states';
import { languageNames } from '../../../lib/i18n/language-names';
import { notify } from '../../../lib/notify';
import { useChangeAd } from '../api/change-ad';
import { useAds } from '../api/get-ads';
import { AdForm } from './ad-form';
import './ads.css';

const statusColors: Record<AdStatus, string> = { showing: 'success', scheduled: 'processing', ended: 'default', disabled: 'default', noWeight: 'warning' };
const slots = [1, 2] as const;

/** What the form edits: nothing, a new ad for a slot, or an ad. */
type Editing = { ad: AdminAd | null; slot: 1 | 2 } | null;

function AdRow({ ad, onEdit, onRemove }: { ad: AdminAd; onEdit: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation('consoleContent');
  const change = useChangeAd();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name = ad.title || t('ads.untitled');
  const from = ad.startsAt ? when.format(new Date(ad.startsAt)) : null;
  const until = ad.endsAt ? when.format(new Date(ad.endsAt)) : null;
  const window = from && until ? t('ads.window.between', { from, until }) : from ? t('ads.window.from', { from }) : until ? t('ads.window.until', { until }) : t('ads.window.always');

  return (
    <li className="ad-row">
      <img className="ad-row__cover" src={ad.coverUrl} alt="" loading="lazy" />
      <div className="ad-row__main">
        <div className="ad-row__head">
          <strong className="ad-row__title">{name}</strong>
          <Tag color={statusColors[ad.status]}>{t(`ads.status.${ad.status}`)}</Tag>
          {ad.isDemo && <Tag>{t('ads.demo')}</Tag>}
        </div>
        <a className="ad-row__link" href={ad.href} target="_blank" rel="noopener noreferrer">
          {ad.href}
        </a>
        <p className="ad-row__meta">
          <span>{t('ads.weight', { weight: ad.weight })}</span>
          <span>{ad.languages.length > 0 ? ad.languages.map((code) => languageNames[code]).join(', ') : t('ads.everyLanguage')}</span>
          {ad.broker && <span>{t('ads.broker', { name: ad.broker.title || ad.broker.id })}</span>}
        </p>
        <p className="ad-row__meta">{window}</p>
        {ad.coverHostUnshown && <p className="ad-row__warning">{t('ads.unshownCover', { hosts: ad.coverHostUnshown })}</p>}
      </div>
      <div className="ad-row__actions">
        <Switch
          checked={ad.enabled}
          loading={change.isPending}
          aria-label={t('ads.enabledFor', { name })}
          onChange={(enabled) => change.mutate({ kind: 'enable', id: ad.id, enabled }, { onSuccess: () => notify.success(enabled ? t('ads.switchedOn') : t('ads.switchedOff')) })}
        />
        <Button onClick={onEdit} aria-label={t('ads.editNamed', { name })}>
          {t('ads.edit')}
        </Button>
        <Button danger onClick={onRemove} aria-label={t('ads.removeNamed', { name })}>
          {t('ads.remove')}
        </Button>
      </div>
    </li>
  );
}

/** The ads of both slots: each with its cover, link, weight, languages and schedule; added, changed, switched and removed here. */
export function Ads() {
  const { t } = useTranslation('consoleContent');
  const ads = useAds();
  const change = useChangeAd();
  const [editing, setEditing] = useState<Editing>(null);
  const [modal, modalHolder] = Modal.useModal();

  function confirmRemove(ad: AdminAd) {
    void modal.confirm({
      title: t('ads.removeConfirm'),
      content: ad.title || ad.href,
      okText: t('ads.remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => change.mutateAsync({ kind: 'remove', id: ad.id }).then(() => notify.success(t('ads.removed')), () => undefined),
    });
  }

  let body;
  if (ads.isPending) body = <LoadingRows count={3} avatar />;
  else if (ads.isError) body = <ListError onRetry={() => void ads.refetch()} />;
  else {
    const all = ads.data.list;
    body = slots.map((slot) => {
      const inSlot = all.filter((ad) => ad.type === slot);
      return (
        <section key={slot} className="ad-slot" aria-labelledby={`ad-slot-${slot}`}>
          <div className="content-section__head ad-slot__head">
            <h3 id={`ad-slot-${slot}`} className="content-section__heading">
              {t(`ads.slots.${slot}`)}
            </h3>
            <Button type="primary" onClick={() => setEditing({ ad: null, slot })}>
              {t('ads.addTo', { slot: t(`ads.slots.${slot}`) })}
            </Button>
          </div>
          {inSlot.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ads.empty')} />
          ) : (
            <ul className="ad-list" aria-labelledby={`ad-slot-${slot}`}>
              {inSlot.map((ad) => (
                <AdRow key={ad.id} ad={ad} onEdit={() => setEditing({ ad, slot })} onRemove={() => confirmRemove(ad)} />
              ))}
            </ul>
          )}
        </section>
      );
    });
  }

  return (
    <section className="content-section">
      <p className="content-section__hint">{t('ads.hint')}</p>
      {body}
      <AdForm key={editing ? (editing.ad?.id ?? `new-${editing.slot}`) : 'closed'} open={editing !== null} ad={editing?.ad ?? null} slot={editing?.slot ?? 1} onClose={() => setEditing(null)} />
      {modalHolder}
    </section>
  );
}

import { DownOutlined, KeyOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import { agentKeyLimits, type AgentKey } from '@parley/contracts';
import { Button, Empty, Skeleton } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandResult } from '../../../components/layout/brand-result';
import { notify } from '../../../lib/notify';
import { useAgentKeys } from '../api/get-agent-keys';
import { useRevokeAgentKey } from '../api/revoke-agent-key';
import { describeKeyError } from '../lib/describe-error';
import { AgentKeyItem } from './agent-key-item';
import { ConnectionDetails } from './connection-details';
import { NewKeyDialog } from './new-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';
import './agent-keys.css';

/** An agent's API keys, for its owner: list, make (the secret shown once) and revoke. */
export function AgentKeysPanel({ appId }: { appId: string }) {
  const { t } = useTranslation('keys');
  const keys = useAgentKeys(appId);
  const revoke = useRevokeAgentKey(appId);
  const [creating, setCreating] = useState(false);
  const [showRevoked, setShowRevoked] = useState(false);
  /** The key whose revocation is being confirmed, and whether the dialog asking is open. */
  const [confirming, setConfirming] = useState<{ key: AgentKey; open: boolean } | null>(null);
  const revokedNow = useRef(false);
  const newKeyButton = useRef<HTMLButtonElement>(null);
  const activeList = useRef<HTMLUListElement>(null);
  const limitId = useId();
  const revokedId = useId();

  /** Where the keyboard goes once a dialog has changed the list under it (the button it came from may be gone). */
  function focusList() {
    const button = newKeyButton.current;
    if (button && !button.disabled) button.focus();
    else activeList.current?.focus();
  }

  async function revokeConfirmed() {
    if (!confirming) return;
    const { key } = confirming;
    try {
      await revoke.mutateAsync(key.id);
      notify.success(t('revoke.done', { name: key.name }));
      revokedNow.current = true;
    } catch (error) {
      notify.error(describeKeyError(error, t, 'key'));
    }
    setConfirming({ key, open: false });
  }

  if (keys.isPending) {
    return (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (keys.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('failed')}
        subTitle={describeKeyError(keys.error, t)}
        extra={
          <Button type="primary" loading={keys.isFetching} onClick={() => void keys.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  // newest first within each, as listed
  const active = keys.data.keys.filter((key) => key.revokedAt === null);
  const revoked = keys.data.keys.filter((key) => key.revokedAt !== null);
  const atLimit = active.length >= agentKeyLimits.activePerAgent;
  const newKey = (
    <Button ref={newKeyButton} type="primary" icon={<PlusOutlined aria-hidden />} disabled={atLimit} aria-describedby={atLimit ? limitId : undefined} onClick={() => setCreating(true)}>
      {t('new')}
    </Button>
  );
  const items = (list: AgentKey[]) => list.map((key) => <AgentKeyItem key={key.id} agentKey={key} onRevoke={(chosen) => setConfirming({ key: chosen, open: true })} />);
  return (
    <div className="agent-keys">
      {active.length === 0 ? (
        <Empty className="agent-keys__empty" image={<KeyOutlined className="agent-keys__empty-icon" aria-hidden />} description={null}>
          <p className="agent-keys__empty-title">{revoked.length === 0 ? t('empty.title') : t('empty.noneActive')}</p>
          <p className="agent-keys__empty-body">{t('empty.body')}</p>
          {newKey}
        </Empty>
      ) : (
        <>
          <div className="agent-keys__bar">
            <div className="agent-keys__lead">
              <p>{t('lead')}</p>
              <p className="agent-keys__count">{t('inUse', { count: active.length, max: agentKeyLimits.activePerAgent })}</p>
            </div>
            {newKey}
          </div>
          {atLimit && (
            <p id={limitId} className="agent-keys__limit" role="note">
              {t('limitReached', { max: agentKeyLimits.activePerAgent })}
            </p>
          )}
          <ul ref={activeList} className="agent-keys__list" aria-label={t('section')} tabIndex={-1}>
            {items(active)}
          </ul>
        </>
      )}
      {revoked.length > 0 && (
        <div className="agent-keys__revoked">
          <Button
            type="link"
            className="agent-keys__revoked-toggle"
            icon={showRevoked ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            aria-expanded={showRevoked}
            aria-controls={revokedId}
            onClick={() => setShowRevoked(!showRevoked)}
          >
            {t('revoked.toggle', { count: revoked.length })}
          </Button>
          <ul id={revokedId} className="agent-keys__list" aria-label={t('revoked.list')} hidden={!showRevoked}>
            {showRevoked && items(revoked)}
          </ul>
        </div>
      )}
      <ConnectionDetails appId={appId} />
      <NewKeyDialog appId={appId} open={creating} onClose={() => setCreating(false)} afterClose={focusList} />
      <RevokeKeyDialog
        agentKey={confirming?.key ?? null}
        open={confirming?.open ?? false}
        revoking={revoke.isPending}
        onConfirm={() => void revokeConfirmed()}
        onCancel={() => setConfirming((current) => current && { ...current, open: false })}
        afterClose={() => {
          setConfirming(null);
          // cancelled, the focus is back on the key's Revoke button; revoked, that button is gone
          if (revokedNow.current) focusList();
          revokedNow.current = false;
        }}
      />
    </div>
  );
}

import type { SiteSettingSource } from '@parley/contracts';
import { Button, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useResetSiteSetting } from '../api/site-settings';
import { SettingOrigin } from './setting-origin';

interface SettingsGroupProps {
  group: 'sidebar' | 'region';
  heading: string;
  hint: string;
  /** Named in the reset's confirmation: "the sidebar links and contact details". */
  what: string;
  settings: { source: SiteSettingSource; updatedAt: string | null };
  children: ReactNode;
}

/** One group of site settings: its heading, where its values come from with the way back to the configured default, and its form. */
export function SettingsGroup({ group, heading, hint, what, settings, children }: SettingsGroupProps) {
  const { t } = useTranslation('consoleContent');
  const reset = useResetSiteSetting();
  const headingId = `site-${group}-heading`;
  return (
    <section className="content-section site-settings__group" aria-labelledby={headingId}>
      <div className="content-section__head">
        <h3 id={headingId} className="content-section__heading">
          {heading}
        </h3>
        <SettingOrigin
          source={settings.source}
          updatedAt={settings.updatedAt}
          what={what}
          onReset={() => reset.mutateAsync({ group }).then(() => notify.success(t('site.resetDone')))}
          resetting={reset.isPending}
        />
      </div>
      <p className="content-section__hint">{hint}</p>
      {children}
    </section>
  );
}

interface UnsavedActionsProps {
  changed: boolean;
  onDiscard: () => void;
  saveText: string;
  saving: boolean;
  /** A button of the form's (submits it), or one with its own click. */
  onSave?: () => void;
  saveDisabled?: boolean;
}

/** A form's footer: says when there are unsaved changes, discards them, saves. */
export function UnsavedActions({ changed, onDiscard, saveText, saving, onSave, saveDisabled = false }: UnsavedActionsProps) {
  const { t } = useTranslation('consoleContent');
  return (
    <div className="content-section__actions">
      {changed && <span className="content-section__unsaved">{t('pages.unsaved')}</span>}
      <Button onClick={onDiscard} disabled={!changed}>
        {t('pages.discard')}
      </Button>
      <Button type="primary" htmlType={onSave ? 'button' : 'submit'} onClick={onSave} disabled={!changed || saveDisabled} loading={saving}>
        {saveText}
      </Button>
    </div>
  );
}

/** A form rule's verdict: passes, or fails with the message. */
export const check = (valid: boolean, message: string) => (valid ? Promise.resolve() : Promise.reject(new Error(message)));

/** The configured default beside a field the console changed, so the operator sees what a reset brings back; nothing while the group is the default. */
export function useDefaultHint(source: SiteSettingSource) {
  const { t } = useTranslation('consoleContent');
  return (current: string, configured: string) => (source === 'console' && current !== configured ? t('site.default', { value: configured || t('site.empty') }) : undefined);
}

/** Whether a form was changed since it was filled: `onValuesChange` for the Form, `discard` puts its first values back. */
export function useFormChanges(form: FormInstance) {
  const [changed, setChanged] = useState(false);
  return {
    changed,
    onValuesChange: () => setChanged(true),
    discard: () => {
      form.resetFields();
      setChanged(false);
    },
  };
}

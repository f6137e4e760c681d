import { settingsLimits, userSettings } from '@parley/contracts';
import { Avatar, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { LanguageSelect } from '../../../components/preferences/language-select';
import { ThemeSwitch } from '../../../components/preferences/theme-switch';
import { notify } from '../../../lib/notify';
import { settingsStore } from '../../../stores/settings-store';
import { useImageLoadsInline } from '../../site';

const profileFields = userSettings.pick({ avatarUrl: true, name: true, description: true });
type Profile = { avatarUrl: string; name: string; description: string };
type FieldErrors = Partial<Record<keyof Profile, string>>;

/** The host of an http(s) link, or null for anything else (a link still being typed). */
function webHostOf(link: string): string | null {
  if (!/^https?:\/\//i.test(link)) return null;
  try {
    return new URL(link).host || null;
  } catch {
    return null;
  }
}

const profileKeys = ['avatarUrl', 'name', 'description'] as const;

/**
 * The form's values: the stored profile, with the fields being edited on top. A stored value
 * that changes (a reset, the server's settings arriving) replaces an edit of its field, so
 * the next Save cannot write an old value back; the other fields' edits stay.
 */
function useProfileDraft(stored: Profile) {
  const [seen, setSeen] = useState(stored);
  const [edits, setEdits] = useState<Partial<Profile>>({});
  const changed = profileKeys.filter((key) => seen[key] !== stored[key]);
  if (changed.length > 0) {
    setSeen(stored);
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key as keyof Profile))));
  }
  return {
    values: { ...stored, ...edits },
    edit: (field: keyof Profile, value: string) => setEdits((current) => ({ ...current, [field]: value })),
    saved: () => setEdits({}),
  };
}

/** Avatar link, name and description (what the chat shows for the user), theme and language. */
export function GeneralSettings({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('settings');
  const saved = useStore(settingsStore);
  const draft = useProfileDraft({ avatarUrl: saved.avatarUrl, name: saved.name, description: saved.description });
  const [errors, setErrors] = useState<FieldErrors>({});
  const loadsInline = useImageLoadsInline();
  const avatarLink = draft.values.avatarUrl.trim();
  const avatarShown = avatarLink !== '' && loadsInline(avatarLink);
  // the CSP lets pictures come only from this site and the hosts the operator allows
  const hiddenAvatarHost = avatarShown ? null : webHostOf(avatarLink);

  function change(field: keyof Profile, value: string) {
    draft.edit(field, value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function save() {
    const parsed = profileFields.safeParse(draft.values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Profile;
        next[field] =
          field === 'avatarUrl'
            ? t('general.avatarInvalid')
            : t('general.tooLong', { max: field === 'name' ? settingsLimits.nameMaxChars : settingsLimits.descriptionMaxChars });
      }
      setErrors(next);
      return;
    }
    settingsStore.setState(parsed.data);
    draft.saved();
    notify.success(t('messages.saveSuccess'));
  }

  return (
    <div className="settings-section">
      <Form layout="vertical" onFinish={save} className="settings-form">
        <div className="settings-profile">
          <Avatar size={56} src={avatarShown ? avatarLink : undefined} icon={<UserOutlined />} alt="" />
          <span className="settings-profile__hint">{t('general.profileHint')}</span>
        </div>
        <Form.Item
          label={t('general.avatar')}
          htmlFor="settings-avatar"
          validateStatus={errors.avatarUrl ? 'error' : undefined}
          help={errors.avatarUrl}
          extra={hiddenAvatarHost ? t('general.avatarNotShown', { host: hiddenAvatarHost }) : undefined}
        >
          <Input id="settings-avatar" type="url" value={draft.values.avatarUrl} placeholder="https://" onChange={(event) => change('avatarUrl', event.target.value)} />
        </Form.Item>
        <Form.Item label={t('general.name')} htmlFor="settings-name" validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
          <Input id="settings-name" value={draft.values.name} maxLength={settingsLimits.nameMaxChars} onChange={(event) => change('name', event.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('general.description')}
          htmlFor="settings-description"
          validateStatus={errors.description ? 'error' : undefined}
          help={errors.description}
        >
          <Input.TextArea
            id="settings-description"
            value={draft.values.description}
            maxLength={settingsLimits.descriptionMaxChars}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => change('description', event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('actions.save')}
        </Button>
      </Form>
      <dl className="settings-rows">
        <div className="settings-row">
          <dt>{t('general.theme')}</dt>
          <dd>
            <ThemeSwitch />
          </dd>
        </div>
        <div className="settings-row">
          <dt>{t('general.language')}</dt>
          <dd>
            <LanguageSelect />
          </dd>
        </div>
        {extra}
      </dl>
    </div>
  );
}

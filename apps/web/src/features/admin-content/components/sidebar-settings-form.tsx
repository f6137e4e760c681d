import { isLinkOrEmpty, isMailOrEmpty, isQqOrEmpty, siteSettingsLimits, type SidebarSettings, type SiteSettingsView } from '@parley/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSaveSidebar } from '../api/site-settings';
import { showServerFieldErrors } from '../lib/server-field-errors';
import { check, SettingsGroup, UnsavedActions, useDefaultHint, useFormChanges } from './settings-group';

const linkKeys = ['platform', 'complaints', 'service', 'enterprise', 'oldVersion', 'download'] as const;

/** The sidebar's six outside links and the 联系我们 contact details: empty hides one. */
export function SidebarSettingsForm({ settings }: { settings: SiteSettingsView['sidebar'] }) {
  const { t } = useTranslation('consoleContent');
  const [form] = Form.useForm<SidebarSettings>();
  const save = useSaveSidebar();
  const changes = useFormChanges(form);
  const initialValues = { links: settings.links, contact: settings.contact };
  const { defaults } = settings;
  const defaultHint = useDefaultHint(settings.source);

  async function submit(values: SidebarSettings) {
    // a cleared field comes back undefined: the server takes it as empty
    const text = (value: string | undefined) => value ?? '';
    try {
      await save.mutateAsync({
        links: Object.fromEntries(linkKeys.map((key) => [key, text(values.links[key])])) as SidebarSettings['links'],
        contact: { qq: text(values.contact.qq), mail: text(values.contact.mail) },
      });
      notify.success(t('site.sidebarSaved'));
    } catch (failure) {
      showServerFieldErrors(form, failure);
    }
  }

  return (
    <SettingsGroup group="sidebar" heading={t('site.sidebarHeading')} hint={t('site.sidebarHint')} what={t('site.sidebarWhat')} settings={settings}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onValuesChange={changes.onValuesChange} onFinish={(values) => void submit(values)}>
        <div className="site-settings__fields">
          {linkKeys.map((key) => (
            <Form.Item
              key={key}
              name={['links', key]}
              label={t(`site.links.${key}`)}
              extra={defaultHint(settings.links[key], defaults.links[key])}
              rules={[{ validator: (_, value: string) => check(isLinkOrEmpty((value ?? '').trim()), t('site.rules.link')) }]}
            >
              <Input inputMode="url" placeholder="https://" maxLength={siteSettingsLimits.linkMaxChars} allowClear />
            </Form.Item>
          ))}
          <Form.Item
            name={['contact', 'qq']}
            label={t('site.contact.qq')}
            extra={defaultHint(settings.contact.qq, defaults.contact.qq)}
            rules={[{ validator: (_, value: string) => check(isQqOrEmpty((value ?? '').trim()), t('site.rules.qq')) }]}
          >
            <Input inputMode="numeric" maxLength={12} allowClear />
          </Form.Item>
          <Form.Item
            name={['contact', 'mail']}
            label={t('site.contact.mail')}
            extra={defaultHint(settings.contact.mail, defaults.contact.mail)}
            rules={[{ validator: (_, value: string) => check(isMailOrEmpty((value ?? '').trim()), t('site.rules.mail')) }]}
          >
            <Input inputMode="email" maxLength={siteSettingsLimits.mailMaxChars} allowClear />
          </Form.Item>
        </div>
        <UnsavedActions
          changed={changes.changed}
          onDiscard={changes.discard}
          saveText={t('site.saveSidebar')}
          saving={save.isPending}
        />
      </Form>
    </SettingsGroup>
  );
}

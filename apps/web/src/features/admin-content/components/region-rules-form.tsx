import { cookieNamePattern, imageHostPattern, siteSettingsLimits, type RegionRules, type SiteSettingsView } from '@parley/contracts';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSaveRegion } from '../api/site-settings';
import { countryOptions } from '../lib/country-options';
import { showServerFieldErrors } from '../lib/server-field-errors';
import { check, SettingsGroup, UnsavedActions, useDefaultHint, useFormChanges } from './settings-group';

/** The region gate: the host its IP check runs on, the cookie that skips it, and the countries sent to /unsupport. */
export function RegionRulesForm({ settings }: { settings: SiteSettingsView['region'] }) {
  const { t, i18n } = useTranslation('consoleContent');
  const [form] = Form.useForm<RegionRules>();
  const save = useSaveRegion();
  const changes = useFormChanges(form);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const { defaults } = settings;
  const shownCodes = (codes: string[]) => (codes.length > 0 ? codes.join(', ') : t('site.empty'));
  const defaultHint = useDefaultHint(settings.source);

  async function submit(values: RegionRules) {
    try {
      await save.mutateAsync({ primaryHost: values.primaryHost ?? '', ignoreCookie: values.ignoreCookie ?? '', blockedCodes: values.blockedCodes ?? [] });
      notify.success(t('site.regionSaved'));
    } catch (failure) {
      showServerFieldErrors(form, failure);
    }
  }

  return (
    <SettingsGroup group="region" heading={t('site.regionHeading')} hint={t('site.regionHint')} what={t('site.regionWhat')} settings={settings}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ primaryHost: settings.primaryHost, ignoreCookie: settings.ignoreCookie, blockedCodes: settings.blockedCodes }}
        onValuesChange={changes.onValuesChange}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="blockedCodes"
          label={t('site.blockedCodes')}
          extra={
            settings.source === 'console' && settings.blockedCodes.join() !== defaults.blockedCodes.join() ? t('site.default', { value: shownCodes(defaults.blockedCodes) }) : undefined
          }
        >
          <Select mode="multiple" options={countries} optionFilterProp="label" allowClear placeholder={t('site.blockedNone')} className="site-settings__countries" />
        </Form.Item>
        <div className="site-settings__fields">
          <Form.Item
            name="primaryHost"
            label={t('site.primaryHost')}
            extra={defaultHint(settings.primaryHost, defaults.primaryHost) ?? t('site.primaryHostHint')}
            rules={[{ validator: (_, value: string) => check(value === undefined || value.trim() === '' || imageHostPattern.test(value.trim().toLowerCase()), t('site.rules.host')) }]}
          >
            <Input placeholder="www.example.com" maxLength={253} allowClear />
          </Form.Item>
          <Form.Item
            name="ignoreCookie"
            label={t('site.ignoreCookie')}
            extra={defaultHint(settings.ignoreCookie, defaults.ignoreCookie) ?? t('site.ignoreCookieHint')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('site.rules.cookieRequired') },
              { validator: (_, value: string) => check(cookieNamePattern.test((value ?? '').trim()), t('site.rules.cookie')) },
            ]}
          >
            <Input maxLength={siteSettingsLimits.cookieMaxChars} />
          </Form.Item>
        </div>
        <UnsavedActions
          changed={changes.changed}
          onDiscard={changes.discard}
          saveText={t('site.saveRegion')}
          saving={save.isPending}
        />
      </Form>
    </SettingsGroup>
  );
}

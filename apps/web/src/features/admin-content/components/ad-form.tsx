import { adInput, adminAdsLimits, errorCodes, locales, type AdInput, type AdminAd, type Locale } from '@parley/contracts';
import { Button, ConfigProvider, DatePicker, Drawer, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { describeHttpError, HttpError } from '../../../lib/http';
import { useDateNames } from '../../../lib/i18n/date-names';
import { languageNames } from '../../../lib/i18n/language-names';
import { notify } from '../../../lib/notify';
import { mobileQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useChangeAd } from '../api/change-ad';

type Schedule = [Dayjs | null, Dayjs | null] | null;

interface AdFormValues {
  type: 1 | 2;
  title: string;
  coverUrl: string;
  href: string;
  weight: number | null;
  languages: Locale[];
  brokerId: string;
  enabled: boolean;
  schedule: Schedule;
}

type FieldName = keyof AdFormValues;

// the picker's month and time columns side by side are wider than a 375 px phone at antd's sizes
const compactPicker = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 44 } } };

function initialValues(ad: AdminAd | null, slot: 1 | 2): AdFormValues {
  if (!ad) return { type: slot, title: '', coverUrl: '', href: '', weight: 1, languages: [], brokerId: '', enabled: true, schedule: null };
  const schedule: Schedule = ad.startsAt || ad.endsAt ? [ad.startsAt ? dayjs(ad.startsAt) : null, ad.endsAt ? dayjs(ad.endsAt) : null] : null;
  return { type: ad.type, title: ad.title, coverUrl: ad.coverUrl, href: ad.href, weight: ad.weight, languages: ad.languages, brokerId: ad.broker?.id ?? '', enabled: ad.enabled, schedule };
}

function toInput(values: AdFormValues): AdInput {
  const [start, end] = values.schedule ?? [null, null];
  return {
    type: values.type,
    title: values.title.trim(),
    coverUrl: values.coverUrl.trim(),
    href: values.href.trim(),
    weight: values.weight ?? 0,
    languages: values.languages,
    brokerId: values.brokerId.trim() || null,
    enabled: values.enabled,
    startsAt: start ? start.toISOString() : null,
    endsAt: end ? end.toISOString() : null,
  };
}

/** Which form field a refused request field belongs to. */
const fieldOf: Record<string, FieldName> = { startsAt: 'schedule', endsAt: 'schedule' };

interface AdFormProps {
  /** The ad to change; null adds one to `slot`. */
  ad: AdminAd | null;
  slot: 1 | 2;
  open: boolean;
  onClose: () => void;
}

/** Adds or changes an ad: slot, texts, cover, link, weight, languages, broker and schedule, in a drawer. */
export function AdForm({ ad, slot, open, onClose }: AdFormProps) {
  const { t } = useTranslation('consoleContent');
  const [form] = Form.useForm<AdFormValues>();
  const change = useChangeAd();
  const isMobile = useMediaQuery(mobileQuery);
  // the schedule picker's month and weekday names, in the reader's language (the picker draws again once loaded)
  useDateNames();
  const coverUrl = Form.useWatch('coverUrl', form);
  const coverShown = typeof coverUrl === 'string' && adInput.shape.coverUrl.safeParse(coverUrl).success;

  /** The contract's own check of one field, said in the reader's language. */
  const checkedBy = (field: 'coverUrl' | 'href', message: string) => ({
    validator: (_rule: unknown, value: string) => (adInput.shape[field].safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(message))),
  });

  function showRefusal(error: unknown) {
    const problems = error instanceof HttpError && error.code === errorCodes.VALIDATION.code && Array.isArray(error.data) ? (error.data as { path?: string; message?: string }[]) : [];
    const fields = problems.flatMap(({ path = '', message = '' }) => {
      const name = fieldOf[path] ?? (path.split('.')[0] as FieldName);
      if (!(name in form.getFieldsValue(true))) return [];
      const said = path === 'brokerId' ? t('ads.errors.noBroker') : path === 'endsAt' ? t('ads.errors.window') : message;
      return [{ name, errors: [said] }];
    });
    if (fields.length > 0) form.setFields(fields);
    else notify.error(describeHttpError(error, t));
  }

  async function save(values: AdFormValues) {
    const input = toInput(values);
    try {
      const saved = await change.mutateAsync(ad ? { kind: 'update', id: ad.id, ad: input } : { kind: 'add', ad: input });
      const hosts = saved?.unshownCoverHosts ?? [];
      if (hosts.length > 0) notify.warning(t('ads.unshownCover', { hosts: hosts.join(', ') }));
      else notify.success(ad ? t('ads.saved') : t('ads.added'));
      onClose();
    } catch (error) {
      showRefusal(error);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={ad ? t('ads.editTitle') : t('ads.addTitle')}
      size={isMobile ? '100%' : 480}
      destroyOnHidden
      footer={
        <div className="content-section__actions">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={change.isPending} onClick={() => form.submit()}>
            {ad ? t('ads.save') : t('ads.add')}
          </Button>
        </div>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues(ad, slot)} onFinish={(values) => void save(values)} className="ad-form" requiredMark="optional">
        <Form.Item name="type" label={t('ads.fields.slot')} required>
          <Select options={([1, 2] as const).map((value) => ({ value, label: t(`ads.slots.${value}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('ads.fields.title')}>
          <Input maxLength={adminAdsLimits.titleMax} showCount />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('ads.fields.cover')} extra={t('ads.fields.coverHint')} required rules={[checkedBy('coverUrl', t('ads.errors.cover'))]}>
          <Input inputMode="url" placeholder="https://" />
        </Form.Item>
        {coverShown && <img className="ad-form__cover" src={coverUrl} alt={t('ads.coverPreview')} />}
        <Form.Item name="href" label={t('ads.fields.href')} required rules={[checkedBy('href', t('ads.errors.href'))]}>
          <Input inputMode="url" placeholder="https://" />
        </Form.Item>
        <Form.Item name="weight" label={t('ads.fields.weight')} extra={t('ads.fields.weightHint')} required rules={[{ required: true, message: t('ads.errors.weight') }]}>
          <InputNumber min={0} max={adminAdsLimits.weightMax} precision={0} className="ad-form__weight" />
        </Form.Item>
        <Form.Item name="languages" label={t('ads.fields.languages')} extra={t('ads.fields.languagesHint')}>
          <Select mode="multiple" allowClear placeholder={t('ads.everyLanguage')} options={locales.map((value) => ({ value, label: languageNames[value] }))} />
        </Form.Item>
        <ConfigProvider theme={isMobile ? compactPicker : undefined}>
          <Form.Item
            name="schedule"
            label={t('ads.fields.schedule')}
            extra={t('ads.fields.scheduleHint')}
            rules={[
              {
                validator: (_rule, value: Schedule) => {
                  const [start, end] = value ?? [null, null];
                  return start && end && !end.isAfter(start) ? Promise.reject(new Error(t('ads.errors.window'))) : Promise.resolve();
                },
              },
            ]}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowEmpty={[true, true]}
              placeholder={[t('ads.fields.startsAt'), t('ads.fields.endsAt')]}
              className="ad-form__schedule"
            />
          </Form.Item>
        </ConfigProvider>
        <Form.Item name="brokerId" label={t('ads.fields.broker')} extra={t('ads.fields.brokerHint')}>
          <Input maxLength={adminAdsLimits.brokerIdMax} />
        </Form.Item>
        <Form.Item name="enabled" label={t('ads.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

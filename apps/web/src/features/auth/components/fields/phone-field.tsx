import { defaultAreaCode, phoneNumber } from '@parley/contracts';
import { Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCodeRegions, regionName } from '../../lib/area-codes';

/** The area code picker and the phone number, as one labelled field (form names areaCode, mobile). */
export function PhoneField({ label, autoFocus }: { label?: string; autoFocus?: boolean }) {
  const { t, i18n } = useTranslation('auth');
  const options = useMemo(
    () =>
      areaCodeRegions.map(({ areaCode, region }) => ({
        value: areaCode,
        label: `+${areaCode} ${regionName(region, i18n.language)}`,
      })),
    [i18n.language],
  );
  return (
    <Form.Item label={label ?? t('fields.phone')} required className="auth-phone">
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle initialValue={defaultAreaCode}>
          <Select
            aria-label={t('fields.areaCode')}
            className="auth-phone__area"
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            popupMatchSelectWidth={false}
            labelRender={({ value }) => `+${String(value)}`}
          />
        </Form.Item>
        <Form.Item
          name="mobile"
          noStyle
          validateFirst
          rules={[
            { required: true, message: t('rules.phoneRequired') },
            { validator: (_, value: string) => (phoneNumber.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(t('rules.phone')))) },
          ]}
        >
          <Input
            aria-label={label ?? t('fields.phone')}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('fields.phonePlaceholder')}
            autoFocus={autoFocus}
            maxLength={14}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

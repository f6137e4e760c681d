import type { UserInfo } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, PhoneField, phoneTarget, saveUserInfo, SmsCodeField, useFormSubmit, verifyCode } from '../../auth';
import { changePhone } from '../api/change-phone';
import { profileKey } from '../api/get-profile';
import { BrandResult } from '../../../components/layout/brand-result';

function VerifyOldStep({ profile, onVerified }: { profile: UserInfo; onVerified: (token: string) => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ smsCode: string }>();
  const submit = useFormSubmit(form, ['smsCode']);
  return (
    <Form
      form={form}
      name="verify-old-phone"
      layout="vertical"
      requiredMark={false}
      onValuesChange={submit.clearError}
      onFinish={({ smsCode }) =>
        void submit.run(async () => {
          const { token } = await verifyCode({ areaCode: profile.areaCode, mobile: profile.mobile, smsCode: smsCode.trim(), type: 'change_phone_old' });
          onVerified(token);
        })
      }
    >
      <SmsCodeField
        form={form}
        purpose="change_phone_old"
        label={t('codeTo', { phone: `+${profile.areaCode} ${profile.mobileMasked}` })}
        target={() => Promise.resolve({ areaCode: profile.areaCode, phone: profile.mobile })}
      />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" loading={submit.pending}>
        {t('phone.next')}
      </Button>
    </Form>
  );
}

interface NewPhoneValues {
  areaCode: string;
  mobile: string;
  smsCode: string;
}

function NewPhoneStep({ token, onChanged, onRestart }: { token: string; onChanged: (profile: UserInfo) => void; onRestart: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<NewPhoneValues>();
  const submit = useFormSubmit(form, ['mobile', 'smsCode']);
  return (
    <Form
      form={form}
      name="new-phone"
      layout="vertical"
      requiredMark={false}
      onValuesChange={submit.clearError}
      onFinish={({ areaCode, mobile, smsCode }) =>
        void submit.run(async () => onChanged(await changePhone({ token, areaCode, mobile: mobile.trim(), smsCode: smsCode.trim() })))
      }
    >
      <PhoneField label={t('phone.newNumber')} autoFocus />
      <SmsCodeField form={form} purpose="change_phone_new" target={() => phoneTarget(form)} />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" loading={submit.pending}>
        {t('phone.save')}
      </Button>
      <Button type="link" onClick={onRestart}>
        {t('phone.restart')}
      </Button>
    </Form>
  );
}

/** Change the phone: prove the current number, then the new one. */
export function PhoneChangeForm({ profile }: { profile: UserInfo }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const [changed, setChanged] = useState<UserInfo | null>(null);

  if (changed) {
    return (
      <BrandResult
        kind="done"
        title={t('phone.done', { phone: `+${changed.areaCode} ${changed.mobileMasked}` })}
        extra={<Link to="/user/profile">{t('phone.backToProfile')}</Link>}
      />
    );
  }

  return (
    <div className="account-section">
      <p>{t('phone.current', { phone: `+${profile.areaCode} ${profile.mobileMasked}` })}</p>
      <Steps
        className="account-steps"
        size="small"
        current={token ? 1 : 0}
        items={[{ title: t('phone.stepOld') }, { title: t('phone.stepNew') }]}
      />
      {token ? (
        <NewPhoneStep
          token={token}
          onRestart={() => setToken(null)}
          onChanged={(next) => {
            saveUserInfo(next);
            queryClient.setQueryData(profileKey, next);
            setChanged(next);
          }}
        />
      ) : (
        <VerifyOldStep profile={profile} onVerified={setToken} />
      )}
    </div>
  );
}

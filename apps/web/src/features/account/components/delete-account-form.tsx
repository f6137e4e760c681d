import type { UserInfo } from '@parley/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { logout } from '../../../stores/logout';
import { setShowLogin } from '../../../stores/session-store';
import { FormError, SmsCodeField, useFormSubmit } from '../../auth';
import { deleteAccount } from '../api/delete-account';

interface Values {
  smsCode: string;
  confirmText: string;
}

const deletedThings = ['chats', 'agents', 'shares', 'messages', 'settings', 'sessions'] as const;

/** Says what goes, asks for a code and the username typed out, then deletes and signs out everywhere. */
export function DeleteAccountForm({ profile }: { profile: UserInfo }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['smsCode', 'confirmText']);
  const typed = (Form.useWatch('confirmText', form) as string | undefined) ?? '';

  function remove(values: Values) {
    void submit.run(async () => {
      await deleteAccount({ smsCode: values.smsCode.trim(), confirmText: values.confirmText.trim() });
      logout();
      notify.success(t('delete.done'));
      await navigate('/home');
      // the account is gone on purpose: no login dialog for it
      setShowLogin(false);
    });
  }

  return (
    <div className="account-section">
      <p>{t('delete.intro')}</p>
      <ul className="account-delete__list">
        {deletedThings.map((thing) => (
          <li key={thing}>{t(`delete.what.${thing}`)}</li>
        ))}
      </ul>
      <p>{t('delete.final')}</p>
      <Form form={form} name="delete-account" layout="vertical" requiredMark={false} onFinish={remove} onValuesChange={submit.clearError}>
        <SmsCodeField
          form={form}
          purpose="delete_account"
          label={t('codeTo', { phone: `+${profile.areaCode} ${profile.mobileMasked}` })}
          target={() => Promise.resolve({ areaCode: profile.areaCode, phone: profile.mobile })}
        />
        <Form.Item
          name="confirmText"
          label={t('delete.confirmLabel', { username: profile.username })}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                (value ?? '').trim() === profile.username ? Promise.resolve() : Promise.reject(new Error(t('delete.confirmMismatch'))),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <FormError message={submit.error} />
        <Button type="primary" danger htmlType="submit" loading={submit.pending} disabled={typed.trim() !== profile.username}>
          {t('delete.submit')}
        </Button>
      </Form>
    </div>
  );
}

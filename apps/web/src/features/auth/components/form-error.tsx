import { Alert } from 'antd';

/** A problem with the whole form, read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert className="auth-form-error" type="error" showIcon title={message} role="alert" />;
}

import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorMessage, fieldProblems } from '../lib/auth-errors';

/**
 * Runs a form's call: while it runs `pending` is true; a failure lands on the field it concerns,
 * or as `error` above the button when it concerns the whole form. What was typed stays.
 */
export function useFormSubmit(form: FormInstance, fields: readonly string[]) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(call: () => Promise<void>): Promise<boolean> {
    setPending(true);
    setError(null);
    try {
      await call();
      return true;
    } catch (failure) {
      const problems = fieldProblems(failure, t, fields);
      if (problems.length > 0) form.setFields(problems);
      else setError(authErrorMessage(failure, t));
      return false;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, error, clearError: () => setError(null) };
}

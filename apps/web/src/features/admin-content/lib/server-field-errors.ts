import type { FormInstance } from 'antd';
import { HttpError } from '../../../lib/http';

/**
 * Puts a refused save's field problems (a VALIDATION answer's `data`: `links.platform: must be …`)
 * under the fields they are about; answers whether there were any. The form's own rules catch
 * these first; this covers a rule the server holds and the form does not.
 */
export function showServerFieldErrors(form: FormInstance, failure: unknown): boolean {
  if (!(failure instanceof HttpError) || !Array.isArray(failure.data)) return false;
  const problems = (failure.data as unknown[]).filter(
    (problem): problem is { path: string; message: string } =>
      typeof problem === 'object' && problem !== null && typeof (problem as { path?: unknown }).path === 'string' && typeof (problem as { message?: unknown }).message === 'string',
  );
  form.setFields(problems.map((problem) => ({ name: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [problem.message] })));
  return problems.length > 0;
}

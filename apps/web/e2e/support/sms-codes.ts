import { expect, type Locator } from '@playwright/test';
import { smsGatewayURL } from './servers';

/** The last code the fake SMS gateway delivered to this phone for this purpose (delivery may lag a moment). */
export async function codeFor(phone: string, purpose: string, notBefore: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${smsGatewayURL}/__fake/last-code?phone=${phone}`);
        if (!answer.ok) return '';
        const body = (await answer.json()) as { code: string; purpose: string; receivedAt?: string };
        code = body.purpose === purpose && (!body.receivedAt || Date.parse(body.receivedAt) >= notBefore) ? body.code : '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Asks for a code with the form's button (inside `scope`) and reads it from the gateway. */
export async function requestCode(scope: Locator, phone: string, purpose: string): Promise<string> {
  const asked = Date.now() - 1000;
  await scope.getByRole('button', { name: 'Get code' }).click();
  await expect(scope.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  return codeFor(phone, purpose, asked);
}

/** A phone number no other journey of this run uses. */
export function freshPhone(prefix = '139'): string {
  return `${prefix}${String(Date.now()).slice(-8)}`;
}

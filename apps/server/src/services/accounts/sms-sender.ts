import type { FastifyBaseLogger } from 'fastify';
import type { SmsPurpose } from '@parley/contracts';

/** One SMS carrying a verification code. */
export interface SmsMessage {
  areaCode: string;
  phone: string;
  code: string;
  purpose: SmsPurpose;
  /** Our id for the code, so gateway logs can be matched to it. */
  reference: string;
}

export interface SmsSender {
  readonly kind: 'console' | 'http';
  /** Resolves once the gateway accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

export function smsText(message: SmsMessage): string {
  return `Your Parley verification code is ${message.code}. It expires in 5 minutes. Never share it with anyone.`;
}

/** Development delivery: the code goes to the server log, clearly marked, and nowhere else. */
export function createConsoleSmsSender(log: Pick<FastifyBaseLogger, 'warn'>): SmsSender {
  return {
    kind: 'console',
    async send(message) {
      log.warn(
        { smsTo: `+${message.areaCode} ${message.phone}`, purpose: message.purpose, reference: message.reference },
        `DEVELOPMENT SMS DELIVERY (not sent): +${message.areaCode} ${message.phone} code ${message.code} (${message.purpose})`,
      );
    },
  };
}

/**
 * A gateway reached over HTTP: `POST <url>` with a JSON body {to, areaCode, phone, message,
 * code, purpose, reference} and `Authorization: Bearer <token>` when one is configured. Any
 * 2xx answer means accepted.
 */
export function createHttpSmsSender(options: { url: string; token: string; timeoutMs: number }): SmsSender {
  return {
    kind: 'http',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            to: `+${message.areaCode}${message.phone}`,
            areaCode: message.areaCode,
            phone: message.phone,
            message: smsText(message),
            code: message.code,
            purpose: message.purpose,
            reference: message.reference,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`);
      }
      await response.body?.cancel();
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

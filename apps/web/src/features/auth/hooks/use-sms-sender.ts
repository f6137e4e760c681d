import { errorCodes } from '@parley/contracts';
import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { sendSmsCode, type SmsTarget } from '../api/send-sms-code';
import { retryAfterSeconds } from '../lib/auth-errors';
import { useCountdown } from './use-countdown';

/**
 * Sends SMS codes and keeps the resend countdown: the server's `resendAfterSeconds` after a
 * send, or its `retryAfterSeconds` when it says "too soon" or a limit is reached.
 */
export function useSmsSender() {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();

  async function send(target: SmsTarget): Promise<void> {
    setSending(true);
    try {
      const answer = await sendSmsCode(target);
      startCountdown(answer.resendAfterSeconds);
      setSentTo(`+${target.areaCode} ${target.phone}`);
    } catch (error) {
      const wait = retryAfterSeconds(error);
      const limited = error instanceof HttpError && (error.code === errorCodes.SMS_TOO_SOON.code || error.code === errorCodes.RATE_LIMITED.code);
      if (limited && wait !== null) startCountdown(wait);
      throw error;
    } finally {
      setSending(false);
    }
  }

  return { send, sending, secondsLeft, sentTo };
}

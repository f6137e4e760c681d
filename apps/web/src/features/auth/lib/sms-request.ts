import {
  defaultSmsSignSecret,
  makeNonce,
  smsChannels,
  smsLimits,
  smsSignature,
  type SendSmsCodeRequest,
  type SmsPurpose,
} from '@parley/contracts';

/**
 * A signed SMS request (spec section 5): the fields sorted, joined with the client secret,
 * MD5, upper case; a fresh 16-character nonce from the platform's random source each time.
 */
export function signedSmsRequest(
  { areaCode, phone, purpose }: { areaCode: string; phone: string; purpose: SmsPurpose },
  now: number = Date.now(),
): SendSmsCodeRequest {
  const fields = {
    areaCode,
    phone,
    channel: smsChannels.channel,
    smsChannel: smsChannels.smsChannel,
    nonceStr: makeNonce(crypto.getRandomValues(new Uint8Array(smsLimits.nonceLength))),
    time: now,
  };
  return { ...fields, purpose, sign: smsSignature(fields, defaultSmsSignSecret) };
}

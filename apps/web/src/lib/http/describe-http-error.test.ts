import { errorCodes, locales } from '@parley/contracts';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeHttpError, errorKeys } from './describe-http-error';
import { HttpError, networkErrorCode } from './http-error';

const bundles = import.meta.glob<Record<string, string>>('../../locales/*/errors.json', { eager: true, import: 'default' });

async function translator(language: string): Promise<TFunction> {
  const i18n = createInstance();
  const errors = bundles[`../../locales/${language}/errors.json`] ?? {};
  await i18n.init({ lng: language, resources: { [language]: { errors, agents: { errors: { notFound: 'No such agent.' } } } } });
  return i18n.t;
}

const refusal = (code: number, msg = 'Server English.') => new HttpError({ code, status: 400, msg });
const errorCodeValues = Object.values(errorCodes).flatMap(({ code }) => (code === errorCodes.OK.code ? [] : [code]));

describe('the errors namespace', () => {
  it.each([...locales])('has a text in %s for every error code in contracts and the network error', async (locale) => {
    const texts = bundles[`../../locales/${locale}/errors.json`] ?? {};
    const t = await translator(locale);
    for (const code of [...errorCodeValues, networkErrorCode]) {
      const key = errorKeys.get(code)?.replace('errors:', '') ?? `(no key for code ${code})`;
      expect(texts[key], `${locale}/errors.json ${key}`).toMatch(/\S/);
      expect(describeHttpError(refusal(code), t)).toBe(texts[key]);
    }
  });
});

describe('describeHttpError', () => {
  it("gives the code's text in the reader's language", async () => {
    expect(describeHttpError(refusal(errorCodes.ACCESS_PASSWORD_WRONG.code), await translator('zh-CN'))).toBe('访问密码错误。');
  });

  it("prefers the screen's own key for a code", async () => {
    const t = await translator('en-US');
    expect(describeHttpError(refusal(errorCodes.NOT_FOUND.code), t, { [errorCodes.NOT_FOUND.code]: 'agents:errors.notFound' })).toBe('No such agent.');
  });

  it("says the server's msg only for a code the client does not know", async () => {
    const t = await translator('en-US');
    expect(describeHttpError(refusal(41800, 'I am a teapot.'), t)).toBe('I am a teapot.');
    expect(describeHttpError(refusal(41800, ''), t)).toBe('Something went wrong, please try again later.');
  });

  it('says something went wrong for what is not a refusal', async () => {
    expect(describeHttpError(new Error('boom'), await translator('zh-CN'))).toBe('出错了，请稍后再试。');
  });
});

import { describe, expect, it } from 'vitest';
import { brokerNames } from './broker-name';

const harbour = { title: '港湾外汇', titleEn: 'Harbour FX' };

describe("a broker's name", () => {
  it('is its Chinese name in Chinese, with the English one beside it', () => {
    expect(brokerNames(harbour, 'zh-CN')).toEqual({ name: '港湾外汇', otherName: 'Harbour FX' });
    expect(brokerNames(harbour, 'zh-TW')).toEqual({ name: '港湾外汇', otherName: 'Harbour FX' });
  });

  it('is its English name in the other languages, with the Chinese one beside it', () => {
    expect(brokerNames(harbour, 'en-US')).toEqual({ name: 'Harbour FX', otherName: '港湾外汇' });
    expect(brokerNames(harbour, 'ko-KR')).toEqual({ name: 'Harbour FX', otherName: '港湾外汇' });
  });

  it('is the one name it has, alone', () => {
    expect(brokerNames({ title: '蓝海', titleEn: '' }, 'en-US')).toEqual({ name: '蓝海', otherName: null });
    expect(brokerNames({ title: 'Zeta FX', titleEn: 'Zeta FX' }, 'zh-CN')).toEqual({ name: 'Zeta FX', otherName: null });
  });
});

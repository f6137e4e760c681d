import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.js';
import { parseKnowledgeFile } from './parse.js';

const hex = (value: string) => Buffer.from(value, 'hex');

// Each file below is the sentence beside it as a text editor on that locale's Windows saves it.
const big5 = {
  text: '什麼是保證金？保證金是開立期貨部位時必須存入的資金，請攜帶身分證件到營業據點辦理開戶。',
  bytes: hex(
    'a4b0bbf2ac4fab4fc3d2aaf7a148ab4fc3d2aaf7ac4fb67da5dfb4c1b366b3a1a6ecaec9a5b2b6b7a673a44aaabab8eaaaf7a141bdd0c4e2b161a8ada4c0c3d2a5f3a8ecc0e7b77ebedac249bfecb27ab67da4e1a143',
  ),
};
const eucKr = {
  text: '증거금이란 무엇입니까? 선물 포지션을 열 때 예치해야 하는 자금입니다. 신분증을 지참하고 지점을 방문하세요.',
  bytes: hex(
    'c1f5b0c5b1ddc0ccb6f520b9abbef9c0d4b4cfb1ee3f20bcb1b9b020c6f7c1f6bcc7c0bb20bfad20b6a720bfb9c4a1c7d8bedf20c7cfb4c220c0dab1ddc0d4b4cfb4d92e20bdc5bad0c1f5c0bb20c1f6c2fcc7cfb0ed20c1f6c1a1c0bb20b9e6b9aec7cfbcbcbfe42e',
  ),
};
const shiftJis = {
  text: '証拠金とは何ですか？先物ポジションを建てる際に預ける資金です。本人確認書類を持って支店へお越しください。',
  bytes: hex(
    '8fd88b928be082c682cd89bd82c582b782a9814890e695a8837c835783568387839382f08c9a82c482e98ddb82c9976182af82e98e918be082c582b78142967b906c8a6d94468f9197de82f08e9d82c182c48e78935882d682a8897a82b582ad82be82b382a28142',
  ),
};
const gb18030 = {
  text: '什么是保证金？保证金是开立期货头寸时必须存入的资金，请携带身份证件到营业网点办理开户。',
  bytes: hex(
    'cab2c3b4cac7b1a3d6a4bdf0a3bfb1a3d6a4bdf0cac7bfaac1a2c6dabbf5cdb7b4e7cab1b1d8d0ebb4e6c8ebb5c4d7cabdf0a3acc7ebd0afb4f8c9edb7ddd6a4bcfeb5bdd3aad2b5cdf8b5e3b0ecc0edbfaabba7a1a3',
  ),
};

describe('decodeText', () => {
  it('reads text saved in the legacy encodings of the languages the site speaks', () => {
    for (const [name, file] of Object.entries({ big5, eucKr, shiftJis, gb18030 })) expect(decodeText(file.bytes), name).toBe(file.text);
  });

  it('reads UTF-8 with or without a byte order mark, and UTF-16 with one', () => {
    const text = '保證金 증거금 証拠金 保证金 margen маржа';
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.from(`\ufeff${text}`, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    const bigEndian = Buffer.from(text, 'utf16le').swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), bigEndian]))).toBe(text);
  });

  it('keeps reading a few words of GB18030, too short for the detector to judge', () => {
    expect(decodeText(hex('b1a3d6a4bdf0'))).toBe('保证金');
  });

  it('finds nothing readable in binary junk', () => {
    const junk = Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 37 + 11) % 256));
    expect(decodeText(junk)).toBeNull();
    expect(decodeText(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00]))).toBeNull();
  });
});

describe('parseKnowledgeFile with a legacy encoding', () => {
  it('indexes a Big5 text file as its Chinese text', async () => {
    const parsed = await parseKnowledgeFile('txt', big5.bytes, { maxPdfPages: 10 });
    expect(parsed.sections[0]?.paragraphs).toEqual([big5.text]);
  });

  it('refuses binary junk with the unreadable-text reason', async () => {
    const junk = Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 37 + 11) % 256));
    await expect(parseKnowledgeFile('txt', junk, { maxPdfPages: 10 })).rejects.toMatchObject({ problem: { code: 'textEncoding', params: {} } });
  });
});

import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enKnowledge from '../../../locales/en-US/knowledge.json';
import ruKnowledge from '../../../locales/ru-RU/knowledge.json';
import zhKnowledge from '../../../locales/zh-CN/knowledge.json';
import { describeKnowledgeProblem } from './describe-problem';

const texts = i18next.createInstance();
const inLanguage = (locale: string) => texts.getFixedT(locale, 'knowledge') as TFunction<'knowledge'>;

beforeAll(async () => {
  await texts.init({
    resources: { 'en-US': { knowledge: enKnowledge }, 'zh-CN': { knowledge: zhKnowledge }, 'ru-RU': { knowledge: ruKnowledge } },
    interpolation: { escapeValue: false },
  });
});

const tooLarge = { code: 'fileTooLarge', params: { maxBytes: 20 * 1024 * 1024 } };
const overTotal = { code: 'agentTotalExceeded', params: { maxBytes: 1536 } };

describe('describeKnowledgeProblem', () => {
  it('puts sizes the way the screen shows them and says what a mislabelled file really is', () => {
    const zh = (problem: { code: string; params: Record<string, string | number | string[]> }) =>
      describeKnowledgeProblem(problem, 'English', inLanguage('zh-CN'), 'zh-CN').replace(/\u00a0/g, ' ');
    expect(zh(tooLarge)).toBe('此文件超过 20 MB，超出了单个文件的上限。');
    expect(zh(overTotal)).toBe('再加上此文件，该智能体的文件将超过 1.5 kB 的总上限。请先删除不再需要的文件。');
    expect(zh({ code: 'typeMismatch', params: { claimed: 'pdf', actual: 'png' } })).toBe('文件名表明这是「PDF 文件」，但它实际上是「PNG 图片」。');
    expect(zh({ code: 'typeMismatch', params: { claimed: 'docx', actual: 'notText' } })).toBe('文件名表明这是「Word（DOCX）文档」，但其内容不是可读的文本。');
    expect(zh({ code: 'csvUnreadable', params: {} })).toBe('无法读取此 CSV 文件：请检查其中的引号和分隔符。');
    expect(zh({ code: 'pdfUnpacksTooLarge', params: { maxBytes: 128 * 1024 * 1024 } })).toBe('此 PDF 的压缩内容解压后超过 128 MB，超出了该大小文件的上限。请拆分成较小的文件后上传。');
    expect(zh({ code: 'parseOutOfMemory', params: { maxBytes: 512 * 1024 * 1024 } })).toBe('读取此文件需要超过 512 MB 的内存，超出了单个文件的上限。请拆分成较小的文件后上传。');
    const ru = describeKnowledgeProblem({ code: 'pdfTooManyPages', params: { pages: 1200, maxPages: 500 } }, 'English', inLanguage('ru-RU'), 'ru-RU');
    expect(ru.replace(/\u00a0/g, ' ')).toBe('Страниц в этом PDF: 1 200; допускается не более 500. Разделите его на файлы поменьше.');
  });

  it('matches the English the server sends', () => {
    const en = inLanguage('en-US');
    expect(describeKnowledgeProblem(tooLarge, '', en, 'en-US')).toBe('This file is larger than 20 MB, the most one file may be.');
    expect(describeKnowledgeProblem({ code: 'typeMismatch', params: { claimed: 'pdf', actual: 'png' } }, '', en, 'en-US')).toBe(
      'This file is named as a PDF, but it is a PNG picture.',
    );
    expect(describeKnowledgeProblem({ code: 'docxUnpacksTooLarge', params: { maxBytes: 64 * 1024 * 1024 } }, '', en, 'en-US')).toBe(
      'This Word document unpacks to more than 64 MB, the most accepted for a file of its size. Split it into smaller documents and upload those.',
    );
    expect(describeKnowledgeProblem({ code: 'pdfUnpacksTooLarge', params: { maxBytes: 128 * 1024 * 1024 } }, '', en, 'en-US')).toBe(
      "This PDF's compressed contents unpack to more than 128 MB, the most accepted for a file of its size. Split it into smaller files and upload those.",
    );
    expect(describeKnowledgeProblem({ code: 'parseTimedOut', params: { seconds: 120 } }, '', en, 'en-US')).toBe(
      'Reading this file took longer than 120 seconds, the most one file may take. Split it into smaller files and upload those.',
    );
    expect(describeKnowledgeProblem({ code: 'parseOutOfMemory', params: { maxBytes: 512 * 1024 * 1024 } }, '', en, 'en-US')).toBe(
      'Reading this file needed more than 512 MB of memory, the most one file may use. Split it into smaller files and upload those.',
    );
  });

  it('falls back to the English sentence for a code or a file kind it has no words for, or no code at all', () => {
    const zh = inLanguage('zh-CN');
    expect(describeKnowledgeProblem({ code: 'somethingNew', params: {} }, 'Something new.', zh, 'zh-CN')).toBe('Something new.');
    expect(describeKnowledgeProblem({ code: 'typeMismatch', params: { claimed: 'pdf', actual: 'webm' } }, 'It is a WebM video.', zh, 'zh-CN')).toBe('It is a WebM video.');
    expect(describeKnowledgeProblem(null, 'Failed before codes.', zh, 'zh-CN')).toBe('Failed before codes.');
  });
});

import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enAgents from '../../../locales/en-US/agents.json';
import zhAgents from '../../../locales/zh-CN/agents.json';
import { emptyAgentForm, inputOfForm, type FieldProblem } from './agent-form';
import { describeFieldProblem } from './field-messages';

async function translator(language: 'en-US' | 'zh-CN'): Promise<TFunction<'agents'>> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    ns: ['agents'],
    defaultNS: 'agents',
    resources: { 'en-US': { agents: enAgents }, 'zh-CN': { agents: zhAgents } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'agents');
}

const sent = inputOfForm({
  ...emptyAgentForm(),
  name: '   ',
  intro: 'x'.repeat(201),
  systemPrompt: 'You explain spreads.',
  suggestedQuestions: ['Why?', 'y'.repeat(101)],
});
const problem = (path: (string | number)[], extra: Partial<FieldProblem> = {}): FieldProblem => ({ name: path, message: 'server words', ...extra });

describe('describeFieldProblem', () => {
  it("says what the server refused in the reader's language, from what was sent", async () => {
    const t = await translator('zh-CN');
    expect(describeFieldProblem(problem(['name']), sent, t)).toBe('请填写名称。');
    expect(describeFieldProblem(problem(['intro']), sent, t)).toBe('最多 200 个字符。');
    expect(describeFieldProblem(problem(['suggestedQuestions', 1]), sent, t)).toBe('最多 100 个字符。');
    expect(describeFieldProblem(problem(['suggestedQuestions']), sent, t)).toBe('推荐问题最多 4 个。');
    expect(describeFieldProblem(problem(['temperature']), sent, t)).toBe('请选择 0 到 2 之间的值。');
    expect(describeFieldProblem(problem(['model']), sent, t)).toBe('该模型已不再提供，请选择其他模型。');
    expect(describeFieldProblem(problem(['avatarUrl']), sent, t)).toBe('该图片已不存在，请重新上传或选择内置头像。');
  });

  it('quotes the blocked word and names a flagged picture', async () => {
    const t = await translator('en-US');
    expect(describeFieldProblem(problem(['intro'], { source: 'keywords', word: '稳赚' }), sent, t)).toBe('Contains “稳赚”, which public agents may not use.');
    expect(describeFieldProblem(problem(['avatarUrl'], { source: 'moderation' }), sent, t)).toBe('The content check flagged this picture.');
    expect(describeFieldProblem(problem(['name'], { source: 'moderation' }), sent, t)).toBe('The content check flagged this text.');
  });

  it("keeps the server's words when the sent value shows nothing the editor can name", async () => {
    const t = await translator('en-US');
    expect(describeFieldProblem(problem(['systemPrompt']), sent, t)).toBe('server words');
    expect(describeFieldProblem(problem(['somethingNew']), sent, t)).toBe('server words');
  });
});

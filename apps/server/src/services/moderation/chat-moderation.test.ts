import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChatModeration, type ChatModerationMode } from './chat-moderation.js';
import { createKeywordMatcher } from './keyword-matcher.js';
import type { ModerationStage } from './moderation-metrics.js';

/** A request's logger, as routes hand it over (bound to its request id), keeping the JSON lines written. */
function requestLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { lines, log: Fastify({ logger: { level: 'warn', stream } }).log.child({ reqId: 'req-7' }) };
}

/** Chat moderation with MODERATION_CHAT=`mode`, a saved keyword list (or the shipped one) and the endpoint at `baseUrl`. */
function moderation(mode: ChatModerationMode, { baseUrl = '', saved = true, countsKept = true } = {}) {
  const counted: string[] = [];
  const refusals: unknown[] = [];
  let keywordReads = 0;
  const checks = createChatModeration({
    mode,
    keywords: async () => {
      keywordReads += 1;
      return { matcher: createKeywordMatcher(['online casino']), saved };
    },
    endpoint: { baseUrl, apiKey: '', model: 'omni-moderation-latest', timeoutMs: 1000, checkImages: false },
    metrics: {
      refused: (stage: ModerationStage, by) => counted.push(`refused ${stage} by ${by}`),
      endpointFailed: (stage: ModerationStage) => counted.push(`endpoint failed on ${stage}`),
    },
    recordRefusal: async (refusal) => {
      if (!countsKept) throw new Error('the database is away');
      refusals.push(refusal);
    },
  });
  return { checks, counted, refusals, keywordReads: () => keywordReads };
}

describe('chat moderation', () => {
  it('refuses a question naming no rule, and tells operators in the log without the text', async () => {
    const { checks, counted, refusals } = moderation('input');
    const { lines, log } = requestLogger();
    const question = 'Which online casino pays best?';
    await expect(checks.checkQuestion(question, { log, appId: 'app-1' })).rejects.toMatchObject({
      errorName: 'QUESTION_REFUSED',
      statusCode: 422,
      data: null,
    });
    expect(counted).toEqual(['refused question by keywords']);
    // kept for the dashboard's count: the agent and the check, not the text
    expect(refusals).toEqual([{ appId: 'app-1', refusedBy: 'keywords' }]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: 'req-7',
        appId: 'app-1',
        moderation: { stage: 'question', by: 'keywords', keyword: 'online casino' },
        chars: question.length,
        textHash: expect.stringMatching(/^[0-9a-f]{16}$/),
        msg: 'content check: a question was refused',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('pays best');
  });

  it('still refuses the question when its count cannot be kept, and logs that', async () => {
    const { checks, refusals } = moderation('input', { countsKept: false });
    const { lines, log } = requestLogger();
    await expect(checks.checkQuestion('Which online casino pays best?', { log, appId: 'app-1' })).rejects.toMatchObject({ errorName: 'QUESTION_REFUSED' });
    expect(refusals).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(['content check: a question was refused', 'a refused question could not be counted']);
  });

  it('lets a question through when the moderation endpoint cannot be asked, counting and logging that', async () => {
    // nothing listens on port 9 of loopback
    const { checks, counted } = moderation('input', { baseUrl: 'http://127.0.0.1:9/v1' });
    const { lines, log } = requestLogger();
    await expect(checks.checkQuestion('What is a spread?', { log, appId: 'app-1' })).resolves.toBeUndefined();
    expect(counted).toEqual(['endpoint failed on question']);
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'req-7', stage: 'question', msg: expect.stringMatching(/could not check/) })]);
  });

  it('uses no keyword list until operators save one: the shipped list guards publishing only', async () => {
    const { log } = requestLogger();
    const shipped = moderation('input', { saved: false });
    await expect(shipped.checks.checkQuestion('Which online casino pays best?', { log, appId: null })).resolves.toBeUndefined();
  });

  it('reads nothing with MODERATION_CHAT=off, and guards answers only with both', async () => {
    const off = moderation('off');
    const { log } = requestLogger();
    await expect(off.checks.checkQuestion('Which online casino pays best?', { log, appId: null })).resolves.toBeUndefined();
    expect(off.keywordReads()).toBe(0);
    expect(off.checks.guardAnswer({ log, appId: null })).toBeUndefined();
    expect(moderation('input').checks.guardAnswer({ log, appId: null })).toBeUndefined();
    expect(moderation('both').checks.guardAnswer({ log, appId: null })).toBeDefined();
  });

  it('cuts an answer at the piece that completes a listed phrase, and checks its end once it is read', async () => {
    const { checks, counted } = moderation('both');
    const { lines, log } = requestLogger();
    const guard = checks.guardAnswer({ log, appId: 'app-1' })!;
    expect(await guard.inspect('Try an online ')).toBeNull();
    expect(await guard.inspect('casi')).toBeNull();
    expect(await guard.inspect('no tonight')).toEqual({ kind: 'moderated', message: expect.stringMatching(/withdrawn/), status: null });
    expect(counted).toEqual(['refused answer by keywords']);
    expect(lines[0]).toMatchObject({ moderation: { stage: 'answer', by: 'keywords' }, chars: 28 });

    const atTheEnd = checks.guardAnswer({ log, appId: 'app-1' })!;
    expect(await atTheEnd.inspect('Try an online casino')).toBeNull();
    expect(await atTheEnd.finish('Try an online casino')).toMatchObject({ kind: 'moderated' });
  });
});

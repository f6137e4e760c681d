import { setTimeout as sleep } from 'node:timers/promises';
import { failures } from '../../llm/openai-errors.js';
import type { AnswerGuard, AnswerSource, Failure, Reasoning, RelayRequest, Usage } from './answer-relay.js';

/** Thinking goes out at most this often while the model streams it (the answer's deltas are paced by the writer). */
const reasoningIntervalMs = 30;

/** The text received so far, joined only when read. */
function textBuffer() {
  let parts: string[] = [];
  return {
    push: (text: string) => parts.push(text),
    get empty() {
      return parts.length === 0;
    },
    text: () => {
      if (parts.length > 1) parts = [parts.join('')];
      return parts[0] ?? '';
    },
  };
}

/**
 * One answer as it is read from its source and sent on: the text (after a continued answer's
 * first part), the thinking and how long it took, the usage and model the service named, and
 * whether it stopped at the output limit. The site's limits apply as it is read
 * (LLM_MAX_ANSWER_CHARS, for the text and the thinking each), and so does the content check
 * on answers.
 */
export class AnswerReading {
  private readonly received = textBuffer();
  private readonly thought = textBuffer();
  private thinkingFrom: number | null = null;
  private thinkingMs = 0;
  private thoughtChars = 0;
  /** Room left for text under LLM_MAX_ANSWER_CHARS. */
  private room: number;
  /** The content check withdrew the answer: none of its text is kept. */
  private withdrawn = false;
  /** The first text of this stream went out (a continued answer has text before it). */
  private answering = false;
  reported: Usage | null = null;
  /** From the request arriving to the first answer text of this stream; null until it came. */
  firstTokenMs: number | null = null;
  answeredBy: string | null = null;
  cutShort = false;
  /** Text or thinking arrived from the current source (a context-length refusal comes before any). */
  wrote = false;

  constructor(private readonly request: RelayRequest) {
    if (request.continues) this.received.push(request.continues);
    this.room = request.maxAnswerChars - (request.continues?.length ?? 0);
  }

  /** The text so far, a continued answer's first part included. */
  readonly text = () => this.received.text();

  /** The service began answering in this stream (its prompt was read). */
  get started(): boolean {
    return this.received.text().length > (this.request.continues?.length ?? 0) || !this.thought.empty;
  }

  /**
   * Reads `source` to its end, sending each piece on: thinking as `reasoning` events, text as
   * deltas. Answers the content check's failure when it withdrew the answer; a failure of the
   * source, or a site limit reached, is thrown.
   */
  async read(source: AnswerSource): Promise<Failure | null> {
    const { writer, signal, context, guard, maxAnswerChars } = this.request;
    const metrics = this.request.kind === 'chat' ? context.metrics : null;
    // A provider that reads on meanwhile is asked again only when the next frame may go out:
    // the tokens of a frame then come in one hand-over, and the frame goes out at once.
    const paced = source.provider.buffersText === true;
    this.wrote = false;
    for await (const chunk of source.provider.stream(source.messages, source.params, signal)) {
      if (signal.aborted) break;
      if (chunk.type === 'usage') {
        this.reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens, reasoningTokens: chunk.reasoningTokens ?? null };
        continue;
      }
      if (chunk.type === 'model') {
        this.answeredBy = chunk.name;
        continue;
      }
      if (chunk.type === 'finish') {
        this.cutShort = chunk.reason === 'length';
        continue;
      }
      if (chunk.text === '') continue;
      this.wrote = true;
      if (chunk.type === 'reasoning') {
        this.thinkingFrom ??= performance.now();
        this.thoughtChars += chunk.text.length;
        if (this.thoughtChars > maxAnswerChars) throw failures.tooLong(`the model's thinking passed the site's limit of ${maxAnswerChars.toLocaleString('en-US')} characters`);
        this.thought.push(chunk.text);
        writer.send({ event: 'reasoning', data: { text: chunk.text } });
        if (paced) await sleep(reasoningIntervalMs);
        continue;
      }
      this.endThinking();
      const text = chunk.text.length > this.room ? chunk.text.slice(0, this.room) : chunk.text;
      this.room -= text.length;
      const cut = await guard?.inspect(text);
      if (cut) {
        this.withdrawn = true;
        return cut;
      }
      if (!this.answering) {
        const waitedMs = performance.now() - context.receivedAt;
        this.firstTokenMs = Math.round(waitedMs);
        metrics?.firstToken(waitedMs / 1000);
      }
      this.answering = true;
      if (text !== '') {
        this.received.push(text);
        writer.delta(text);
      }
      if (this.room <= 0) throw failures.tooLong(`it reached the site's limit of ${maxAnswerChars.toLocaleString('en-US')} characters`);
      if (writer.congested) await writer.drained(signal);
      else if (paced && writer.untilNextDelta > 0) await sleep(writer.untilNextDelta);
    }
    return null;
  }

  /** The content check on the whole answer read to its end; a failure withdraws it. */
  async finish(guard: AnswerGuard): Promise<Failure | null> {
    const failure = await guard.finish(this.received.text());
    this.withdrawn = failure !== null;
    return failure;
  }

  /** The text the answer keeps: none of a withdrawn one. */
  kept(): string {
    return this.withdrawn ? '' : this.received.text();
  }

  /** What the model thought and for how long; null when it showed none or the answer was withdrawn. */
  reasoning(): Reasoning | null {
    this.endThinking();
    return this.thought.empty || this.withdrawn ? null : { text: this.thought.text(), ms: this.thinkingMs };
  }

  /** The thinking ends with the answer's first word (or the end of the stream). */
  private endThinking(): void {
    if (this.thinkingFrom !== null && this.thinkingMs === 0) this.thinkingMs = Math.max(1, Math.round(performance.now() - this.thinkingFrom));
  }
}

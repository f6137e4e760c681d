import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { answerParts, chatItems, chats, usageLedger, type ChatChannel, type ChatCitation } from '../schema/index.js';
import { markedInterrupted } from './abandoned-answers.js';
import { dropParts } from './answer-parts.js';
import { ownedBy, type Owner } from './owner-scope.js';
import { preparedOnce } from '../prepared.js';
import { countsQuestion, recordAppQuestion, type AskedApp } from './app-activity-repo.js';
import { recordUsage } from './usage-repo.js';
import { answeredTurns, type ContextRow } from './context-turns.js';

export type ChatRow = typeof chats.$inferSelect;
export type ChatItemRow = typeof chatItems.$inferSelect;

/** What an answer placeholder needs; `staleAfterMs` says when a 'streaming' answer counts as abandoned. */
interface AnswerSlot {
  model: string;
  staleAfterMs: number;
  /** The app's owner and kind, when the caller has read the app already. */
  app?: AskedApp;
}

/** A question saved with the empty answer the stream fills. */
export interface SavedTurn {
  chat: ChatRow;
  question: ChatItemRow;
  answer: ChatItemRow;
}

export type TurnResult =
  | ({ outcome: 'saved' } & SavedTurn)
  /** Another answer in this chat is still streaming. */
  | { outcome: 'busy' }
  | { outcome: 'not_found' }
  /** Regenerate: the chat holds no question. */
  | { outcome: 'no_question' }
  /** Continue: the chat's last answer was not cut short at the output limit. */
  | { outcome: 'not_cut_short' };

export interface FinalAnswer {
  status: 'done' | 'stopped' | 'error';
  content: string;
  error: string | null;
  /** Why it failed, by kind (contracts streamErrorKind). */
  errorKind: string | null;
  citations: ChatCitation[];
  /** The tokens this stream used: added to what the answer had (a continued answer keeps its first part's). */
  promptTokens: number;
  completionTokens: number;
  reasoning: string | null;
  reasoningMs: number | null;
  reasoningTokens: number | null;
  cutShort: boolean;
  /** From the question arriving to the answer's first text; a continued answer keeps its first part's. */
  firstTokenMs: number | null;
}

/** What came of an answer's text since its last save, and where in the text it begins. */
export interface AnswerPiece {
  startsAt: number;
  text: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A new chat's own columns (the owner's come from the repo). */
interface NewChat {
  id: string;
  appId: string;
  title: string;
  /** The model the user picked for it; null: none. */
  model: string | null;
  /** Where it was asked from (the site unless said). */
  channel: ChatChannel;
}

/** A request's pick of the chat's model: a model, null for none, undefined to keep the chat's (none for a new chat). */
interface ModelPick {
  chatModel?: string | null;
}

/** The chat's columns a new turn changes: it moves up the history, and takes the request's model pick. */
function touchedBy({ chatModel }: ModelPick) {
  return { updatedAt: sql`now()`, ...(chatModel === undefined ? {} : { model: chatModel }) };
}

/**
 * The writes of the answer pipeline: chats, questions, answers and the turns that go into a
 * prompt. Every query carries the owner's condition (chat items through their chat).
 */
export function chatRepo(db: Database, owner: Owner) {
  const mine = (chatId: string) => and(eq(chats.id, chatId), ownedBy(chats, owner), isNull(chats.deletedAt));
  const myChatIds = db.select({ id: chats.id }).from(chats).where(and(ownedBy(chats, owner), isNull(chats.deletedAt)));

  /** Locks the chat for this transaction, so two requests cannot both start an answer in it. */
  async function lockChat(tx: Tx, chatId: string): Promise<ChatRow | null> {
    const [chat] = await tx.select().from(chats).where(mine(chatId)).for('update');
    return chat ?? null;
  }

  /**
   * True when an answer of the chat is streaming and was touched recently; abandoned ones (their
   * process died) are marked interrupted on the way.
   */
  async function hasLiveAnswer(tx: Tx, chatId: string, staleAfterMs: number): Promise<boolean> {
    const freshSince = sql`now() - make_interval(secs => ${staleAfterMs / 1000})`;
    const abandoned = await tx
      .update(chatItems)
      .set(markedInterrupted)
      .where(and(eq(chatItems.chatId, chatId), eq(chatItems.status, 'streaming'), lt(chatItems.updatedAt, freshSince)))
      .returning({ id: chatItems.id });
    await dropParts(tx, abandoned.map((row) => row.id));
    const live = await tx.$count(chatItems, and(eq(chatItems.chatId, chatId), eq(chatItems.status, 'streaming')));
    return live > 0;
  }

  // The statements every question runs are prepared once per database (db/prepared.ts): values,
  // the owner's id among them, come in through placeholders; user and visitor get their own.
  const ownerKind = owner.userId !== null ? 'user' : 'visitor';
  const ownerId = owner.userId ?? owner.visitorId;
  const ownerParams =
    owner.userId !== null
      ? { userId: sql.placeholder('ownerId'), visitorId: null }
      : { userId: null, visitorId: sql.placeholder('ownerId') };
  const ownerIdParam = and(eq(owner.userId !== null ? chats.userId : chats.visitorId, sql.placeholder('ownerId')), isNull(chats.deletedAt));
  const myStreamingAnswer = (on: Database) =>
    and(
      eq(chatItems.id, sql.placeholder('answerId')),
      inArray(chatItems.chatId, on.select({ id: chats.id }).from(chats).where(ownerIdParam)),
      eq(chatItems.status, 'streaming'),
    );

  /** A statement prepared once on the repo's database; inside a transaction it is built for it. */
  function statementOn<T>(on: Tx | Database, name: string, build: (on: Tx | Database) => T): T {
    return on === db ? preparedOnce(db, name, () => build(db)) : build(on);
  }

  /** The usage ledger's message count and the turn's rows, as CTEs of a statement saving a turn. */
  function turnInserts(on: Tx | Database, withQuestion: boolean) {
    const answerValues = {
      chatId: sql.placeholder('chatId'),
      role: 'assistant' as const,
      status: 'streaming' as const,
      model: sql.placeholder('model'),
    };
    const usage = { model: sql.placeholder('model'), promptTokens: 0, completionTokens: 0, messages: 1 };
    const counted = on.$with('counted').as(recordUsage(on, ownerParams, usage).returning({ id: usageLedger.id }));
    // The question comes first in VALUES, so it takes the lower seq.
    const rows = withQuestion
      ? [{ chatId: sql.placeholder('chatId'), role: 'user' as const, content: sql.placeholder('question') }, answerValues]
      : [answerValues];
    const turn = on.$with('turn').as(on.insert(chatItems).values(rows).returning());
    return { counted, turn };
  }

  /**
   * The question (unless it exists) and the answer placeholder, with the message counted in the
   * usage ledger and, for a new chat, the chat itself: one statement (atomic on its own), the
   * other inserts running as its CTEs, so saving a turn costs one round trip.
   */
  async function insertTurn(on: Tx | Database, chatId: string, question: string | null, model: string, newChat?: NewChat) {
    const values = { chatId, question, model, ownerId, appId: newChat?.appId, title: newChat?.title, chatModel: newChat?.model, channel: newChat?.channel };
    let rows: ChatItemRow[];
    let chat: ChatRow | undefined;
    if (newChat) {
      // the chat's own insert is a CTE too; chat_items' reference to it is checked at the statement's end
      const statement = statementOn(on, `start_chat_${ownerKind}`, (on) => {
        const { counted, turn } = turnInserts(on, true);
        const chatValues = {
          id: sql.placeholder('chatId'),
          appId: sql.placeholder('appId'),
          title: sql.placeholder('title'),
          model: sql.placeholder('chatModel'),
          channel: sql.placeholder('channel'),
        };
        const created = on.$with('created').as(on.insert(chats).values({ ...chatValues, ...ownerParams }).returning());
        return on.with(created, counted, turn).select().from(turn).crossJoin(created).prepare(`start_chat_${ownerKind}`);
      });
      const joined = await statement.execute(values);
      rows = joined.map((row) => row.turn);
      chat = joined[0]?.created;
    } else {
      const name = `${question === null ? 'redo_answer' : 'add_question'}_${ownerKind}`;
      const statement = statementOn(on, name, (on) => {
        const { counted, turn } = turnInserts(on, question !== null);
        return on.with(counted, turn).select().from(turn).prepare(name);
      });
      rows = await statement.execute(values);
    }
    const questionRow = rows.find((row) => row.role === 'user');
    const answer = rows.find((row) => row.role === 'assistant');
    if (!answer) throw new Error('answer insert returned no row');
    return { questionRow, answer, chat };
  }

  return {
    async findChat(chatId: string): Promise<ChatRow | null> {
      const [chat] = await db.select().from(chats).where(mine(chatId)).limit(1);
      return chat ?? null;
    },

    /**
     * A new chat with its first question and the answer placeholder, saved with the message count
     * in one statement; a transaction only when the app's activity counts the question too.
     */
    async startChat(
      input: { chatId: string; appId: string; title: string; question: string; channel?: ChatChannel } & AnswerSlot & ModelPick,
    ): Promise<SavedTurn> {
      const newChat = { id: input.chatId, appId: input.appId, title: input.title, model: input.chatModel ?? null, channel: input.channel ?? 'site' };
      const save = async (tx: Tx | Database) => {
        const { chat, questionRow, answer } = await insertTurn(tx, input.chatId, input.question, input.model, newChat);
        if (!chat) throw new Error('chat insert returned no row');
        return { chat, question: questionRow as ChatItemRow, answer };
      };
      if (input.app && !countsQuestion(input.app, owner)) return save(db);
      return db.transaction(async (tx) => {
        const saved = await save(tx);
        await recordAppQuestion(tx, input.appId, owner, true, input.app);
        return saved;
      });
    },

    /** The next question of an existing chat and its answer placeholder. */
    async addQuestion(input: { chatId: string; question: string } & AnswerSlot & ModelPick): Promise<TurnResult> {
      return db.transaction(async (tx) => {
        const chat = await lockChat(tx, input.chatId);
        if (!chat) return { outcome: 'not_found' };
        if (await hasLiveAnswer(tx, chat.id, input.staleAfterMs)) return { outcome: 'busy' };
        const { questionRow, answer } = await insertTurn(tx, chat.id, input.question, input.model);
        await recordAppQuestion(tx, chat.appId, owner, false, input.app);
        const [touched] = await tx.update(chats).set(touchedBy(input)).where(eq(chats.id, chat.id)).returning();
        return { outcome: 'saved', chat: touched ?? chat, question: questionRow as ChatItemRow, answer };
      });
    },

    /** Regenerate: the last question stays, the answers after it go, and a new placeholder follows it. */
    async redoLastAnswer(input: { chatId: string } & AnswerSlot & ModelPick): Promise<TurnResult> {
      return db.transaction(async (tx) => {
        const chat = await lockChat(tx, input.chatId);
        if (!chat) return { outcome: 'not_found' };
        if (await hasLiveAnswer(tx, chat.id, input.staleAfterMs)) return { outcome: 'busy' };
        const [question] = await tx
          .select()
          .from(chatItems)
          .where(and(eq(chatItems.chatId, chat.id), eq(chatItems.role, 'user')))
          .orderBy(desc(chatItems.seq))
          .limit(1);
        if (!question) return { outcome: 'no_question' };
        await tx
          .delete(chatItems)
          .where(and(eq(chatItems.chatId, chat.id), eq(chatItems.role, 'assistant'), gt(chatItems.seq, question.seq)));
        const { answer } = await insertTurn(tx, chat.id, null, input.model);
        const [touched] = await tx.update(chats).set(touchedBy(input)).where(eq(chats.id, chat.id)).returning();
        return { outcome: 'saved', chat: touched ?? chat, question, answer };
      });
    },

    /**
     * Continue: the chat's last answer, cut short at the output limit, streams again from where
     * it stopped. It keeps its text, tokens and thinking (the stream adds to them).
     */
    async reopenCutShort(input: { chatId: string; staleAfterMs: number }): Promise<TurnResult> {
      return db.transaction(async (tx) => {
        const chat = await lockChat(tx, input.chatId);
        if (!chat) return { outcome: 'not_found' };
        if (await hasLiveAnswer(tx, chat.id, input.staleAfterMs)) return { outcome: 'busy' };
        const [answer, question] = await tx
          .select()
          .from(chatItems)
          .where(and(eq(chatItems.chatId, chat.id), inArray(chatItems.role, ['user', 'assistant'])))
          .orderBy(desc(chatItems.seq))
          .limit(2);
        if (!answer || answer.role !== 'assistant' || !answer.cutShort || answer.status !== 'done' || question?.role !== 'user') {
          return { outcome: 'not_cut_short' };
        }
        const [reopened] = await tx
          .update(chatItems)
          .set({ status: 'streaming', cutShort: false, updatedAt: sql`now()` })
          .where(eq(chatItems.id, answer.id))
          .returning();
        const [touched] = await tx.update(chats).set({ updatedAt: sql`now()` }).where(eq(chats.id, chat.id)).returning();
        return { outcome: 'saved', chat: touched ?? chat, question, answer: reopened ?? answer };
      });
    },

    /**
     * Earlier turns for the prompt, oldest first: questions before `beforeSeq` with the
     * finished (done or stopped), non-empty answers they got, from the newest `limit` messages.
     */
    async contextTurns(chatId: string, beforeSeq: number, limit: number) {
      const rows = await db
        .select({ role: chatItems.role, content: chatItems.content, status: chatItems.status })
        .from(chatItems)
        .where(
          and(
            eq(chatItems.chatId, chatId),
            inArray(chatItems.chatId, myChatIds),
            lt(chatItems.seq, beforeSeq),
            inArray(chatItems.role, ['user', 'assistant']),
          ),
        )
        .orderBy(desc(chatItems.seq))
        .limit(limit);
      return answeredTurns(rows.reverse() as ContextRow[]);
    },

    /**
     * Crash safety during long answers: the text that came since the last save, appended as a
     * piece (schema `answerParts`), and a fresh `updated_at` that says the stream lives. One
     * statement whose work is the piece's size, however long the answer is already; an empty
     * piece only touches. Saving a piece again at the same place replaces it (a retried save).
     */
    async saveProgress(answerId: string, piece: AnswerPiece): Promise<void> {
      const name = `save_answer_progress_${ownerKind}`;
      const statement = preparedOnce(db, name, () => {
        const touched = db.$with('touched').as(
          db.update(chatItems).set({ updatedAt: sql`now()` }).where(myStreamingAnswer(db)).returning({ id: chatItems.id }),
        );
        const text = sql<string>`${sql.placeholder('text')}::text`;
        return db
          .with(touched)
          .insert(answerParts)
          .select(
            db
              .select({ answerId: touched.id, startsAt: sql<number>`${sql.placeholder('startsAt')}::int`.as('starts_at'), text: text.as('text'), createdAt: sql<Date>`now()`.as('created_at') })
              .from(touched)
              .where(sql`${text} <> ''`),
          )
          .onConflictDoUpdate({ target: [answerParts.answerId, answerParts.startsAt], set: { text: sql`excluded.text`, createdAt: sql`now()` } })
          .prepare(name);
      });
      await statement.execute({ answerId, startsAt: piece.startsAt, text: piece.text, ownerId });
    },

    /**
     * The answer's final state, written once, and its tokens added to the usage ledger (spent
     * even when the answer was deleted meanwhile; then false is returned).
     */
    /**
     * `model` is the model asked (kept as `requested_model`; usage is counted under it);
     * `writtenBy` the one the answer names (the service's own name for the model that wrote
     * it), null when no model wrote it (a canned reply).
     */
    async finishAnswer(answerId: string, final: FinalAnswer & { model: string; writtenBy: string | null }): Promise<boolean> {
      const name = `finish_answer_${ownerKind}`;
      const statement = preparedOnce(db, name, () => {
        const param = (key: string) => sql`${sql.placeholder(key)}`;
        // One statement (atomic on its own): the answer's update runs as a CTE of the ledger's upsert.
        const finished = db.$with('finished').as(
          db
            .update(chatItems)
            .set({
              content: param('content'),
              status: param('status'),
              error: param('error'),
              errorKind: param('errorKind'),
              citations: sql`${sql.placeholder('citations')}::jsonb`,
              model: param('writtenBy'),
              requestedModel: param('model'),
              promptTokens: sql`${chatItems.promptTokens} + ${sql.placeholder('promptTokens')}::int`,
              completionTokens: sql`${chatItems.completionTokens} + ${sql.placeholder('completionTokens')}::int`,
              // a continuation thinks again: its thinking follows the first part's
              reasoning: sql`case when ${sql.placeholder('reasoning')}::text is null then ${chatItems.reasoning} else concat_ws(E'\n\n', ${chatItems.reasoning}, ${sql.placeholder('reasoning')}::text) end`,
              reasoningMs: sql`case when ${sql.placeholder('reasoningMs')}::int is null then ${chatItems.reasoningMs} else coalesce(${chatItems.reasoningMs}, 0) + ${sql.placeholder('reasoningMs')}::int end`,
              reasoningTokens: sql`case when ${sql.placeholder('reasoningTokens')}::int is null then ${chatItems.reasoningTokens} else coalesce(${chatItems.reasoningTokens}, 0) + ${sql.placeholder('reasoningTokens')}::int end`,
              cutShort: param('cutShort'),
              firstTokenMs: sql`coalesce(${chatItems.firstTokenMs}, ${sql.placeholder('firstTokenMs')}::int)`,
              updatedAt: sql`now()`,
            })
            .where(myStreamingAnswer(db))
            .returning({ id: chatItems.id }),
        );
        // the pieces saved while it streamed are in `content` now
        const cleared = db.$with('cleared').as(
          db
            .delete(answerParts)
            .where(inArray(answerParts.answerId, db.select({ id: finished.id }).from(finished)))
            .returning({ answerId: answerParts.answerId }),
        );
        const usage = {
          model: sql.placeholder('model'),
          promptTokens: sql.placeholder('promptTokens'),
          completionTokens: sql.placeholder('completionTokens'),
          messages: 0,
        };
        return recordUsage(db.with(finished, cleared), ownerParams, usage)
          .returning({ finished: sql<number>`(select count(*) from ${finished})::int` })
          .prepare(name);
      });
      const [row] = await statement.execute({ ...final, citations: JSON.stringify(final.citations), answerId, ownerId });
      return Number(row?.finished ?? 0) > 0;
    },
  };
}

export type ChatRepo = ReturnType<typeof chatRepo>;

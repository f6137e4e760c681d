import type {
  FeedbackPage,
  QualityAgent,
  QualityConversation,
  QualityListQuery,
  ReportPage,
  UnansweredPage,
} from '@parley/contracts';
import { qualityLimits } from '@parley/contracts';
import { toChatAppInfo, type AppRepo } from '../../db/repos/app-repo.js';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { KnowledgeRepo } from '../../db/repos/knowledge-repo.js';
import type { QualityAgentRow, QualityRepo } from '../../db/repos/quality-repo.js';
import { AppError } from '../../platform/app-error.js';
import { decodeCursor, encodeCursor } from '../paging/time-id-cursor.js';
import { recordChange, type Operator } from './audit-service.js';

export interface QualityRepos {
  quality: Pick<QualityRepo, 'openUnanswered' | 'dismissFeedback' | 'closeReport'>;
  knowledge: Pick<KnowledgeRepo, 'answerUnanswered' | 'dismissUnanswered'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface QualityServiceDeps {
  quality: Pick<QualityRepo, 'unanswered' | 'badFeedback' | 'openReports' | 'conversationOf' | 'conversationItems'>;
  apps: Pick<AppRepo, 'findWithCreator'>;
  inTransaction: <T>(work: (repos: QualityRepos) => Promise<T>) => Promise<T>;
  /** Embeds new knowledge entries, when an embedding model is configured (a failure leaves full-text search). */
  embedChunks: (appId: string, chunkIds: string[]) => Promise<unknown>;
}

function toAgent(row: QualityAgentRow): QualityAgent {
  return { id: row.appId, name: row.appName, isOfficial: row.isOfficial, hidden: row.hidden };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function operatorId(operator: Operator): string | null {
  return operator === 'cli' ? null : operator.userId;
}

/** One page of a newest-first list: `limit + 1` rows are read to know whether there is more. */
async function paged<R extends { id: string; cursorAt: string }, E>(
  query: QualityListQuery & { limit: number },
  read: (options: { appId?: string; before?: { createdAt: string; id: string }; limit: number }) => Promise<R[]>,
  toEntry: (row: R) => E,
): Promise<{ list: E[]; nextCursor: string | null }> {
  const rows = await read({ appId: query.appId, before: query.cursor ? decodeCursor(query.cursor) : undefined, limit: query.limit + 1 });
  const list = rows.slice(0, query.limit);
  const last = list.at(-1);
  return { list: list.map(toEntry), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

const questionNotFound = () => new AppError('NOT_FOUND', 'This question was answered or dismissed already, or its agent was deleted.');

/**
 * The console's quality queue: what the official assistant and every agent could not answer,
 * thumbs-down answers and reported answers; answering into the knowledge and setting aside,
 * each audited.
 */
export function createQualityService(deps: QualityServiceDeps) {
  return {
    unanswered(query: QualityListQuery & { limit: number }): Promise<UnansweredPage> {
      return paged(query, deps.quality.unanswered, (row) => ({
        id: row.id,
        agent: toAgent(row),
        question: row.question,
        askCount: row.askCount,
        lastAskedAt: iso(row.lastAskedAt),
        chatItemId: row.chatItemId,
      }));
    },

    feedback(query: QualityListQuery & { limit: number }): Promise<FeedbackPage> {
      return paged(query, deps.quality.badFeedback, (row) => ({
        chatItemId: row.id,
        agent: toAgent(row),
        question: row.question,
        answer: row.answer,
        notes: row.notes,
        model: row.model,
        ratedAt: iso(row.ratedAt),
      }));
    },

    reports(query: QualityListQuery & { limit: number }): Promise<ReportPage> {
      return paged(query, deps.quality.openReports, (row) => ({
        id: row.id,
        chatItemId: row.chatItemId,
        agent: toAgent(row),
        reason: row.reason,
        note: row.note,
        question: row.question,
        answer: row.answer,
        reporterName: row.reporterName,
        createdAt: iso(row.createdAt),
      }));
    },

    /** Answers an open question as a Q&A entry of its agent's knowledge, which answers it from then on. */
    async answerUnanswered(operator: Operator, id: string, answer: string): Promise<{ chunkId: string }> {
      const { appId, chunkId } = await deps.inTransaction(async ({ quality, knowledge, audit }) => {
        const question = await quality.openUnanswered(id);
        if (!question) throw questionNotFound();
        const chunk = await knowledge.answerUnanswered(question.appId, id, answer);
        if (!chunk) throw questionNotFound();
        await recordChange(audit, operator, {
          action: 'knowledge.answer',
          target: { type: 'agent', id: question.appId, label: question.appName },
          after: { question: question.question, answer },
        });
        return { appId: question.appId, chunkId: chunk.id };
      });
      await deps.embedChunks(appId, [chunkId]);
      return { chunkId };
    },

    async dismissUnanswered(operator: Operator, id: string): Promise<void> {
      await deps.inTransaction(async ({ quality, knowledge, audit }) => {
        const question = await quality.openUnanswered(id);
        if (!question || !(await knowledge.dismissUnanswered(question.appId, id))) throw questionNotFound();
        await recordChange(audit, operator, {
          action: 'unanswered.dismiss',
          target: { type: 'agent', id: question.appId, label: question.appName },
          before: { question: question.question },
        });
      });
    },

    async dismissFeedback(operator: Operator, chatItemId: string): Promise<void> {
      await deps.inTransaction(async ({ quality, audit }) => {
        const rated = await quality.dismissFeedback(chatItemId, operatorId(operator));
        if (!rated) throw new AppError('NOT_FOUND', 'This answer has no thumbs-down to set aside, or it was set aside already.');
        await recordChange(audit, operator, { action: 'feedback.dismiss', target: { type: 'chat_item', id: chatItemId, label: rated.appName } });
      });
    },

    async dismissReport(operator: Operator, id: string): Promise<void> {
      await deps.inTransaction(async ({ quality, audit }) => {
        const report = await quality.closeReport(id, operatorId(operator));
        if (!report) throw new AppError('NOT_FOUND', 'This report was closed already or does not exist.');
        await recordChange(audit, operator, {
          action: 'report.dismiss',
          target: { type: 'report', id, label: report.appName },
          before: { reason: report.reason, open: true },
          after: { open: false },
        });
      });
    },

    /** The conversation a message is in, read-only, with the message marked. */
    async conversation(chatItemId: string): Promise<QualityConversation> {
      const chat = await deps.quality.conversationOf(chatItemId);
      const app = chat ? await deps.apps.findWithCreator(chat.appId) : null;
      if (!chat || !app) throw new AppError('NOT_FOUND', 'This conversation was deleted.');
      const items = await deps.quality.conversationItems(chat.chatId, qualityLimits.conversationItemsMax + 1);
      return {
        chatId: chat.chatId,
        title: chat.title,
        channel: chat.channel,
        app: toChatAppInfo(app, null),
        askerName: chat.askerName,
        focusItemId: chatItemId,
        items: items.slice(0, qualityLimits.conversationItemsMax).map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
        truncated: items.length > qualityLimits.conversationItemsMax,
      };
    },
  };
}

export type QualityService = ReturnType<typeof createQualityService>;

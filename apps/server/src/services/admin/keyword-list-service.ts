import { agentLimits, type KeywordList, type KeywordsChange, type KeywordsTestResult } from '@parley/contracts';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import { blockedKeywordsKey } from '../../db/repos/site-settings-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { ChatModerationMode } from '../moderation/chat-moderation.js';
import { createKeywordMatcher, normaliseForMatching } from '../moderation/keyword-matcher.js';
import { recordChange, type Operator } from './audit-service.js';

/** The keyword list as site settings keep it (composition/blocked-keywords.ts). */
export interface KeywordListStore {
  read(): Promise<string[]>;
  write(keywords: string[]): Promise<void>;
  /** When the list was last saved; null while operators saved none (the shipped list is in force). */
  version(): Promise<string | null>;
  /** Holds other changes of the list off until the transaction ends. */
  lock(): Promise<void>;
}

/** The repos of one transaction: the list's change and its audit record land together. */
export interface KeywordListRepos {
  keywords: KeywordListStore;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface KeywordListDeps {
  keywords: Pick<KeywordListStore, 'read' | 'version'>;
  inTransaction: <T>(work: (repos: KeywordListRepos) => Promise<T>) => Promise<T>;
  /** MODERATION_CHAT: chats are checked against a saved list unless it is `off`. */
  chatModeration: ChatModerationMode;
}

/** A word as the matcher compares it: case and width folded, outer spaces dropped. */
const folded = (word: string) => normaliseForMatching(word).trim();

/** Each word once (the first spelling kept), in the order given. */
function distinct(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = folded(word);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function problems(list: { path: string; message: string }[]): never {
  throw new AppError('VALIDATION', list.map((problem) => `${problem.path}: ${problem.message}`).join('; '), list);
}

/**
 * The content check's keyword list as operators keep it in the console: the words that keep an
 * agent from being published and, once operators saved a list, chat questions from being asked
 * (MODERATION_CHAT). Each change is written to the audit log as `keywords.update`.
 */
export function createKeywordListService(deps: KeywordListDeps) {
  const checksChats = (saved: boolean) => saved && deps.chatModeration !== 'off';
  const target = { type: 'keywords' as const, id: blockedKeywordsKey };

  /** Reads the list under the lock, lets `change` work out the new one, and saves it with its audit record. */
  function change(operator: Operator, work: (current: string[]) => { next: string[]; added: string[]; removed: string[] }): Promise<KeywordsChange> {
    return deps.inTransaction(async ({ keywords, audit }) => {
      await keywords.lock();
      const [current, version] = await Promise.all([keywords.read(), keywords.version()]);
      const { next, added, removed } = work(current);
      const saved = version !== null;
      if (added.length === 0 && removed.length === 0) return { keywords: current, saved, checksChats: checksChats(saved), added, removed };
      await keywords.write(next);
      await recordChange(audit, operator, {
        action: 'keywords.update',
        target,
        before: { count: current.length, saved },
        after: { count: next.length, saved: true, ...(added.length > 0 ? { added } : {}), ...(removed.length > 0 ? { removed } : {}) },
      });
      return { keywords: next, saved: true, checksChats: checksChats(true), added, removed };
    });
  }

  return {
    async list(): Promise<KeywordList> {
      const [keywords, version] = await Promise.all([deps.keywords.read(), deps.keywords.version()]);
      return { keywords, saved: version !== null, checksChats: checksChats(version !== null) };
    },

    /** Adds the words not listed yet (case and width folded); listed ones are left as they are. */
    add(operator: Operator, words: string[]): Promise<KeywordsChange> {
      return change(operator, (current) => {
        const listed = new Set(current.map(folded));
        const added = distinct(words).filter((word) => !listed.has(folded(word)));
        if (current.length + added.length > agentLimits.keywordsMax) {
          problems([{ path: 'keywords', message: `The list can hold at most ${agentLimits.keywordsMax} keywords; it has ${current.length}` }]);
        }
        return { next: [...current, ...added], added, removed: [] };
      });
    },

    /** Takes the words off the list; each must be on it (case and width folded), or nothing changes. */
    remove(operator: Operator, words: string[]): Promise<KeywordsChange> {
      return change(operator, (current) => {
        const listed = new Set(current.map(folded));
        const missing = words.flatMap((word, index) => (listed.has(folded(word)) ? [] : [{ path: `keywords.${index}`, message: `"${word}" is not on the list` }]));
        if (missing.length > 0) problems(missing);
        const going = new Set(words.map(folded));
        return { next: current.filter((word) => !going.has(folded(word))), added: [], removed: current.filter((word) => going.has(folded(word))) };
      });
    },

    /** Whether a text contains a listed word (the first in list order), and what that would stop. */
    async test(text: string): Promise<KeywordsTestResult> {
      const [keywords, version] = await Promise.all([deps.keywords.read(), deps.keywords.version()]);
      const matched = createKeywordMatcher(keywords).firstListed(text);
      return { matched, blocksPublishing: matched !== null, refusesInChat: matched !== null && checksChats(version !== null) };
    },
  };
}

export type KeywordListService = ReturnType<typeof createKeywordListService>;

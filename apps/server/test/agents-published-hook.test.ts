import { describe, expect, it } from 'vitest';
import { agentInput } from '@parley/contracts';
import { agentRepo } from '../src/db/repos/agent-repo.js';
import { imageRepo } from '../src/db/repos/image-repo.js';
import { objectDeletionRepo } from '../src/db/repos/object-deletion-repo.js';
import { userRepo } from '../src/db/repos/user-repo.js';
import { createAgentService, type AgentPublishedEvent } from '../src/services/agents/agent-service.js';
import { createImageService } from '../src/services/agents/image-service.js';
import { createObjectStorage } from '../src/platform/object-storage.js';
import { createContentChecker } from '../src/services/agents/content-check.js';
import { createKeywordMatcher } from '../src/services/moderation/keyword-matcher.js';
import { agentForm } from './fixtures/agents.js';
import { testDatabase } from './helper.js';

const db = (await testDatabase()).handle.db;
const events: AgentPublishedEvent[] = [];
const agents = createAgentService({
  agents: agentRepo(db),
  // pictures kept in the database, as with no S3_BUCKET
  images: createImageService({
    images: imageRepo(db),
    storage: createObjectStorage({ bucket: null, ledger: objectDeletionRepo(db), log: { info: () => undefined, warn: () => undefined } }),
  }),
  checkContent: createContentChecker({ keywords: async () => createKeywordMatcher([]), moderation: { baseUrl: '', apiKey: '', model: 'm', timeoutMs: 1000, checkImages: false } }),
  onAgentPublished: async (event) => {
    events.push(event);
  },
  settings: { models: [], defaultModel: 'offline', offline: true, mineMax: 10 },
});
const form = (overrides: Parameters<typeof agentForm>[0] = {}) => agentInput.parse(agentForm(overrides));

async function account() {
  const user = await userRepo(db).create({ username: `hook-${Math.random().toString(36).slice(2)}` });
  return { userId: user.id, visitorId: null } as const;
}

describe('onAgentPublished: where the owner hears their agent is public', () => {
  it('fires once when an agent first becomes public, not on later edits or private saves', async () => {
    const owner = await account();
    events.length = 0;
    const draft = await agents.create(owner, form({ visibility: 'private' }));
    expect(events).toEqual([]);
    await agents.update(owner, draft.id, form({ name: 'Now public', visibility: 'public' }));
    await agents.update(owner, draft.id, form({ name: 'Still public', visibility: 'public' }));
    expect(events).toEqual([{ appId: draft.id, ownerId: owner.userId, name: 'Now public' }]);
  });
});

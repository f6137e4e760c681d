export { startFakeOpenAI, wallClock } from './server.js';
export type { ChatCompletionBody, FakeOpenAI, FakeOpenAIOptions, FakeRequestRecord } from './server.js';
export type { AnswerShape, FakeScenario } from './scenarios.js';
export { startHttpProxy, startSocks5Proxy } from './proxy-servers.js';
export type { TestProxy } from './proxy-servers.js';
export { fakeEmbedding, fakeEmbeddingDimensions } from './embeddings.js';

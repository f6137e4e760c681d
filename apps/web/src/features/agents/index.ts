/** What route files use of the agents feature. */
export { useAgentDetail } from './api/get-agent-detail';
export { streamPreview } from './api/stream-preview';
export { AgentEditor, wasJustCreated } from './components/agent-editor';
export { AgentNextSteps } from './components/agent-next-steps';
export { LoginRequired } from './components/login-required';
export { describeAgentError } from './lib/describe-error';
export type { AgentFormValues } from './lib/agent-form';
export { useSharedAgent } from './api/get-shared-agent';
export { DiscoverView } from './components/discover-view';
export { MyAgentsView } from './components/my-agents-view';
export { SharedAgentError, SharedAgentView } from './components/shared-agent-view';
export { useBuiltInAvatars } from './api/get-built-in-avatars';
export { MyAgentPage, type MyAgentSection } from './components/my-agent-page';

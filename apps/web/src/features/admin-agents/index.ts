/** The console's agents page. */
export { AgentsView } from './components/agents-view';
export { useAgentModeration, type ModeratedAgent } from './components/agent-moderation';

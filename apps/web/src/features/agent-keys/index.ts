/** What route files use of the API keys feature. */
export { AgentKeysPanel } from './components/agent-keys-panel';

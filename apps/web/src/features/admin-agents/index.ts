/** The console's agents page. */
export { AgentsView } from './components/agents-view';

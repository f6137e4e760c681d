export { AgentAnalyticsView } from './components/agent-analytics-view';

/** The console's dashboard: the site today and over the last 30 days. */
export { DashboardView } from './components/dashboard-view';

/** The console's audit log page. */
export { AuditLog } from './components/audit-log';

/** The console's users page. */
export { UsersView } from './components/users-view';

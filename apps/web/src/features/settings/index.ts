/** What the route files use of the settings feature. */
export { SettingsView } from './components/settings-view';
export { SettingsSync } from './hooks/use-settings-sync';

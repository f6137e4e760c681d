/** The owner's settings of an agent's chat widget, for the agent's own page. */
export { WidgetSettings, type WidgetSettingsProps } from './components/widget-settings';

/** What widget-main.tsx uses of the chat widget's panel. */
export { WidgetPanel } from './components/widget-panel';
export { readWidgetParams, type WidgetParams } from './lib/widget-params';
export { connectWidgetSession } from './lib/widget-session';

/** What the route files use of the prompt store. */
export { PromptStoreButton } from './components/prompt-store-button';
export { PromptSync } from './hooks/use-prompt-sync';

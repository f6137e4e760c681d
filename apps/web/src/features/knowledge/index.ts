/** What route files use of the knowledge feature. */
export { KnowledgePageBody } from './components/knowledge-page-body';

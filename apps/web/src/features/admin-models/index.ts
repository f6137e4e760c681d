/** The console's model service page: the models and services set up, their live check, and the content check's keyword list. */
export { ModelsView } from './components/models-view';

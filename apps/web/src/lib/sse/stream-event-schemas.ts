/** The answer stream's event contracts, in a module of their own: see loadStreamEventSchemas. */
export { streamEvents } from '@parley/contracts';

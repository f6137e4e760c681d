/** Node's flags for running the built server (scripts/server-node-flags.mjs says why each). */
export declare const serverNodeFlags: readonly string[];

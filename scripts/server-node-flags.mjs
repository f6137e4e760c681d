// How Node runs the built server, wherever it runs: `npm start`, the Dockerfile's CMD (which
// repeats these; server-node-flags.test.ts holds them equal), the two-instance script, the
// end-to-end tests and the benches, so what is measured is what is shipped.
//
// --enable-source-maps      stack traces name the TypeScript sources.
// --max-semi-space-size=16  V8 sizes the young generation from the machine's memory: on a 24 GiB
//                           machine it grew to 2 x 64 MB and stayed, 128 MB of an idle server's
//                           240 MB. 16 MB semi-spaces hold a burst of 200 streaming answers' short-
//                           lived garbage without costing CPU per token (bench:relay).
// --liftoff-only            the embedded PostgreSQL (PGlite) is WebAssembly: V8 compiles it at
//                           once with its baseline compiler (Liftoff), then recompiles hot
//                           functions with TurboFan, which took the process to 1 GB at startup
//                           for the same CPU per answer. Nothing else the server runs is WebAssembly.
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=16', '--liftoff-only'];

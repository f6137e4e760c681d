import type { SmsPurpose } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  startServerForWeb,
  type ConfigOverrides,
  type SeenRequest,
  type ServiceOverrides,
  type TestUser,
  type TestVisitor,
  type WebTestServer,
} from '../../../server/test/web-test-support';
import { setHttpBaseUrl } from '../lib/http';
import { sessionStore } from '../stores/session-store';

export type { SeenRequest, TestUser, TestVisitor, WebTestServer };
// the server's fixtures and seeding helpers, for tests to set up its state
export * from '../../../server/test/web-test-support';

/**
 * The real Parley server for a component test file: started once before its tests (buildApp on
 * an in-memory PGlite loaded from the migrated dump, see apps/server/test/web-test-support.ts),
 * the web's HTTP client pointed at it, its request log emptied before each test, closed after
 * the file. Tests bring it into the state they need through its services and repos
 * (`server.app.services`, `server.db`) or its HTTP API, and sign in with `signIn`/`visit`,
 * each test as its own user or visitor. `services` replaces what the server's own tests replace
 * too (fetchesReachLoopback).
 *
 * jsdom's document moves to the server's origin, as the app is served from it: the uploads go
 * through jsdom's XMLHttpRequest, which would otherwise ask for cross-origin permission. And the
 * server's byte arrays count as Uint8Arrays, as they would in a browser's one realm (see
 * acceptNodeByteArrays).
 */
export function withRealServer(config: ConfigOverrides = {}, services: ServiceOverrides = {}) {
  let current: WebTestServer | undefined;
  const server = () => {
    if (!current) throw new Error('The server starts in beforeAll: use it inside hooks and tests.');
    return current;
  };

  beforeAll(async () => {
    acceptNodeByteArrays();
    current = await startServerForWeb(config, services);
    setHttpBaseUrl(current.url);
    moveDocumentTo(current.url);
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    if (current) current.requests.length = 0;
  });

  return {
    get url() {
      return server().url;
    },
    get app() {
      return server().app;
    },
    get db() {
      return server().db;
    },
    /** What reached the server since this test began, oldest first. */
    get requests() {
      return server().requests;
    },
    /** Requests to one path: `/api/...` as written, matching the visitor twin as well. */
    calls(path: string): SeenRequest[] {
      const visitorTwin = path.replace(/^\/api\//, '/api/visitor/');
      return server().requests.filter((request) => request.path === path || request.path === visitorTwin);
    },
    /**
     * Holds the requests to `path` (`/api/...` as sent) until the returned function lets them go:
     * the screen's waiting state (an upload's progress bar) stays in view meanwhile.
     */
    hold(path: string): () => void {
      return server().hold(path);
    },
    /**
     * Cuts the connections of the requests to `path` (`/api/...` as sent) still being answered,
     * as a dropped network does (an answer stream mid-answer): answers how many were cut.
     */
    cut(path: string): number {
      return server().cut(path);
    },
    /** A new account with a live token (a fresh name unless given); the session stays as it is. */
    newUser(username?: string): Promise<TestUser> {
      return server().newUser(username);
    },
    /** A new account, signed in in the session store (a fresh name unless given). */
    async signIn(username?: string): Promise<TestUser> {
      const user = await server().newUser(username);
      sessionStore.setState({ token: user.token, visitorToken: '', showLogin: false });
      return user;
    },
    /** The code the server last texted to `phone` for `purpose` (waiting a moment for it). */
    smsCode(phone: string, purpose: SmsPurpose): Promise<string> {
      return server().smsCode(phone, purpose);
    },
    /** A new visitor on a new device id, both in the session store. */
    async visit(): Promise<TestVisitor> {
      const visitor = await server().newVisitor();
      sessionStore.setState({ token: '', visitorToken: visitor.visitorToken, deviceId: visitor.deviceId, showLogin: false });
      return visitor;
    },
  };
}

export type RealServer = ReturnType<typeof withRealServer>;

/**
 * vitest's jsdom environment exposes its JSDOM instance as `jsdom`. reconfigure moves the
 * document but leaves the window's origin, which jsdom's XMLHttpRequest sends from (jsdom 27):
 * that one is moved too.
 */
function moveDocumentTo(url: string): void {
  const dom = (globalThis as { jsdom?: { reconfigure(options: { url: string }): void; window: object } }).jsdom;
  if (!dom) return;
  dom.reconfigure({ url: `${url}/` });
  Object.assign(dom.window, { _origin: new URL(url).origin });
}

/**
 * vitest's jsdom environment makes the global Uint8Array jsdom's, while the server's Buffers are
 * Node's: PGlite, which checks a bytea value with `instanceof Uint8Array`, would refuse every file
 * the server stores. A browser has one realm, so here a Uint8Array of either realm counts as one.
 */
function acceptNodeByteArrays(): void {
  const JsdomUint8Array = globalThis.Uint8Array;
  const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as typeof Uint8Array;
  if (NodeUint8Array === JsdomUint8Array) return;
  Object.defineProperty(JsdomUint8Array, Symbol.hasInstance, {
    configurable: true,
    value: (value: unknown) => Function.prototype[Symbol.hasInstance].call(JsdomUint8Array, value) || value instanceof NodeUint8Array,
  });
}

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModeration {
  /** Base URL including /v1, as MODERATION_BASE_URL expects it. */
  url: string;
  /** Bodies of the POST /v1/moderations requests received. */
  requests: { authorization: string | undefined; body: { model?: string; input?: ModerationInput[] } }[];
  /** Flag every image input from now on (or stop). */
  flagImages(flag: boolean): void;
  /** Answer every request with this HTTP status (e.g. 503) instead of results; null: answer normally. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

type ModerationInput = string | { type: 'image_url'; image_url: { url: string } };

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A small server speaking OpenAI's moderation protocol over real HTTP: an input is flagged
 * (category "harassment") when it contains one of `flaggedWords`; image inputs (data URLs)
 * are flagged (category "violence") while `flagImages(true)` is on.
 */
export async function startFakeModeration(flaggedWords: string[]): Promise<FakeModeration> {
  const requests: FakeModeration['requests'] = [];
  let failure: number | null = null;
  let imagesFlagged = false;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/moderations') {
        res.writeHead(404).end();
        return;
      }
      const body = (await readJson(req)) as { model?: string; input?: ModerationInput[] };
      requests.push({ authorization: req.headers.authorization, body });
      if (failure !== null) {
        res.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'down' } }));
        return;
      }
      const results = (body.input ?? []).map((input) => {
        if (typeof input !== 'string') {
          const flagged = imagesFlagged && input.image_url.url.startsWith('data:image/');
          return { flagged, categories: { harassment: false, violence: flagged }, category_scores: { violence: flagged ? 0.9 : 0.01 } };
        }
        const flagged = flaggedWords.some((word) => input.toLowerCase().includes(word));
        return { flagged, categories: { harassment: flagged, violence: false }, category_scores: { harassment: flagged ? 0.9 : 0.01 } };
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'modr-1', model: body.model, results }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    flagImages: (flag) => {
      imagesFlagged = flag;
    },
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// GitHub as it really answered: a loopback server that replays a scenario recorded by
// `@octokit/fixtures` (real answers of api.github.com and uploads.github.com, recorded before
// GitHub reported asset digests). Each request is matched, in order, to the next recorded one of
// the same method and path (the query aside) and must carry the recorded token; its answer is the
// recorded status, headers and body, with GitHub's hosts rewritten to this server. Loopback has no
// `uploads.` name, so the API is served in Enterprise Server's form (`/api/v3`, uploads at
// `/api/uploads`), which the action's upload rule allows as GitHub's own. Requests nothing
// recorded answers get 501 and are listed in `unexpected`, unless the test gives an answer in
// `extra` (say why there: a recording lacks it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson } from './http.ts';

/** One recorded exchange, as `@octokit/fixtures` stores it (normalized-fixture.json). */
export interface RecordedExchange {
  scope: string;
  method: string;
  path: string;
  body?: unknown;
  status: number;
  reqheaders?: Record<string, string | number>;
  response: unknown;
  headers?: Record<string, string>;
}

/** The token every recorded request carried (`@octokit/fixtures` normalizes it). */
export const RECORDED_TOKEN = '0000000000000000000000000000000000000001';

export const recordedScenario = (name: string): RecordedExchange[] => {
  const file = createRequire(import.meta.url).resolve(
    `@octokit/fixtures/scenarios/api.github.com/${name}/normalized-fixture.json`,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as RecordedExchange[];
};

/** An answer the recording lacks, given by the test. */
export type ExtraAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => boolean | Promise<boolean>;

export interface RecordedGitHub {
  /** Value for GITHUB_API_URL (`…/api/v3`). */
  url: string;
  /** `METHOD path` of every request, in order, with what answered it. */
  requests: { request: string; answeredBy: 'recording' | 'extra' | 'nothing' }[];
  /** Recorded exchanges no request used. */
  unused: () => RecordedExchange[];
  /** Requests with no recorded or extra answer, or with a body or token other than recorded. */
  unexpected: string[];
  close: () => Promise<void>;
}

const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';

export async function startRecordedGitHub(
  exchanges: readonly RecordedExchange[],
  extra: ExtraAnswer = () => false,
): Promise<RecordedGitHub> {
  const used = new Set<number>();
  const requests: RecordedGitHub['requests'] = [];
  const unexpected: string[] = [];
  let origin = '';
  const rewrite = (text: string) =>
    text.replaceAll(UPLOADS, `${origin}/api/uploads`).replaceAll(API, `${origin}/api/v3`);
  // The recorded path, as it arrives here.
  const localPath = (exchange: RecordedExchange) =>
    `${exchange.scope.startsWith(UPLOADS) ? '/api/uploads' : '/api/v3'}${exchange.path.split('?')[0]}`;

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', origin);
      const request = `${req.method} ${url.pathname}`;
      const index = exchanges.findIndex(
        (exchange, at) =>
          !used.has(at) &&
          exchange.method.toUpperCase() === req.method &&
          localPath(exchange) === url.pathname,
      );
      if (index === -1) {
        const answered = await extra(req, res, url);
        requests.push({ request, answeredBy: answered ? 'extra' : 'nothing' });
        if (answered) return;
        unexpected.push(request);
        return sendJson(res, 501, { message: `Nothing recorded answers ${request}` });
      }
      used.add(index);
      requests.push({ request, answeredBy: 'recording' });
      const exchange = exchanges[index]!;
      const token = String(exchange.reqheaders?.authorization ?? '');
      if (req.headers.authorization !== token) unexpected.push(`${request}: another token`);
      if (typeof exchange.body === 'string' && exchange.body !== body.toString('utf8')) {
        unexpected.push(`${request}: another body`);
      }
      const text =
        exchange.response === '' || exchange.response === undefined
          ? ''
          : rewrite(JSON.stringify(exchange.response));
      const headers = { ...exchange.headers };
      for (const name of ['content-length', 'connection', 'transfer-encoding']) {
        delete headers[name];
      }
      if (headers.link !== undefined) headers.link = rewrite(headers.link);
      res.writeHead(exchange.status, { ...headers, 'content-length': Buffer.byteLength(text) });
      res.end(text);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) });
    });
  });
  origin = await listen(server);
  return {
    url: `${origin}/api/v3`,
    requests,
    unused: () => exchanges.filter((_, at) => !used.has(at)),
    unexpected,
    close: () => close(server),
  };
}

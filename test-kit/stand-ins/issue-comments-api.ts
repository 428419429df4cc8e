// Stand-in for the part of GitHub's API that keeps pull-request comments: list (paged with
// `per_page`/`page`/`since` and a `Link` header, as GitHub pages), create, get and update, and
// who a token is (REST `GET /user`, GraphQL `viewer`). Real HTTP on 127.0.0.1, so the real Octokit
// from @actions/github runs unchanged. It answers as GitHub does where it matters:
// - comments carry `user: {login, id, type}`; a bot's login ends in `[bot]` and its type is `Bot`;
// - an installation token (GITHUB_TOKEN, a GitHub App's) is refused `GET /user` with 403 "Resource
//   not accessible by integration", and GraphQL's `viewer` is its bot (`github-actions[bot]`);
//   a personal token is its user for both;
// - a read-only token (a fork's pull request, or no `pull-requests: write`) cannot write; a token
//   that can write may edit anyone's comment (as a collaborator with write access can);
// - switches: a listing that never answers, a listing whose every page has a `rel="next"`, edits
//   that GitHub refuses, scripted faults (422, 5xx, Retry-After) and lost answers for the next
//   requests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson, standInServer, type TlsOrigin } from './http.ts';

export interface StoredComment {
  id: number;
  issueNumber: number;
  body: string;
  author: string;
  createdAt: string;
  updatedAt: string;
}

export interface CommentFault {
  status: number;
  headers?: Record<string, string>;
  /** Only for a request whose `METHOD path` starts with this (default: the next of any kind). */
  only?: string;
}

export interface TokenHolder {
  login: string;
  /** Default: `installation` when the login ends in `[bot]`, else `personal`. */
  kind?: 'installation' | 'personal';
  readOnly?: boolean;
}

export interface IssueCommentsApiOptions {
  /** Token → who it acts as; a token not listed is refused with 401. */
  tokens: Record<string, TokenHolder>;
  owner?: string;
  repo?: string;
  /** Served over TLS under this host name (GITHUB_API_URL `https://<host>:<port>`). */
  tls?: TlsOrigin;
}

/** What the switches make GitHub do; each stays on until turned off. */
export interface CommentSwitches {
  /** Listing requests are taken and never answered. */
  stallListing?: boolean;
  /** Every listing page is full (made-up comments) and links a `rel="next"` page. */
  endlessPages?: boolean;
  /**
   * Edits are refused with 403 and this message (GitHub's own words, or something hostile): of
   * the comments `only` names, or of every comment.
   */
  refuseEdits?: { message: string; only?: readonly number[] };
}

export interface IssueCommentsApi {
  /** Value for GITHUB_API_URL. */
  url: string;
  comments: (issueNumber?: number) => StoredComment[];
  /** Adds a comment as if written by someone else (page filler, a human, an earlier run). */
  seed: (issueNumber: number, body: string, author?: string) => StoredComment;
  /** The next requests (of the kind each names, or any) get these answers, in order. */
  failNext: (...faults: CommentFault[]) => void;
  /** The next request whose `METHOD path` starts with `only` is done, but its answer is lost. */
  loseNextAnswer: (only: string) => void;
  /** Turns switches on (a value) or off (undefined/false). */
  set: (switches: CommentSwitches) => void;
  /** `METHOD path?query` of every request, in order. */
  requests: string[];
  /** Successful creates and updates, in order, with the body written. */
  writes: { kind: 'create' | 'update'; id: number; body: string; at: number }[];
  close: () => Promise<void>;
}

const PERSONAL_IDS = 5_000_000;
/** github-actions[bot]'s user id on github.com. */
const ACTIONS_BOT_ID = 41898282;

export const startIssueCommentsApi = async (
  options: IssueCommentsApiOptions,
): Promise<IssueCommentsApi> => {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'desktop-app';
  const comments: StoredComment[] = [];
  const faults: CommentFault[] = [];
  const losses: string[] = [];
  const requests: string[] = [];
  const writes: IssueCommentsApi['writes'] = [];
  const switches: CommentSwitches = {};
  const userIds = new Map<string, number>([['github-actions[bot]', ACTIONS_BOT_ID]]);
  let nextId = 1000;
  let origin = '';

  const userOf = (login: string) => {
    if (!userIds.has(login)) userIds.set(login, PERSONAL_IDS + userIds.size);
    return { login, id: userIds.get(login)!, type: login.endsWith('[bot]') ? 'Bot' : 'User' };
  };
  const kindOf = (holder: TokenHolder) =>
    holder.kind ?? (holder.login.endsWith('[bot]') ? 'installation' : 'personal');

  const json = (comment: StoredComment) => ({
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${origin}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    html_url: `https://github.com/${owner}/${repo}/pull/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${origin}/repos/${owner}/${repo}/issues/${comment.issueNumber}`,
    body: comment.body,
    user: userOf(comment.author),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    author_association: 'NONE',
  });

  const seed = (issueNumber: number, body: string, author = 'octocat'): StoredComment => {
    const now = new Date().toISOString();
    const comment = { id: nextId++, issueNumber, body, author, createdAt: now, updatedAt: now };
    comments.push(comment);
    return comment;
  };

  const forbidden = (res: ServerResponse, message: string, documentation: string) =>
    sendJson(res, 403, {
      message,
      documentation_url: `https://docs.github.com/rest/${documentation}`,
      status: '403',
    });
  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, { message: 'Not Found', status: '404' });

  const list = (res: ServerResponse, url: URL, issueNumber: number) => {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30) || 30);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const since = url.searchParams.get('since');
    const link = (p: number, rel: string) =>
      `<${origin}${url.pathname}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
    if (switches.endlessPages) {
      const filler = Array.from({ length: perPage }, (_, index) =>
        json({
          id: 10_000_000 + page * perPage + index,
          issueNumber,
          body: `filler ${page}.${index}`,
          author: 'octocat',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        }),
      );
      return sendJson(res, 200, filler, { link: link(page + 1, 'next') });
    }
    const all = comments.filter(
      (c) =>
        c.issueNumber === issueNumber &&
        (since === null || Date.parse(c.updatedAt) >= Date.parse(since)),
    );
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const links = [
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
    ];
    sendJson(
      res,
      200,
      all.slice((page - 1) * perPage, page * perPage).map(json),
      links.length > 0 ? { link: links.join(', ') } : {},
    );
  };

  /** GraphQL: only `viewer { login … }`, the one query the action sends. */
  const graphql = (res: ServerResponse, body: Buffer, holder: TokenHolder) => {
    const { query } = JSON.parse(body.toString('utf8') || '{}') as { query?: unknown };
    if (typeof query !== 'string' || !/\bviewer\s*\{[^}]*\blogin\b/.test(query)) {
      return sendJson(res, 200, { errors: [{ message: 'stand-in: only viewer { login }' }] });
    }
    const user = userOf(holder.login);
    return sendJson(res, 200, {
      data: { viewer: { login: user.login, databaseId: user.id, __typename: user.type } },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const body = await readBody(req);
    const token = /^(?:token|Bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const holder = token === undefined ? undefined : options.tokens[token];
    if (holder === undefined) {
      return sendJson(res, 401, { message: 'Bad credentials', status: '401' });
    }
    const faultAt = faults.findIndex(
      (fault) => fault.only === undefined || `${req.method} ${url.pathname}`.startsWith(fault.only),
    );
    const [fault] = faultAt === -1 ? [] : faults.splice(faultAt, 1);
    if (fault) {
      return sendJson(
        res,
        fault.status,
        { message: `stand-in fault ${fault.status}` },
        fault.headers,
      );
    }
    const lossAt = losses.findIndex((only) => `${req.method} ${url.pathname}`.startsWith(only));
    if (lossAt !== -1) {
      losses.splice(lossAt, 1);
      // Done as usual, then the connection drops before the answer goes out.
      res.writeHead = () => res;
      res.end = () => {
        req.socket.destroy();
        return res;
      };
    }
    if (url.pathname === '/graphql' && req.method === 'POST') return graphql(res, body, holder);
    if (url.pathname === '/user' && req.method === 'GET') {
      if (kindOf(holder) === 'installation') {
        return forbidden(
          res,
          'Resource not accessible by integration',
          'users/users#get-the-authenticated-user',
        );
      }
      return sendJson(res, 200, userOf(holder.login));
    }
    const base = `/repos/${owner}/${repo}/issues`;
    const issue = new RegExp(`^${base}/(\\d+)/comments$`).exec(url.pathname);
    const single = new RegExp(`^${base}/comments/(\\d+)$`).exec(url.pathname);
    if (issue && req.method === 'GET') {
      if (switches.stallListing) return; // Taken, never answered.
      return list(res, url, Number(issue[1]));
    }
    if (issue && req.method === 'POST') {
      if (holder.readOnly) {
        return forbidden(res, 'Resource not accessible by integration', 'issues/comments');
      }
      const text = (JSON.parse(body.toString('utf8') || '{}') as { body?: unknown }).body;
      if (typeof text !== 'string' || text === '') {
        return sendJson(res, 422, { message: 'Validation Failed', status: '422' });
      }
      const comment = seed(Number(issue[1]), text, holder.login);
      writes.push({ kind: 'create', id: comment.id, body: text, at: Date.now() });
      return sendJson(res, 201, json(comment));
    }
    const comment = single && comments.find((c) => c.id === Number(single[1]));
    if (single && !comment) return notFound(res);
    if (comment && req.method === 'GET') return sendJson(res, 200, json(comment));
    if (comment && req.method === 'PATCH') {
      if (holder.readOnly) {
        return forbidden(res, 'Resource not accessible by integration', 'issues/comments');
      }
      const refusal = switches.refuseEdits;
      if (refusal && (refusal.only === undefined || refusal.only.includes(comment.id))) {
        return forbidden(res, refusal.message, 'issues/comments#update-an-issue-comment');
      }
      const text = (JSON.parse(body.toString('utf8') || '{}') as { body?: unknown }).body;
      if (typeof text !== 'string' || text === '') {
        return sendJson(res, 422, { message: 'Validation Failed', status: '422' });
      }
      comment.body = text;
      comment.updatedAt = new Date().toISOString();
      writes.push({ kind: 'update', id: comment.id, body: text, at: Date.now() });
      return sendJson(res, 200, json(comment));
    }
    return notFound(res);
  };

  const server = standInServer(options.tls, (req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendJson(res, 500, { message: `stand-in error: ${String(error)}` }),
    );
  });
  origin = await listen(server, options.tls);
  return {
    url: origin,
    comments: (issueNumber) =>
      comments.filter((c) => issueNumber === undefined || c.issueNumber === issueNumber),
    seed,
    failNext: (...next) => faults.push(...next),
    loseNextAnswer: (only) => losses.push(only),
    set: (next) => Object.assign(switches, next),
    requests,
    writes,
    close: () => close(server),
  };
};

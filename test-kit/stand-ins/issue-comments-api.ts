// Stand-in for the part of GitHub's REST API that keeps pull-request comments: list (paged with
// `per_page`/`page` and a `Link` header, as GitHub pages), create, get and update. Real HTTP on
// 127.0.0.1, so the real Octokit from @actions/github runs unchanged. It reproduces what matters:
// a read-only token (a fork's pull request, or no `pull-requests: write`) is refused with GitHub's
// 403 "Resource not accessible by integration", a comment can only be edited by its author, and
// scripted faults (422, 5xx, Retry-After) answer the next requests.
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
}

export interface IssueCommentsApiOptions {
  /** Token → the login it acts as; a token not listed is refused with 401. */
  tokens: Record<string, { login: string; readOnly?: boolean }>;
  owner?: string;
  repo?: string;
  /** Served over TLS under this host name (GITHUB_API_URL `https://<host>:<port>`). */
  tls?: TlsOrigin;
}

export interface IssueCommentsApi {
  /** Value for GITHUB_API_URL. */
  url: string;
  comments: (issueNumber?: number) => StoredComment[];
  /** Adds a comment as if written by someone else (page filler, or a human). */
  seed: (issueNumber: number, body: string, author?: string) => StoredComment;
  /** The next requests (of any kind) get these answers, in order. */
  failNext: (...faults: CommentFault[]) => void;
  /** `METHOD path?query` of every request, in order. */
  requests: string[];
  /** Successful creates and updates, in order, with the body written. */
  writes: { kind: 'create' | 'update'; id: number; body: string; at: number }[];
  close: () => Promise<void>;
}

export const startIssueCommentsApi = async (
  options: IssueCommentsApiOptions,
): Promise<IssueCommentsApi> => {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'desktop-app';
  const comments: StoredComment[] = [];
  const faults: CommentFault[] = [];
  const requests: string[] = [];
  const writes: IssueCommentsApi['writes'] = [];
  let nextId = 1000;
  let origin = '';

  const json = (comment: StoredComment) => ({
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${origin}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    html_url: `https://github.com/${owner}/${repo}/pull/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${origin}/repos/${owner}/${repo}/issues/${comment.issueNumber}`,
    body: comment.body,
    user: { login: comment.author, type: comment.author.endsWith('[bot]') ? 'Bot' : 'User' },
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

  const forbidden = (res: ServerResponse) =>
    sendJson(res, 403, {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/issues/comments',
      status: '403',
    });
  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, { message: 'Not Found', status: '404' });

  const list = (res: ServerResponse, url: URL, issueNumber: number) => {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30) || 30);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const all = comments.filter((c) => c.issueNumber === issueNumber);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const link = (p: number, rel: string) =>
      `<${origin}${url.pathname}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
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

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const body = await readBody(req);
    const token = /^(?:token|Bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = token === undefined ? undefined : options.tokens[token];
    if (user === undefined) {
      return sendJson(res, 401, { message: 'Bad credentials', status: '401' });
    }
    const fault = faults.shift();
    if (fault) {
      return sendJson(
        res,
        fault.status,
        { message: `stand-in fault ${fault.status}` },
        fault.headers,
      );
    }
    const base = `/repos/${owner}/${repo}/issues`;
    const issue = new RegExp(`^${base}/(\\d+)/comments$`).exec(url.pathname);
    const single = new RegExp(`^${base}/comments/(\\d+)$`).exec(url.pathname);
    if (issue && req.method === 'GET') return list(res, url, Number(issue[1]));
    if (issue && req.method === 'POST') {
      if (user.readOnly) return forbidden(res);
      const text = (JSON.parse(body.toString('utf8') || '{}') as { body?: unknown }).body;
      if (typeof text !== 'string' || text === '') {
        return sendJson(res, 422, { message: 'Validation Failed', status: '422' });
      }
      const comment = seed(Number(issue[1]), text, user.login);
      writes.push({ kind: 'create', id: comment.id, body: text, at: Date.now() });
      return sendJson(res, 201, json(comment));
    }
    const comment = single && comments.find((c) => c.id === Number(single[1]));
    if (single && !comment) return notFound(res);
    if (comment && req.method === 'GET') return sendJson(res, 200, json(comment));
    if (comment && req.method === 'PATCH') {
      if (user.readOnly || comment.author !== user.login) return forbidden(res);
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
    requests,
    writes,
    close: () => close(server),
  };
};

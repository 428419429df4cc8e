// The API server's request pipeline: injected faults → authentication → route → answer.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiContext, Handler, Reply } from './api-context.ts';
import { consume, consumeCount, serviceNow } from './faults.ts';
import {
  ApiFailure,
  sendBytes,
  sendFailure,
  sendJson,
  sendTrickled,
  streamJson,
  truncated,
} from './http-io.ts';
import type { Faults } from './options.ts';
import * as builds from './routes-builds.ts';
import * as projects from './routes-projects.ts';
import * as webhooks from './routes-webhooks.ts';

export interface ApiServerContext extends ApiContext {
  apiKey: string;
}

const ID = '([^/]+)';
const ROUTES: ReadonlyArray<readonly [string, RegExp, Handler]> = [
  ['GET', /^\/projects$/, projects.listProjects],
  ['POST', /^\/projects$/, projects.createProject],
  ['GET', new RegExp(`^/projects/${ID}$`), projects.getProject],
  ['PATCH', new RegExp(`^/projects/${ID}$`), projects.updateProject],
  ['DELETE', new RegExp(`^/projects/${ID}$`), projects.deleteProject],
  ['GET', new RegExp(`^/projects/${ID}/builds$`), builds.listBuilds],
  ['POST', new RegExp(`^/projects/${ID}/builds$`), builds.triggerBuild],
  ['GET', new RegExp(`^/builds/${ID}$`), builds.getBuild],
  ['GET', new RegExp(`^/builds/${ID}/download$`), builds.downloadArtifact],
  ['GET', new RegExp(`^/builds/${ID}/logs$`), builds.buildLogs],
  ['GET', /^\/webhooks$/, webhooks.listWebhooks],
  ['POST', /^\/webhooks$/, webhooks.createWebhook],
  ['DELETE', new RegExp(`^/webhooks/${ID}$`), webhooks.deleteWebhook],
];

function injectedFailure(faults: Faults, now: number): ApiFailure | null {
  const unavailable = 'The service is temporarily unavailable; retry later.';
  if (now < faults.serverErrorsUntil) {
    return new ApiFailure(503, 'service_unavailable', unavailable);
  }
  if (consume(faults.serverErrors)) {
    const status = faults.serverErrors.status ?? 503;
    return new ApiFailure(status, 'server_error', unavailable);
  }
  if (consume(faults.rateLimit)) {
    return new ApiFailure(429, 'rate_limited', 'Too many requests; slow down.', {
      'Retry-After': faults.rateLimit.retryAfter,
    });
  }
  return null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function authenticate(header: string | undefined, apiKey: string): void {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (presented === undefined || !timingSafeEqual(digest(presented), digest(apiKey))) {
    throw new ApiFailure(
      401,
      'unauthorized',
      'Missing or invalid API key: send the header "Authorization: Bearer <your API key>".',
    );
  }
}

function route(method: string, path: string): { handler: Handler; params: string[] } {
  const matching = ROUTES.filter(([, pattern]) => pattern.test(path));
  if (matching.length === 0) {
    throw new ApiFailure(404, 'not_found', `No endpoint at ${path}.`);
  }
  for (const [routeMethod, pattern, handler] of matching) {
    if (routeMethod !== method) continue;
    const params = (pattern.exec(path) ?? [])
      .slice(1)
      .map((part) => decodeURIComponent(part ?? ''));
    return { handler, params };
  }
  const allowed = matching.map(([m]) => m).join(', ');
  throw new ApiFailure(405, 'method_not_allowed', `Use ${allowed} on ${path}.`, { Allow: allowed });
}

async function answer(ctx: ApiServerContext, req: IncomingMessage): Promise<Reply> {
  const failure = injectedFailure(ctx.faults(), ctx.timers.now());
  if (failure !== null) throw failure;
  authenticate(req.headers.authorization, ctx.apiKey);
  const { pathname } = new URL(req.url ?? '/', 'http://api.host');
  if (!pathname.startsWith('/v1/')) {
    throw new ApiFailure(
      404,
      'not_found',
      `No endpoint at ${pathname}; API paths start with /v1/.`,
    );
  }
  const { handler, params } = route(req.method ?? 'GET', pathname.slice(3));
  return handler(ctx, req, params);
}

export async function handleApiRequest(
  ctx: ApiServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let reply: Reply;
  // The service's clock, as every HTTP server tells it (RFC 9110 §6.6.1).
  res.setHeader('Date', serviceNow(ctx.faults(), ctx.timers.now()).toUTCString());
  try {
    reply = await answer(ctx, req);
  } catch (error) {
    if (!(error instanceof ApiFailure)) console.error('emulator: unexpected error', error);
    const failure =
      error instanceof ApiFailure
        ? error
        : new ApiFailure(500, 'internal_error', 'The emulator failed to answer this request.');
    sendFailure(res, failure);
    return;
  }
  if (reply.kind === 'lost') {
    req.socket.destroy();
  } else if (reply.kind === 'redirect') {
    res.writeHead(302, { Location: reply.location, 'Content-Length': 0 });
    res.end();
  } else if (reply.kind === 'generated') {
    await streamJson(res, reply.status, reply.chunks);
  } else if (reply.kind === 'encoded') {
    const bytes = consumeCount(ctx.faults(), 'malformedJson')
      ? truncated(reply.bytes)
      : reply.bytes;
    if (reply.byteIntervalMs === undefined) sendBytes(res, reply.status, bytes);
    else await sendTrickled(res, reply.status, bytes, reply.byteIntervalMs, ctx.timers);
  } else {
    const malformed = consumeCount(ctx.faults(), 'malformedJson');
    sendJson(res, reply.status, reply.body, malformed);
  }
}

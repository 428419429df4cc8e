// startEmulator(): a local Desktop App Build Service — the API server, the artifact host (another
// origin) and everything behind them, all owned by the returned object (no module state).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Project, type Build } from '../src/service/schemas.ts';
import { handleApiRequest } from './api-server.ts';
import { handleArtifactRequest } from './artifact-server.ts';
import { createArtifactContent } from './artifacts.ts';
import { createTriggerIdAnswers, defaultFaults } from './faults.ts';
import { createLifecycle } from './lifecycle.ts';
import type {
  BuildTarget,
  Delivery,
  Emulator,
  EmulatorOptions,
  Faults,
  RecordedRequest,
} from './options.ts';
import { buildTiming, perBuild } from './per-build.ts';
import { addProject } from './routes-projects.ts';
import { buildView, createStore, projectView } from './store.ts';
import { createTimers } from './timers.ts';
import { parseCreateProject } from './validation.ts';
import { createEventEmitter } from './webhooks.ts';

/**
 * A build as Get Build shows it, nulls as absent. Not validated by the client's schema: a fault
 * switch may have given it an id or status the client refuses, and tests still read it here.
 */
const asBuild = (view: ReturnType<typeof buildView>): Build =>
  Object.fromEntries(Object.entries(view).filter(([, value]) => value !== null)) as Build;

export type { BuildTarget, Emulator, EmulatorOptions, Faults, PerBuild } from './options.ts';
export { createManualClock, type ManualClock } from './manual-clock.ts';
export type { Clock } from './timers.ts';

const MIB = 1024 * 1024;

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Listens for every request on `server`, recording it before `handle` answers. */
function serve(
  server: Server,
  origin: RecordedRequest['origin'],
  requests: RecordedRequest[],
  now: () => number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const record: RecordedRequest = {
      origin,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: { ...req.headers },
      status: 0,
      at: now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    res.on('close', () => {
      record.endedAt = now();
    });
    handle(req, res).catch((error: unknown) => {
      console.error('emulator: request failed', error);
      res.destroy();
    });
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? `dbs_test_${randomBytes(16).toString('hex')}`;
  const buildingMs = options.buildingMs ?? 2000;
  const sizeOption = options.artifactSize ?? MIB;
  const target = options.webhookTarget ?? ((url: URL) => url);

  const store = createStore();
  const timers = createTimers(options.clock);
  const content = createArtifactContent();
  const shutdown = new AbortController();
  const signingKey = randomBytes(32).toString('hex');
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  let faults = defaultFaults();
  const currentFaults = () => faults;

  const newServer = (): Server =>
    options.tls
      ? createTlsServer({ ...options.tls, keepAlive: true })
      : createServer({ keepAlive: true });
  const apiServer = newServer();
  const artifactServer = newServer();
  const port = await listen(apiServer, host, options.port ?? 0);
  const artifactPort = await listen(artifactServer, host, options.artifactPort ?? 0).catch(
    async (error: unknown) => {
      await close(apiServer);
      throw error;
    },
  );
  const scheme = options.tls ? 'https' : 'http';
  const publicHost = options.publicHost ?? urlHost(host);
  const baseUrl = `${scheme}://${publicHost}:${port}/v1`;
  const artifactBaseUrl = `${scheme}://${publicHost}:${artifactPort}`;

  const emit = createEventEmitter({
    store,
    timers,
    retryDelayMs: options.webhookRetryDelayMs ?? 200,
    target,
    deliveries,
    closed: shutdown.signal,
  });
  const lifecycle = createLifecycle({
    store,
    timers,
    faults: currentFaults,
    emit,
    queuedMs: options.queuedMs ?? 300,
    timing: (build: BuildTarget) =>
      buildTiming({ buildingMs, logIntervalMs: options.logIntervalMs }, build),
    logLinesPerInterval: Math.max(1, options.logLinesPerInterval ?? 1),
    artifactBaseUrl,
    signingKey,
  });
  const apiContext = {
    store,
    faults: currentFaults,
    lifecycle,
    emit,
    timers,
    baseUrl,
    artifactBaseUrl,
    apiKey,
    answeredTriggerId: createTriggerIdAnswers(),
    artifactSize: (build: BuildTarget) => perBuild(sizeOption, build),
  };
  for (const seed of options.seedProjects ?? []) {
    const { id, ...request } = seed;
    addProject(store, parseCreateProject({ ...request }), id, new Date(timers.now()));
  }

  serve(apiServer, 'api', requests, timers.now, (req, res) =>
    handleApiRequest(apiContext, req, res),
  );
  serve(artifactServer, 'artifact', requests, timers.now, (req, res) =>
    handleArtifactRequest({ store, faults: currentFaults, content, signingKey }, req, res),
  );

  const findBuild = (id: string) => {
    const build = store.builds.get(id);
    if (build === undefined) throw new Error(`The emulator has no build '${id}'.`);
    return build;
  };

  return {
    baseUrl,
    artifactBaseUrl,
    apiKey,
    get faults() {
      return faults;
    },
    set faults(value: Faults) {
      faults = value;
    },
    resetFaults() {
      faults = defaultFaults();
    },
    requests,
    deliveries,
    builds: () => [...store.builds.values()].map((build) => asBuild(buildView(build, apiContext))),
    projects: () =>
      [...store.projects.values()].map((project) => Project.parse(projectView(project))),
    artifactFor(buildId) {
      const build = findBuild(buildId);
      return {
        fileName: build.fileName,
        size: build.size,
        sha256: content.sha256(build.artifactKey, build.size),
      };
    },
    async close() {
      shutdown.abort();
      timers.cancelAll();
      await Promise.all([close(apiServer), close(artifactServer)]);
    },
  };
}

// Stand-in for the part of GitHub's REST API that publishes releases: releases by tag, list,
// create/update/delete, assets list/delete/download, and uploads at the `upload_url` it returns.
// Real HTTP on 127.0.0.1 so the real Octokit from @actions/github runs unchanged. It reproduces
// what matters: drafts hidden from get-by-tag, duplicate drafts allowed, 422 `already_exists`
// shapes, required Content-Length, asset names rewritten (spaces → '.'), immutable releases,
// paged listings with Link headers. Switches make it the GitHub of before asset digests (and of
// older Enterprise Server: no `digest`), Enterprise Server's URL forms (`/api/v3`, uploads at
// `/api/uploads`), a lost upload answer, and a hostile GitHub (answers rewritten, endless pages).
// It serves more than one repository (a separate releases repository), can refuse one as GitHub
// does a token without `contents: write` on it (403 on writes, or 404: not visible at all), and can
// change what it holds after an upload was answered (a digest not the bytes', an asset gone).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  close,
  listen,
  readBody,
  readChunks,
  sendJson,
  sleep,
  standInServer,
  type TlsOrigin,
} from './http.ts';

/**
 * An upload's bytes as they arrive: counted and digested as GitHub does once, at upload (a
 * release's JSON shows every asset's digest), and kept unless larger than `keepUpTo`.
 */
const readUpload = async (chunks: AsyncIterable<Buffer>, keepUpTo: number) => {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.length;
    if (size <= keepUpTo) kept.push(chunk);
    else kept.length = 0;
  }
  const content = size <= keepUpTo ? Buffer.concat(kept) : Buffer.alloc(0);
  return { size, digest: `sha256:${hash.digest('hex')}`, content };
};
type Upload = Awaited<ReturnType<typeof readUpload>>;

export interface StoredAsset {
  id: number;
  releaseId: number;
  name: string;
  label: string;
  contentType: string;
  size: number;
  /** `sha256:<hex>`, as GitHub reports it. */
  digest: string;
  /** Empty when the stand-in kept no bytes (`keepAssetBytesUpTo`). */
  content: Buffer;
  createdAt: string;
}

export interface StoredRelease {
  id: number;
  /** `owner/name` of the repository it belongs to. */
  repository: string;
  tagName: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
  makeLatest: string | undefined;
  generateReleaseNotes: boolean;
  targetCommitish: string;
  createdAt: string;
  publishedAt: string | null;
  assets: StoredAsset[];
}

/** What changed on the releases, in order, for people reading a run (the demo prints it). */
export interface ReleaseEvent {
  at: string;
  releaseId: number;
  what: 'created draft' | 'created' | 'uploaded' | 'deleted asset' | 'published';
  /** The asset's name for uploads and deletions; the tag otherwise. */
  name: string;
  size?: number;
}

/** One upload request at the upload endpoint (SHA256SUMS too), from its arrival to its answer. */
export interface AssetUpload {
  releaseId: number;
  /** The asset's name as GitHub stores it (renamed). */
  name: string;
  /** Its declared Content-Length. */
  bytes: number;
  /** Epoch ms when its headers arrived. */
  start: number;
  /** Epoch ms when it was answered; undefined while in flight, or when the client went away. */
  end?: number;
  /** The answer's status (201: the asset exists from `end` on). */
  status?: number;
}

export interface UploadFault {
  status: number;
  /** Keep the bytes anyway, as GitHub sometimes does when an upload's response is lost. */
  landed: boolean;
  /** No answer at all: the connection is cut once the bytes are in (`status` is not sent). */
  lost?: boolean;
}

/** Rewrites of the JSON the stand-in answers with, for a GitHub that lies (tests of our trust). */
export interface AnswerRewrites {
  release?: (json: Record<string, unknown>, release: StoredRelease) => Record<string, unknown>;
  asset?: (
    json: Record<string, unknown>,
    asset: StoredAsset,
    release: StoredRelease,
  ) => Record<string, unknown>;
}

export interface ReleasesApiOptions {
  token: string;
  owner?: string;
  repo?: string;
  /** Refuse uploads to published releases, like a repository with immutable releases. */
  immutable?: boolean;
  /** Wait this long before answering each request (widens race windows). */
  delayMs?: number;
  /** Read upload bodies no faster than this (a slow link): an upload stays in flight a while. */
  uploadBytesPerSecond?: number;
  /**
   * Keep the bytes of uploads up to this size only (size and digest are always kept; storage
   * answers 410 for the others). For benchmarks: holding gigabytes makes the stand-in, not the
   * client, the slow end. Default: every upload's bytes.
   */
  keepAssetBytesUpTo?: number;
  /**
   * The API over TLS under this host name (`api.<domain>`: its upload_url names the `uploads.`
   * sibling, as github.com's does, served by the same server); asset storage likewise (storageTls).
   */
  tls?: TlsOrigin;
  storageTls?: TlsOrigin;
  /** Report each asset's `digest` (GitHub since mid-2025). Default true; false as GitHub before. */
  digest?: boolean;
  /** Enterprise Server's URL forms: the API at `/api/v3`, uploads at `/api/uploads` (one origin). */
  enterprise?: boolean;
  /** Answers rewritten before they are sent. */
  rewrite?: AnswerRewrites;
  /** This listing never ends: every page links a next one (same entries again). */
  endlessPages?: 'assets' | 'releases';
  /** Listings link their next page on this origin instead (a GitHub sending the client away). */
  nextPageOrigin?: string;
  /** Other repositories (`owner/name`) it serves releases for, besides `owner`/`repo`. */
  otherRepositories?: string[];
}

/**
 * How a repository refuses the token: 403 on every write (a token that can read it but lacks
 * `contents: write`), or 404 on everything (a private repository the token cannot see).
 */
export type RepositoryRefusal = 403 | 404;

export interface ReleasesApi {
  /** Value for GITHUB_API_URL. */
  url: string;
  releases: () => StoredRelease[];
  /** Make the next uploads fail, in order. */
  failNextUploads: (...faults: UploadFault[]) => void;
  /** Refuse `repository` (`owner/name`) from now on; undefined serves it again. */
  refuseRepository: (repository: string, refusal: RepositoryRefusal | undefined) => void;
  /**
   * The next upload of an asset named `name` is stored with a digest that is not its bytes' (a
   * proxy that rewrote the body, GitHub holding other bytes than were sent).
   */
  tamperNextDigest: (name: string) => void;
  /** The next upload of an asset named `name` is answered 201, then the asset is gone. */
  dropAfterUpload: (name: string) => void;
  /**
   * The next upload of an asset named `name` is answered 201, then the asset is replaced by the
   * same bytes under a new id (another job or person uploading it again meanwhile).
   */
  replaceAfterUpload: (name: string) => void;
  /** `METHOD path` of every request, in order. */
  requests: string[];
  events: ReleaseEvent[];
  /** Every upload request, in the order they arrived. */
  uploads: AssetUpload[];
  /** The first upload (arrived already, or to come) that `match` accepts, as soon as it arrives. */
  waitForUpload: (match?: (upload: AssetUpload) => boolean) => Promise<AssetUpload>;
  /** Authorization headers that carried a wrong or no token. */
  rejectedAuth: number;
  /** Requests to asset storage (a second origin, as on GitHub) that carried an Authorization header. */
  storageSawAuth: number;
  close: () => Promise<void>;
}

const notFound = (res: ServerResponse) =>
  sendJson(res, 404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  });

const validationFailed = (res: ServerResponse, resource: string, field: string) =>
  sendJson(res, 422, {
    message: 'Validation Failed',
    errors: [{ resource, code: 'already_exists', field }],
    documentation_url: 'https://docs.github.com/rest/releases',
    status: '422',
  });

/**
 * GitHub's renaming of uploaded assets as reported by its users: accents are dropped, every run of
 * characters other than letters, digits and `._+@-` becomes one '.' (`MyApp (beta).dmg` →
 * `MyApp.beta.dmg`, `app-(15-5)-x.apk` → `app-.15-5.-x.apk`, `1.0~beta` → `1.0.beta`).
 */
const githubAssetName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._+@-]+/g, '.')
    .replace(/\.{2,}/g, '.');

export const startReleasesApi = async (options: ReleasesApiOptions): Promise<ReleasesApi> => {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'desktop-app';
  const served = new Set([`${owner}/${repo}`, ...(options.otherRepositories ?? [])]);
  const refusals = new Map<string, RepositoryRefusal>();
  const tampered = new Set<string>();
  const dropped = new Set<string>();
  const replaced = new Set<string>();
  const releases: StoredRelease[] = [];
  const faults: UploadFault[] = [];
  const requests: string[] = [];
  const events: ReleaseEvent[] = [];
  const uploads: AssetUpload[] = [];
  let uploadWaiters: {
    match: (upload: AssetUpload) => boolean;
    resolve: (upload: AssetUpload) => void;
  }[] = [];
  const uploadArrived = (upload: AssetUpload) => {
    uploads.push(upload);
    const waiting = uploadWaiters.filter((waiter) => waiter.match(upload));
    uploadWaiters = uploadWaiters.filter((waiter) => !waiting.includes(waiter));
    for (const waiter of waiting) waiter.resolve(upload);
  };
  const record = (event: Omit<ReleaseEvent, 'at'>) =>
    events.push({ at: new Date().toISOString(), ...event });
  const state = { rejectedAuth: 0, storageSawAuth: 0, nextId: 1 };
  let origin = '';
  let storageOrigin = '';

  const apiPrefix = options.enterprise ? '/api/v3' : '';
  const uploadPrefix = options.enterprise ? '/api/uploads' : '/uploads';
  const assetJson = (release: StoredRelease, asset: StoredAsset) => {
    const json = {
      id: asset.id,
      url: `${origin}${apiPrefix}/repos/${release.repository}/releases/assets/${asset.id}`,
      // A draft's files live under an `untagged-…` path that stops working once it is published.
      browser_download_url: `https://github.com/${release.repository}/releases/download/${release.draft ? `untagged-${release.id}` : release.tagName}/${asset.name}`,
      name: asset.name,
      label: asset.label,
      state: 'uploaded',
      content_type: asset.contentType,
      size: asset.size,
      ...(options.digest !== false && { digest: asset.digest }),
      download_count: 0,
      created_at: asset.createdAt,
      updated_at: asset.createdAt,
    };
    return options.rewrite?.asset?.(json, asset, release) ?? json;
  };

  const releaseJson = (release: StoredRelease) => {
    const where = release.repository;
    const json = {
      id: release.id,
      url: `${origin}${apiPrefix}/repos/${where}/releases/${release.id}`,
      html_url: release.draft
        ? `https://github.com/${where}/releases/tag/untagged-${release.id}`
        : `https://github.com/${where}/releases/tag/${release.tagName}`,
      assets_url: `${origin}${apiPrefix}/repos/${where}/releases/${release.id}/assets`,
      upload_url: `${options.enterprise ? origin : origin.replace('://api.', '://uploads.')}${uploadPrefix}/repos/${where}/releases/${release.id}/assets{?name,label}`,
      tag_name: release.tagName,
      target_commitish: release.targetCommitish,
      name: release.name,
      body: release.body,
      draft: release.draft,
      prerelease: release.prerelease,
      immutable: Boolean(options.immutable) && !release.draft,
      created_at: release.createdAt,
      published_at: release.publishedAt,
      assets: release.assets.map((a) => assetJson(release, a)),
    };
    return options.rewrite?.release?.(json, release) ?? json;
  };

  /** One page of a listing as GitHub pages it (per_page ≤ 100, default 30), with its Link. */
  const paged = <T>(url: URL, all: T[], endless: boolean) => {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = endless ? all : all.slice((page - 1) * perPage, page * perPage);
    const next = new URL(`${url.pathname}${url.search}`, options.nextPageOrigin ?? url.origin);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(page + 1));
    const headers: Record<string, string> =
      endless || page * perPage < all.length ? { link: `<${next.href}>; rel="next"` } : {};
    return { slice, headers };
  };

  const findRelease = (repository: string, id: number) =>
    releases.find((r) => r.id === id && r.repository === repository);
  const findAsset = (repository: string, id: number) => {
    for (const release of releases.filter((r) => r.repository === repository)) {
      const asset = release.assets.find((a) => a.id === id);
      if (asset) return { release, asset };
    }
    return undefined;
  };

  const storeUpload = (req: IncomingMessage, url: URL, body: Upload, res: ServerResponse) => {
    // Only the expanded `upload_url` template reaches a release; a literal `{?name,label}` does not.
    const match = new RegExp(`^${uploadPrefix}/repos/([^/]+/[^/]+)/releases/(\\d+)/assets$`).exec(
      url.pathname,
    );
    const repository = match?.[1] ?? '';
    if (refused(repository, 'POST', res)) return;
    const release = match && findRelease(repository, Number(match[2]));
    if (!release) return notFound(res);
    const declared = req.headers['content-length'];
    if (declared === undefined) {
      return sendJson(res, 411, { message: 'Content-Length header is required', status: '411' });
    }
    if (Number(declared) !== body.size) {
      return sendJson(res, 400, { message: 'Body does not match Content-Length', status: '400' });
    }
    if (options.immutable && !release.draft) {
      return sendJson(res, 422, {
        message: 'Cannot upload assets to an immutable release.',
        documentation_url: 'https://docs.github.com/rest/releases/assets',
        status: '422',
      });
    }
    const original = url.searchParams.get('name');
    if (!original) return sendJson(res, 422, { message: 'name is required', status: '422' });
    const name = githubAssetName(original);
    if (release.assets.some((a) => a.name === name)) {
      return validationFailed(res, 'ReleaseAsset', 'name');
    }
    const fault = faults.shift();
    const asset: StoredAsset = {
      id: state.nextId++,
      releaseId: release.id,
      name,
      label: url.searchParams.get('label') ?? '',
      contentType: req.headers['content-type'] ?? 'application/octet-stream',
      ...body,
      createdAt: new Date().toISOString(),
    };
    if (fault) {
      if (fault.landed) release.assets.push(asset);
      if (fault.lost) {
        res.socket?.destroy();
        return;
      }
      return sendJson(res, fault.status, { message: 'Server Error' });
    }
    if (tampered.delete(name)) {
      asset.digest = `sha256:${createHash('sha256').update(`not ${name}`).digest('hex')}`;
    }
    release.assets.push(asset);
    record({ releaseId: release.id, what: 'uploaded', name, size: body.size });
    sendJson(res, 201, assetJson(release, asset));
    if (dropped.delete(name)) {
      release.assets.splice(release.assets.indexOf(asset), 1);
      record({ releaseId: release.id, what: 'deleted asset', name });
    }
    if (replaced.delete(name)) {
      release.assets.splice(release.assets.indexOf(asset), 1, { ...asset, id: state.nextId++ });
      record({ releaseId: release.id, what: 'deleted asset', name });
      record({ releaseId: release.id, what: 'uploaded', name, size: body.size });
    }
  };

  /** Answers the refusal when `repository` refuses a `method` request; false when it serves it. */
  const refused = (repository: string, method: string, res: ServerResponse): boolean => {
    const refusal = refusals.get(repository);
    if (refusal === 404 || !served.has(repository)) {
      notFound(res);
      return true;
    }
    if (refusal === 403 && method !== 'GET') {
      sendJson(res, 403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/releases/releases',
        status: '403',
      });
      return true;
    }
    return false;
  };

  const api = async (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
    const route = new RegExp(`^${apiPrefix}/repos/([^/]+/[^/]+)/releases(/.*)?$`).exec(
      url.pathname,
    );
    if (!route) return notFound(res);
    const repository = route[1]!;
    const method = req.method ?? 'GET';
    if (refused(repository, method, res)) return;
    const rest = (route[2] ?? '').split('/').filter(Boolean);
    const inRepository = releases.filter((r) => r.repository === repository);
    const json = () =>
      body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};

    if (rest.length === 0 && method === 'GET') {
      const newestFirst = [...inRepository].sort((a, b) => b.id - a.id);
      const { slice, headers } = paged(url, newestFirst, options.endlessPages === 'releases');
      return sendJson(res, 200, slice.map(releaseJson), headers);
    }
    if (rest.length === 0 && method === 'POST') {
      const input = json();
      const tagName = String(input.tag_name ?? '');
      if (!tagName) return sendJson(res, 422, { message: 'tag_name is required', status: '422' });
      const draft = input.draft === true;
      if (inRepository.some((r) => r.tagName === tagName && !r.draft)) {
        return validationFailed(res, 'Release', 'tag_name');
      }
      const now = new Date().toISOString();
      const release: StoredRelease = {
        id: state.nextId++,
        repository,
        tagName,
        name: typeof input.name === 'string' ? input.name : null,
        body: typeof input.body === 'string' ? input.body : null,
        draft,
        prerelease: input.prerelease === true,
        makeLatest: typeof input.make_latest === 'string' ? input.make_latest : undefined,
        generateReleaseNotes: input.generate_release_notes === true,
        targetCommitish:
          typeof input.target_commitish === 'string' ? input.target_commitish : 'main',
        createdAt: now,
        publishedAt: draft ? null : now,
        assets: [],
      };
      releases.push(release);
      record({ releaseId: release.id, what: draft ? 'created draft' : 'created', name: tagName });
      return sendJson(res, 201, releaseJson(release));
    }
    if (rest[0] === 'tags' && rest[1] !== undefined && method === 'GET') {
      const tag = decodeURIComponent(rest.slice(1).join('/'));
      const release = inRepository.find((r) => r.tagName === tag && !r.draft);
      return release ? sendJson(res, 200, releaseJson(release)) : notFound(res);
    }
    if (rest[0] === 'assets' && rest[1] !== undefined) {
      const found = findAsset(repository, Number(rest[1]));
      if (!found) return notFound(res);
      if (method === 'DELETE') {
        if (options.immutable && !found.release.draft) {
          return sendJson(res, 422, {
            message: 'Cannot delete assets of an immutable release.',
            status: '422',
          });
        }
        found.release.assets.splice(found.release.assets.indexOf(found.asset), 1);
        record({ releaseId: found.release.id, what: 'deleted asset', name: found.asset.name });
        res.writeHead(204).end();
        return;
      }
      if (method === 'GET' && req.headers.accept === 'application/octet-stream') {
        res
          .writeHead(302, { location: `${storageOrigin}/storage/${repository}/${found.asset.id}` })
          .end();
        return;
      }
      if (method === 'GET') return sendJson(res, 200, assetJson(found.release, found.asset));
      return notFound(res);
    }
    const release = findRelease(repository, Number(rest[0]));
    if (!release) return notFound(res);
    if (rest.length === 1 && method === 'GET') return sendJson(res, 200, releaseJson(release));
    if (rest.length === 1 && method === 'DELETE') {
      releases.splice(releases.indexOf(release), 1);
      res.writeHead(204).end();
      return;
    }
    if (rest.length === 1 && method === 'PATCH') {
      const input = json();
      if (input.draft === false && release.draft) {
        if (inRepository.some((r) => r.tagName === release.tagName && !r.draft)) {
          return validationFailed(res, 'Release', 'tag_name');
        }
        release.draft = false;
        release.publishedAt = new Date().toISOString();
        record({ releaseId: release.id, what: 'published', name: release.tagName });
      }
      if (typeof input.name === 'string') release.name = input.name;
      if (typeof input.body === 'string') release.body = input.body;
      if (typeof input.prerelease === 'boolean') release.prerelease = input.prerelease;
      if (typeof input.make_latest === 'string') release.makeLatest = input.make_latest;
      return sendJson(res, 200, releaseJson(release));
    }
    if (rest[1] === 'assets' && method === 'GET') {
      const { slice, headers } = paged(url, release.assets, options.endlessPages === 'assets');
      return sendJson(
        res,
        200,
        slice.map((a) => assetJson(release, a)),
        headers,
      );
    }
    return notFound(res);
  };

  const server = standInServer(options.tls, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const isUpload = url.pathname.startsWith(`${uploadPrefix}/`) && req.method === 'POST';
      const upload: AssetUpload | undefined = isUpload
        ? {
            releaseId: Number(/\/releases\/(\d+)\//.exec(url.pathname)?.[1]),
            name: githubAssetName(url.searchParams.get('name') ?? ''),
            bytes: Number(req.headers['content-length']),
            start: Date.now(),
          }
        : undefined;
      if (upload) {
        uploadArrived(upload);
        res.once('finish', () => {
          if (!req.complete) return;
          upload.end = Date.now();
          upload.status = res.statusCode;
        });
      }
      const body = isUpload
        ? await readUpload(
            readChunks(req, options.uploadBytesPerSecond),
            options.keepAssetBytesUpTo ?? Infinity,
          )
        : await readBody(req);
      if (options.delayMs) await sleep(options.delayMs);
      requests.push(`${req.method} ${url.pathname}`);
      const auth = req.headers.authorization ?? '';
      if (auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`) {
        state.rejectedAuth++;
        return sendJson(res, 401, { message: 'Bad credentials', status: '401' });
      }
      return 'digest' in body ? storeUpload(req, url, body, res) : api(req, url, body, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) });
    });
  });
  // Asset bytes live on storage behind a redirect, on another origin that must never see the token.
  const storage = standInServer(options.storageTls, (req, res) => {
    if (req.headers.authorization !== undefined) state.storageSawAuth++;
    const [, , assetOwner, assetRepo, id] = (req.url ?? '').split('/');
    const found = findAsset(`${assetOwner}/${assetRepo}`, Number(id));
    if (!found) return notFound(res);
    if (found.asset.content.length !== found.asset.size) {
      return sendJson(res, 410, { message: 'The stand-in kept no bytes of this asset' });
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': found.asset.content.length,
    });
    res.end(found.asset.content);
  });
  origin = await listen(server, options.tls);
  storageOrigin = await listen(storage, options.storageTls);
  return {
    url: `${origin}${apiPrefix}`,
    releases: () => releases,
    failNextUploads: (...next) => faults.push(...next),
    refuseRepository: (repository, refusal) => {
      if (refusal === undefined) refusals.delete(repository);
      else refusals.set(repository, refusal);
    },
    tamperNextDigest: (name) => tampered.add(name),
    dropAfterUpload: (name) => dropped.add(name),
    replaceAfterUpload: (name) => replaced.add(name),
    requests,
    events,
    uploads,
    waitForUpload: (match = () => true) => {
      const found = uploads.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => uploadWaiters.push({ match, resolve }));
    },
    get rejectedAuth() {
      return state.rejectedAuth;
    },
    get storageSawAuth() {
      return state.storageSawAuth;
    },
    close: async () => {
      await Promise.all([close(server), close(storage)]);
    },
  };
};

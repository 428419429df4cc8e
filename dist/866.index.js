export const id = 866;
export const ids = [866];
export const modules = {

/***/ 39520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cl: () => (/* binding */ createGitHub),
/* harmony export */   Rd: () => (/* binding */ responseHeader),
/* harmony export */   SU: () => (/* binding */ parseRepository),
/* harmony export */   dg: () => (/* binding */ isTransient),
/* harmony export */   nG: () => (/* binding */ httpStatus),
/* harmony export */   x9: () => (/* binding */ isAlreadyExists)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77094);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61351);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(49735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86856);
// The GitHub REST client for releases: the real Octokit from @actions/github, with retries and
// rate-limit handling configured, logging through @actions/core.




const RATE_LIMIT_RETRIES = 2;
const createGitHub = (token, options) => {
    const onLimit = (kind) => (retryAfter, request, _, count) => {
        const again = count < RATE_LIMIT_RETRIES;
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`GitHub ${kind} rate limit on ${request.method} ${request.url}` +
            (again ? `: retrying in ${retryAfter} s.` : ': giving up.'));
        return again;
    };
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_1__/* .getOctokit */ .Q)(token, {
        baseUrl: options.baseUrl,
        log: { debug: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz, info: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz, warn: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e, error: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3 },
        retry: { retries: options.retries, retryAfterBaseValue: options.retryBaseMs },
        throttle: {
            enabled: options.throttle,
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
        },
    }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_2__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__/* .throttling */ .A);
};
const parseRepository = (repository) => {
    const [owner, repo, ...rest] = repository.split('/');
    if (!owner || !repo || rest.length > 0) {
        throw new Error(`Repository "${repository}" is not "owner/name"; GITHUB_REPOSITORY is set by the runner.`);
    }
    return { owner, repo };
};
/** HTTP status of an Octokit error; undefined when no response came back. */
const httpStatus = (error) => typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
    ? error.status
    : undefined;
/** A header of the response behind an Octokit error, as text; undefined when absent. */
const responseHeader = (error, name) => {
    const headers = error.response?.headers;
    const value = headers?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};
/** GitHub's 422 `already_exists` (a release for the tag, or an asset of that name). */
const isAlreadyExists = (error) => {
    if (httpStatus(error) !== 422)
        return false;
    const data = error.response?.data;
    const errors = data?.errors;
    return (Array.isArray(errors) &&
        errors.some((e) => e?.code === 'already_exists'));
};
const isTransient = (status) => status === undefined || status === 429 || status >= 500;


/***/ }),

/***/ 99866:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  publishBuilds: () => (/* binding */ publishBuilds)
});

// UNUSED EXPORTS: installersOf

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
// EXTERNAL MODULE: ./src/builds/outcome.ts
var outcome = __webpack_require__(68873);
// EXTERNAL MODULE: ./src/publish/errors.ts
var errors = __webpack_require__(54188);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/api/retry.ts + 1 modules
var api_retry = __webpack_require__(21405);
// EXTERNAL MODULE: ./src/temp-dir.ts
var temp_dir = __webpack_require__(90327);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/publish/link-as.ts
// A file under another name without copying it when the system allows: a symlink, else a hard
// link, else a copy. Windows runners refuse symlinks without the SeCreateSymbolicLink privilege
// (EPERM), and hard links cannot cross volumes (EXDEV); a copy always works.

const systemOps = { symlink: (t, p) => (0,promises_.symlink)(t, p), link: promises_.link, copyFile: promises_.copyFile };
const REFUSALS = new Set(['EPERM', 'EACCES', 'ENOTSUP', 'ENOSYS', 'EXDEV', 'EINVAL', 'EMLINK']);
const refused = (error) => REFUSALS.has(error.code ?? '');
/** Makes `path` show the bytes of `target`; returns how it did it. */
async function linkAs(target, path, ops = systemOps) {
    try {
        await ops.symlink(target, path);
        return 'symlink';
    }
    catch (error) {
        if (!refused(error))
            throw error;
    }
    try {
        await ops.link(target, path);
        return 'hard link';
    }
    catch (error) {
        if (!refused(error))
            throw error;
    }
    await ops.copyFile(target, path);
    return 'copy';
}

// EXTERNAL MODULE: ./src/publish/names.ts
var publish_names = __webpack_require__(27479);
// EXTERNAL MODULE: ./src/publish/run-url.ts
var run_url = __webpack_require__(31770);
// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/publish/artifacts.ts
// Workflow artifacts: one unzipped artifact per installer through @actions/artifact v6.









/** The artifact backend is only reachable from inside a GitHub Actions job. */
const artifactBackendMissing = (env) => {
    if (!env.ACTIONS_RUNTIME_TOKEN)
        return 'ACTIONS_RUNTIME_TOKEN';
    if (!env.ACTIONS_RESULTS_URL)
        return 'ACTIONS_RESULTS_URL';
    return undefined;
};
const artifactUrl = (env, repository, id) => `${(0,run_url/* runUrl */.V)(env, repository)}/artifacts/${id}`;
const uploadArtifacts = async (plan, installers, context) => {
    const missing = artifactBackendMissing(context.env);
    if (missing !== undefined) {
        core/* info */.pq(`Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
            'GitHub Actions job (the artifact service is only reachable from there).');
        return { results: [], failures: [] };
    }
    if (installers.length === 0)
        return { results: [], failures: [] };
    const names = (0,publish_names/* renderNames */.pj)('artifact-name', plan.nameTemplate, installers);
    // Loaded here so runs without artifacts never pay for the artifact client's code.
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 111).then(__webpack_require__.bind(__webpack_require__, 40111));
    const client = new DefaultArtifactClient();
    const existing = new Set((await client.listArtifacts()).artifacts.map((a) => a.name));
    // skipArchive names the artifact after the file, so a renamed artifact is a renamed link.
    const linkDir = (0,temp_dir/* makeTempDir */.m)(context.env.RUNNER_TEMP, 'artifacts-');
    const results = [];
    const failures = [];
    try {
        for (const installer of installers) {
            const name = names.get(installer) ?? installer.fileName;
            try {
                if (existing.has(name)) {
                    if (plan.onExisting === 'fail')
                        throw new errors/* ArtifactExistsError */.d1(name);
                    core/* info */.pq(`Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
                        'uploading the new one (artifact-overwrite: true).');
                    await client.deleteArtifact(name);
                }
                const file = await artifactSource(installer, name, linkDir);
                const start = Date.now();
                const { id } = await client.uploadArtifact(name, [file], external_node_path_default().dirname(file), {
                    skipArchive: true,
                    retentionDays: plan.retentionDays,
                });
                if (id === undefined)
                    throw new Error(`the artifact service returned no id for "${name}"`);
                const url = artifactUrl(context.env, context.repository, id);
                core/* info */.pq(`Artifact "${name}" uploaded (id ${id}): ${url}`);
                results.push({
                    buildId: installer.buildId,
                    name,
                    id,
                    url,
                    span: { start, end: Date.now() },
                });
            }
            catch (error) {
                const failure = (0,src_errors/* asError */.zR)(error);
                core/* info */.pq(`Failed: artifact "${name}" (${installer.platform}/${installer.arch}): ${failure.message}`);
                failures.push(failure);
            }
        }
    }
    finally {
        await (0,promises_.rm)(linkDir, { recursive: true, force: true });
    }
    return { results, failures };
};
const artifactSource = async (installer, name, linkDir) => {
    if (name === installer.fileName)
        return installer.path;
    const link = external_node_path_default().join(linkDir, name);
    await linkAs(installer.path, link);
    return link;
};

// EXTERNAL MODULE: ./src/publish/github.ts
var publish_github = __webpack_require__(39520);
;// CONCATENATED MODULE: ./src/publish/checksums.ts
// SHA256SUMS in the format `sha256sum -c` reads: "<hex>  <file name>", one line per file.
const CHECKSUMS_FILE_NAME = 'SHA256SUMS';
const LINE = /^([0-9a-fA-F]{64}) [ *](.+)$/;
const parseChecksums = (text) => {
    const sums = new Map();
    for (const raw of text.split(/\r?\n/)) {
        const match = LINE.exec(raw.trimEnd());
        if (match?.[1] !== undefined && match[2] !== undefined) {
            sums.set(match[2], match[1].toLowerCase());
        }
    }
    return sums;
};
/** Union by file name; a later map wins for a name both hold (a rebuilt installer). */
const mergeChecksums = (...all) => {
    const merged = new Map();
    for (const sums of all)
        for (const [name, digest] of sums)
            merged.set(name, digest);
    return merged;
};
const renderChecksums = (sums) => [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, digest]) => `${digest}  ${name}\n`)
    .join('');
/** True when every line of `part` is in `whole` with the same digest. */
const coversChecksums = (whole, part) => [...part].every(([name, digest]) => whole.get(name) === digest);

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
;// CONCATENATED MODULE: ./src/publish/release-assets.ts
// Release assets: list, delete, download, and streaming uploads retried under the action's retry
// policy (a stream body can be sent once, so Octokit's retry plugin is switched off for uploads).










const CONTENT_TYPES = {
    dmg: 'application/x-apple-diskimage',
    pkg: 'application/octet-stream',
    exe: 'application/vnd.microsoft.portable-executable',
    msi: 'application/x-msi',
    appimage: 'application/vnd.appimage',
    deb: 'application/vnd.debian.binary-package',
    rpm: 'application/x-rpm',
    zip: 'application/zip',
    'tar.gz': 'application/gzip',
};
const contentType = (name) => name === 'SHA256SUMS'
    ? 'text/plain'
    : (CONTENT_TYPES[(0,publish_names/* fileExtension */.i_)(name).toLowerCase()] ?? 'application/octet-stream');
/** The asset that stands for `name`: same label (our uploads), or the name GitHub made of it. */
const findAsset = (assets, name) => assets.find((a) => a.label === name) ??
    assets.find((a) => a.name === name || a.name === (0,publish_names/* expectedAssetName */.Ke)(name));
/** True when the asset on the release holds exactly these bytes (GitHub reports a digest). */
const sameContent = (asset, file) => asset.state === 'uploaded' &&
    asset.size === file.size &&
    asset.digest === `sha256:${file.sha256}`;
const listAssets = async (github, repo, releaseId) => github.paginate(github.rest.repos.listReleaseAssets, {
    ...repo,
    release_id: releaseId,
    per_page: 100,
});
/** Deletes an asset; false when it was already gone (another job deleted or replaced it). */
const deleteAsset = async (github, repo, assetId) => {
    try {
        await github.rest.repos.deleteReleaseAsset({ ...repo, asset_id: assetId });
        return true;
    }
    catch (error) {
        if ((0,publish_github/* httpStatus */.nG)(error) === 404)
            return false;
        throw error;
    }
};
/** Streams an asset's bytes to a file; returns their sha256, or undefined when the asset is gone. */
const downloadAsset = async (github, repo, assetId, destination) => {
    let body;
    try {
        const response = await github.rest.repos.getReleaseAsset({
            ...repo,
            asset_id: assetId,
            headers: { accept: 'application/octet-stream' },
            request: { parseSuccessResponseBody: false },
        });
        body = response.data;
    }
    catch (error) {
        if ((0,publish_github/* httpStatus */.nG)(error) === 404)
            return undefined;
        throw error;
    }
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const hashing = new external_node_stream_.Transform({
        transform(chunk, _, done) {
            hash.update(chunk);
            done(null, chunk);
        },
    });
    await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.fromWeb(body), hashing, (0,external_node_fs_.createWriteStream)(destination));
    return hash.digest('hex');
};
/**
 * Uploads one file to the release's `upload_url`, streaming from disk with an explicit
 * Content-Length. Transient failures are retried with a fresh stream; a 422 is accepted when the
 * asset under that name holds our bytes (a lost response, or another job moving the same file).
 */
const uploadAsset = (github, repo, release, file, retry) => (0,api_retry/* withRetries */.LH)(retry, {
    endpoint: `upload of "${file.name}"`,
    attempt: (attempt) => uploadOnce(github, repo, release, file, attempt, retry.now()),
});
async function uploadOnce(github, repo, release, file, attempt, now) {
    try {
        const response = await github.request({
            method: 'POST',
            url: release.upload_url,
            name: file.name,
            label: file.name,
            // Octokit on Node 24 refuses a Buffer with a hand-set length; a stream needs one.
            data: (0,external_node_fs_.createReadStream)(file.path),
            headers: { 'content-type': contentType(file.name), 'content-length': file.size },
            request: { retries: 0 },
        });
        return { ok: true, value: response.data };
    }
    catch (error) {
        const status = (0,publish_github/* httpStatus */.nG)(error);
        let leftHalfDone = false;
        if ((0,publish_github/* isAlreadyExists */.x9)(error)) {
            const landed = findAsset(await listAssets(github, repo, release.id), file.name);
            if (landed && sameContent(landed, file)) {
                core/* info */.pq(`Asset "${file.name}" is on the release with these bytes already; keeping it.`);
                return { ok: true, value: landed };
            }
            // Only our own earlier attempt can have left it; another job's may still be uploading.
            if (attempt > 1 && landed && landed.state !== 'uploaded') {
                core/* info */.pq(`Asset "${file.name}" was left half-uploaded by a failed attempt; deleting it.`);
                await deleteAsset(github, repo, landed.id);
                leftHalfDone = true;
            }
        }
        return {
            ok: false,
            failure: {
                retryable: leftHalfDone || (0,publish_github/* isTransient */.dg)(status),
                outcomeUnknown: false,
                retryAfterMs: (0,api_retry/* parseRetryAfter */.mu)((0,publish_github/* responseHeader */.Rd)(error, 'retry-after'), now),
                reason: status === undefined ? 'no response' : `HTTP ${status}`,
                toError: (attempts) => new errors/* AssetUploadError */.cr(file.name, {
                    status,
                    attempts,
                    detail: (0,src_errors/* messageOf */.bD)(error),
                    alreadyExists: (0,publish_github/* isAlreadyExists */.x9)(error),
                }),
            },
        };
    }
}

;// CONCATENATED MODULE: ./src/publish/release-checksums.ts
// SHA256SUMS on a release shared by parallel jobs. Each write is a compare-and-swap: delete the
// exact asset that was read (404 means someone replaced it) and upload (422 means someone uploaded
// first); on either, read again and merge. Lines a job has read are kept, so none get lost; and as
// a job that dies between its delete and its upload takes the only copy of some lines with it,
// every write also lists the files on the release by the digest GitHub reports for each.








const MAX_ROUNDS = 10;
/** Makes the release's SHA256SUMS hold at least `ours`; returns the asset and its lines. */
const updateChecksums = (context, release, ours) => {
    const seen = { sums: new Map() };
    // Rounds that collided with another writer: short, jittered waits, so writers that collided do
    // not collide again in lockstep.
    const rounds = {
        ...context.retry,
        policy: { maxAttempts: MAX_ROUNDS, baseDelayMs: 100, maxDelayMs: 1_000, maxElapsedMs: 60_000 },
        onRetry: undefined,
    };
    return (0,api_retry/* withRetries */.LH)(rounds, {
        endpoint: CHECKSUMS_FILE_NAME,
        attempt: (round) => writeRound(context, release, ours, seen, round),
    });
};
const collided = (reason) => ({
    ok: false,
    failure: {
        retryable: true,
        outcomeUnknown: false,
        reason,
        toError: (attempts) => new errors/* ChecksumsConflictError */.VS(attempts),
    },
});
/** One compare-and-swap: read, merge, replace. */
async function writeRound(context, release, ours, seen, round) {
    const { github, repo } = context;
    const assets = await listAssets(github, repo, release.id);
    const current = assets.find((a) => a.name === CHECKSUMS_FILE_NAME);
    let currentSums = new Map();
    if (current) {
        const file = external_node_path_default().join(context.workDir, `current-${current.id}-${CHECKSUMS_FILE_NAME}`);
        if ((await downloadAsset(github, repo, current.id, file)) === undefined) {
            return collided('replaced while being read');
        }
        currentSums = parseChecksums(await (0,promises_.readFile)(file, 'utf8'));
    }
    seen.sums = mergeChecksums(seen.sums, currentSums, reportedDigests(assets));
    const wanted = mergeChecksums(seen.sums, ours);
    if (current && coversChecksums(currentSums, wanted)) {
        return { ok: true, value: { asset: current, sums: currentSums } };
    }
    if (current && !(await deleteAsset(github, repo, current.id))) {
        return collided('replaced before it could be deleted');
    }
    const text = renderChecksums(wanted);
    const file = external_node_path_default().join(context.workDir, `${round}-${CHECKSUMS_FILE_NAME}`);
    await (0,promises_.writeFile)(file, text);
    try {
        const sha256 = (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex');
        const size = Buffer.byteLength(text);
        const asset = await uploadAsset(github, repo, release, { path: file, size, sha256, name: CHECKSUMS_FILE_NAME }, context.retry);
        core/* info */.pq(`${CHECKSUMS_FILE_NAME} on the release lists ${wanted.size} file(s)` +
            (currentSums.size > 0
                ? `, merged with the ${currentSums.size} line(s) already there.`
                : '.'));
        return { ok: true, value: { asset, sums: wanted } };
    }
    catch (error) {
        if (!(error instanceof errors/* AssetUploadError */.cr && error.alreadyExists))
            throw error;
        core/* info */.pq(`${CHECKSUMS_FILE_NAME} was replaced by another job meanwhile: merging again.`);
        return collided('uploaded by another job first');
    }
}
/** The files on the release whose sha256 GitHub reports (assets uploaded since mid-2025). */
const reportedDigests = (assets) => {
    const sums = new Map();
    for (const asset of assets) {
        const digest = asset.digest;
        const hex = /^sha256:([0-9a-f]{64})$/.exec(digest ?? '')?.[1];
        if (hex && asset.state === 'uploaded' && asset.name !== CHECKSUMS_FILE_NAME) {
            sums.set(asset.name, hex);
        }
    }
    return sums;
};

;// CONCATENATED MODULE: ./src/publish/release-find.ts
// Finding the one release for a tag, creating it as a draft when there is none, and reconciling
// duplicate drafts that parallel jobs created for the same tag.







// Drafts are only found by listing; a draft for this tag is among the most recent releases.
const LIST_PAGES = 10;
const PAGE_SIZE = 100;
/** Published first (a tag has at most one), else the oldest draft: every job picks the same. */
const pickCanonical = (candidates) => [...candidates].sort((a, b) => Number(a.draft) - Number(b.draft) || a.id - b.id)[0];
const findReleases = async (github, repo, tag) => {
    const found = new Map();
    try {
        const { data } = await github.rest.repos.getReleaseByTag({ ...repo, tag });
        found.set(data.id, data);
    }
    catch (error) {
        if ((0,publish_github/* httpStatus */.nG)(error) !== 404)
            throw error;
    }
    for (let page = 1; page <= LIST_PAGES; page++) {
        const { data } = await github.rest.repos.listReleases({ ...repo, per_page: PAGE_SIZE, page });
        for (const release of data)
            if (release.tag_name === tag)
                found.set(release.id, release);
        if (data.length < PAGE_SIZE)
            break;
    }
    return [...found.values()];
};
const createDraft = async (context, plan) => {
    const { data } = await context.github.rest.repos.createRelease({
        ...context.repo,
        tag_name: plan.tag,
        name: plan.name ?? plan.tag,
        ...(plan.body === undefined ? {} : { body: plan.body }),
        generate_release_notes: plan.generateNotes,
        draft: true,
        prerelease: plan.prerelease,
        make_latest: plan.makeLatest,
        ...(context.targetCommitish === undefined ? {} : { target_commitish: context.targetCommitish }),
    });
    return data;
};
/** The release every job of this tag publishes to, with duplicates folded into it. */
const ensureRelease = async (context, plan) => {
    const { github, repo } = context;
    let candidates = await findReleases(github, repo, plan.tag);
    if (candidates.length === 0) {
        try {
            const created = await createDraft(context, plan);
            core/* info */.pq(`Created draft release ${created.id} for tag ${plan.tag}.`);
            candidates = await findReleases(github, repo, plan.tag);
            if (!candidates.some((r) => r.id === created.id))
                candidates.push(created);
        }
        catch (error) {
            if (!(0,publish_github/* isAlreadyExists */.x9)(error))
                throw error;
            core/* info */.pq(`Another job created the release for tag ${plan.tag} at the same moment ` +
                '(422 already_exists): using that one.');
            candidates = await findReleases(github, repo, plan.tag);
        }
    }
    const release = pickCanonical(candidates);
    if (release === undefined)
        throw new errors/* ReleaseNotFoundError */.VQ(plan.tag);
    const duplicates = candidates.filter((r) => r.id !== release.id && r.draft);
    let movedChecksums = new Map();
    if (duplicates.length > 0) {
        core/* info */.pq(`Found ${duplicates.length + 1} releases for tag ${plan.tag} (parallel jobs each created a ` +
            `draft): keeping ${release.id}, moving assets from ${duplicates.map((d) => d.id).join(', ')} ` +
            'and deleting those.');
        for (const duplicate of duplicates) {
            movedChecksums = mergeChecksums(movedChecksums, await foldInto(context, duplicate, release));
        }
    }
    return { release, movedChecksums };
};
/** Moves what `release` lacks from `duplicate`, deletes `duplicate`, returns its SHA256SUMS lines. */
const foldInto = async (context, duplicate, release) => {
    const { github, repo } = context;
    const target = await listAssets(github, repo, release.id);
    let sums = new Map();
    for (const asset of await listAssets(github, repo, duplicate.id)) {
        const isChecksums = asset.name === CHECKSUMS_FILE_NAME;
        if (!isChecksums && findAsset(target, asset.label || asset.name))
            continue;
        const file = external_node_path_default().join(context.workDir, `moved-${asset.id}`);
        const sha256 = await downloadAsset(github, repo, asset.id, file);
        if (sha256 === undefined)
            continue;
        if (isChecksums) {
            sums = mergeChecksums(sums, parseChecksums(await (0,promises_.readFile)(file, 'utf8')));
            continue;
        }
        const name = asset.label || asset.name;
        const { size } = await (0,promises_.stat)(file);
        const moved = await uploadAsset(github, repo, release, { path: file, size, sha256, name }, context.retry);
        sums = mergeChecksums(sums, new Map([[moved.name, sha256]]));
        core/* info */.pq(`Moved asset "${moved.name}" from duplicate release ${duplicate.id}.`);
        await deleteAsset(github, repo, asset.id);
    }
    try {
        await github.rest.repos.deleteRelease({ ...repo, release_id: duplicate.id });
        core/* info */.pq(`Deleted duplicate draft release ${duplicate.id}.`);
    }
    catch (error) {
        // Another job reconciling the same tag deleted it first.
        if ((0,publish_github/* httpStatus */.nG)(error) !== 404)
            throw error;
    }
    return sums;
};

;// CONCATENATED MODULE: ./src/publish/release.ts
// Release assets, atomically: find or create the draft, upload every installer and SHA256SUMS,
// publish only when every build succeeded and every upload landed.









const publishDecision = (facts) => {
    if (!facts.isDraft)
        return { publish: false, reason: 'it is already published' };
    if (!facts.allBuildsSucceeded) {
        return {
            publish: false,
            reason: 'a build failed, and a public release must not miss an installer',
        };
    }
    if (facts.failedUploads > 0) {
        return { publish: false, reason: `${facts.failedUploads} upload(s) did not land` };
    }
    if (facts.keepDraft)
        return { publish: false, reason: 'release-draft is true' };
    return { publish: true };
};
const publishRelease = async (context, plan, installers, outcome) => {
    const { github, repo } = context;
    const names = (0,publish_names/* renderNames */.pj)('asset-name', plan.assetNameTemplate, installers);
    for (const name of names.values()) {
        if (name === CHECKSUMS_FILE_NAME) {
            throw new errors/* InvalidNameError */.Tw('asset-name', name, 'is the checksum file the action writes');
        }
    }
    const { release, movedChecksums } = await ensureRelease(context, plan);
    core/* info */.pq(`Publishing to ${release.draft ? 'draft ' : ''}release ${release.id} for tag ${plan.tag}: ` +
        release.html_url);
    const existing = await listAssets(github, repo, release.id);
    const landed = [];
    const failures = [];
    const ours = new Map(movedChecksums);
    for (const installer of installers) {
        const name = names.get(installer) ?? installer.fileName;
        try {
            const start = Date.now();
            const { asset, uploaded } = await placeAsset(context, plan, release, existing, installer, name);
            landed.push({
                buildId: installer.buildId,
                name: asset.name,
                url: asset.browser_download_url,
                span: uploaded ? { start, end: Date.now() } : undefined,
            });
            ours.set(asset.name, installer.sha256);
        }
        catch (error) {
            const failure = (0,src_errors/* asError */.zR)(error);
            core/* info */.pq(`Failed: release asset "${name}" (${installer.platform}/${installer.arch}): ${failure.message}`);
            failures.push(failure);
        }
    }
    if (ours.size > 0) {
        try {
            const { asset } = await updateChecksums(context, release, ours);
            landed.push({
                buildId: null,
                name: asset.name,
                url: asset.browser_download_url,
                span: undefined,
            });
        }
        catch (error) {
            core/* info */.pq(`Failed: ${CHECKSUMS_FILE_NAME}: ${(0,src_errors/* messageOf */.bD)(error)}`);
            failures.push((0,src_errors/* asError */.zR)(error));
        }
    }
    const final = await settle(context, plan, release, outcome, failures.length);
    // A draft's download URLs (`…/download/untagged-…/`) stop working once it is published.
    const urls = new Map(final.assets.map((a) => [a.name, a.browser_download_url]));
    const assets = landed.map((a) => ({ ...a, url: urls.get(a.name) ?? a.url }));
    return {
        result: { url: final.html_url, id: final.id, published: !final.draft, assets },
        failures,
    };
};
/** Puts one installer on the release: kept when identical, replaced per `overwrite`, or uploaded. */
const placeAsset = async (context, plan, release, existing, installer, name) => {
    const { github, repo } = context;
    const file = { path: installer.path, size: installer.size, sha256: installer.sha256, name };
    const found = findAsset(existing, name);
    if (found && sameContent(found, file)) {
        core/* info */.pq(`Asset "${found.name}" is already on the release with the same bytes: kept.`);
        return { asset: found, uploaded: false };
    }
    if (found) {
        if (!plan.overwrite)
            throw new errors/* AssetExistsError */.NR(found.name, release.html_url);
        core/* info */.pq(`Replacing asset "${found.name}" from an earlier run (overwrite: true).`);
        await deleteAsset(github, repo, found.id).catch((error) => {
            if ((0,publish_github/* httpStatus */.nG)(error) !== 422)
                throw error;
            throw new errors/* AssetLockedError */.jp(found.name, release.html_url, (0,src_errors/* messageOf */.bD)(error));
        });
    }
    const asset = await uploadAsset(github, repo, release, file, context.retry);
    if (asset.name !== name) {
        core/* info */.pq(`GitHub renamed "${name}" to "${asset.name}"; its label keeps the original name.`);
    }
    core/* info */.pq(`Uploaded "${asset.name}" (${installer.size} bytes).`);
    return { asset, uploaded: true };
};
/** Publishes the draft when the decision allows; returns the release as it now is. */
const settle = async (context, plan, release, outcome, failedUploads) => {
    const { github, repo } = context;
    // Another job may have published it while this one uploaded.
    const { data: current } = await github.rest.repos.getRelease({ ...repo, release_id: release.id });
    const decision = publishDecision({
        allBuildsSucceeded: outcome.allBuildsSucceeded,
        failedUploads,
        keepDraft: plan.draft,
        isDraft: current.draft,
    });
    if (decision.publish) {
        const { data: published } = await github.rest.repos.updateRelease({
            ...repo,
            release_id: release.id,
            draft: false,
            make_latest: plan.makeLatest,
        });
        core/* info */.pq(`Published release ${plan.tag}: ${published.html_url}`);
        return published;
    }
    if (!current.draft) {
        core/* info */.pq(`Release ${plan.tag} is published: ${current.html_url}`);
    }
    else if (plan.draft && outcome.allBuildsSucceeded && failedUploads === 0) {
        core/* info */.pq(`Release ${plan.tag} left as a draft (${decision.reason}): ${current.html_url}`);
    }
    else {
        core/* warning */.$e(`Release ${plan.tag} left as an unpublished draft because ${decision.reason}. ` +
            `Nothing public changed; re-run the failed jobs to complete and publish it: ${current.html_url}`);
    }
    return current;
};

;// CONCATENATED MODULE: ./src/publish/publisher.ts
// Wires the publishers to the environment: artifacts first, then the release.









const createPublisher = (options = {}) => async (plan, installers, outcome) => {
    const env = options.env ?? process.env;
    const retryBaseMs = options.retryBaseMs ?? 1000;
    const result = { artifacts: [], release: null };
    const failures = [];
    if (plan.artifacts) {
        try {
            const artifactPlan = plan.artifacts;
            const artifacts = await core/* group */.Os('Workflow artifacts', () => uploadArtifacts(artifactPlan, installers, { env, repository: plan.repository }));
            result.artifacts = artifacts.results;
            failures.push(...artifacts.failures);
        }
        catch (error) {
            failures.push(reported('Workflow artifacts', error));
        }
    }
    if (plan.release) {
        const workDir = (0,temp_dir/* makeTempDir */.m)(env.RUNNER_TEMP, 'release-');
        try {
            const github = (0,publish_github/* createGitHub */.Cl)(plan.githubToken, {
                baseUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
                retryBaseMs,
                retries: 3,
                throttle: options.throttle ?? true,
            });
            const releasePlan = plan.release;
            const release = await core/* group */.Os(`Release ${releasePlan.tag}`, () => publishRelease({
                github,
                repo: (0,publish_github/* parseRepository */.SU)(plan.repository),
                targetCommitish: env.GITHUB_SHA,
                workDir,
                retry: (0,api_retry/* defaultRetryRuntime */.kv)({
                    maxAttempts: options.uploadAttempts ?? 4,
                    baseDelayMs: retryBaseMs,
                    maxDelayMs: retryBaseMs * 30,
                    maxElapsedMs: 10 * 60_000,
                }, { onRetry: (event) => core/* info */.pq((0,api_retry/* describeRetry */.eV)(event, 'GitHub')) }),
            }, releasePlan, installers, outcome));
            result.release = release.result;
            failures.push(...release.failures);
        }
        catch (error) {
            failures.push(reported('Release', error));
        }
        finally {
            await (0,promises_.rm)(workDir, { recursive: true, force: true });
        }
    }
    if (failures.length > 0)
        throw new errors/* PublishError */.S1(failures, result);
    return result;
};
// Logged in the group where it happened; the caller turns the PublishError into the one annotation.
const reported = (what, error) => {
    const failure = (0,src_errors/* asError */.zR)(error);
    core/* info */.pq(`Failed: ${what.toLowerCase()}: ${failure.message}`);
    return failure;
};

;// CONCATENATED MODULE: ./src/publish/index.ts
// Publishing entry point: main.ts loads this module with a dynamic import, off the start path.




const publish = createPublisher();

;// CONCATENATED MODULE: ./src/publish/publish-builds.ts
// The builds' installers to the publishers, and what got published back, also when publishing
// failed halfway. main.ts loads this module with a dynamic import, off the start path.





function installersOf(builds) {
    return builds.flatMap((build) => build.id && build.download
        ? [
            {
                buildId: build.id,
                platform: build.platform,
                arch: build.arch,
                version: build.version ?? '',
                ...build.download,
            },
        ]
        : []);
}
const publishedOf = (result) => ({
    artifacts: new Map(result.artifacts.map((artifact) => [artifact.buildId, artifact])),
    assetUploads: new Map((result.release?.assets ?? []).flatMap((asset) => asset.buildId !== null && asset.span !== undefined ? [[asset.buildId, asset.span]] : [])),
    releaseUrl: result.release?.url,
});
/** `work`'s value, or undefined as soon as `signal` aborts (what `work` does after is left behind). */
async function unlessStopped(work, signal) {
    if (signal.aborted)
        return undefined;
    let onAbort = () => { };
    const stopped = new Promise((resolve) => {
        onAbort = () => resolve(undefined);
        signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
        return await Promise.race([work, stopped]);
    }
    finally {
        signal.removeEventListener('abort', onAbort);
    }
}
/**
 * What got published, and the error that stopped the rest (the step fails on it). When `stop`
 * comes first, publishing is left behind (`stopped`: the caller ends the process after its
 * report); the release is published last, so what was uploaded stays on a draft.
 */
async function publishBuilds(plan, builds, stop) {
    const installers = installersOf(builds);
    if (installers.length === 0) {
        core/* info */.pq('Nothing to publish: no build produced an installer');
        return { published: publishedOf({ artifacts: [], release: null }), stopped: false };
    }
    const allBuildsSucceeded = builds.every((build) => (0,outcome/* outcomeOf */.s)(build) === 'succeeded');
    try {
        const done = await unlessStopped(publish(plan, installers, { allBuildsSucceeded }), stop.signal);
        if (done !== undefined)
            return { published: publishedOf(done), stopped: false };
        // The publisher's group, if one is open, ends here: the report follows.
        core/* endGroup */.N4();
        return {
            published: publishedOf({ artifacts: [], release: null }),
            stopped: true,
            error: `Publishing stopped: ${stop.because()}. What was uploaded stays as workflow artifacts and ` +
                'on the draft release, which is not published; re-run the job to finish it.',
        };
    }
    catch (error) {
        if (error instanceof errors/* PublishError */.S1) {
            return { published: publishedOf(error.result), error: error.message, stopped: false };
        }
        return {
            published: publishedOf({ artifacts: [], release: null }),
            error: `Publishing failed: ${(0,src_errors/* messageOf */.bD)(error)}`,
            stopped: false,
        };
    }
}


/***/ }),

/***/ 31770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ runUrl)
/* harmony export */ });
// The web page of the workflow run, as the runner names it; artifact links hang off it.
const runUrl = (env, repository) => {
    const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    return `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID ?? '0'}`;
};


/***/ })

};

//# sourceMappingURL=866.index.js.map
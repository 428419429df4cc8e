export const id = 326;
export const ids = [326];
export const modules = {

/***/ 89242:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  startPreviewComment: () => (/* binding */ startPreviewComment)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
// EXTERNAL MODULE: ./src/api/retry.ts + 1 modules
var api_retry = __webpack_require__(21405);
// EXTERNAL MODULE: ./src/publish/github.ts
var publish_github = __webpack_require__(39520);
// EXTERNAL MODULE: ./src/publish/run-url.ts
var run_url = __webpack_require__(31770);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/comment/pr-comment.ts
// One comment on a pull request, kept current: found again by its marker (paging through the
// comments until the page that holds it), created when missing, edited in place. Writes are
// coalesced: the newest text wins, at most one write per `minIntervalMs` (but the last one goes at
// once), and they never hold up the caller. The GitHub client retries every request under the
// action's retry policy; a failure is a warning, and a refused token one notice, never a failure.
// The step's stop signal, which the client is made with too, ends every request, wait and retry at
// once, and no write starts after it.



const PAGE_SIZE = 100;
class PrComment {
    #github;
    #target;
    #options;
    #comment;
    #searched = false;
    #pending;
    #written;
    #lastWriteAt = -Infinity;
    #loop;
    /** Cuts the wait between writes short when the last text comes. */
    #hurry = new AbortController();
    /** Ends the wait between writes: the last text came, or the step stopped. */
    #cut;
    #refused = false;
    #warned = false;
    /** Comments written (created or edited), for the log and the tests. */
    writes = 0;
    constructor(github, target, options) {
        this.#github = github;
        this.#target = target;
        this.#options = options;
        this.#cut = options.signal
            ? AbortSignal.any([this.#hurry.signal, options.signal])
            : this.#hurry.signal;
    }
    get #stopped() {
        return this.#options.signal?.aborted ?? false;
    }
    /** The comment's page, once this run wrote it. */
    get url() {
        return this.writes > 0 ? this.#comment?.html_url : undefined;
    }
    /** Asks for `body` to be shown; returns at once. The newest body asked for wins. */
    show(body) {
        if (this.#refused || this.#stopped || body === this.#written)
            return;
        this.#pending = body;
        this.#loop ??= this.#writeLoop().finally(() => (this.#loop = undefined));
    }
    /** Shows `body` without waiting out the interval; resolves when written or failed. */
    async finish(body) {
        this.show(body);
        this.#hurry.abort();
        await this.#loop;
        return this.url;
    }
    async #writeLoop() {
        while (this.#pending !== undefined && !this.#refused && !this.#stopped) {
            const wait = this.#lastWriteAt + this.#options.minIntervalMs - this.#options.retry.now();
            if (wait > 0 && !this.#cut.aborted) {
                await this.#options.retry.sleep(wait, this.#cut).catch(() => undefined);
            }
            if (this.#stopped)
                return;
            const body = this.#pending;
            this.#pending = undefined;
            if (body === this.#written)
                continue;
            await this.#write(body);
        }
    }
    async #write(body) {
        try {
            if (!this.#searched) {
                this.#comment = await this.#find();
                this.#searched = true;
            }
            this.#comment = this.#comment
                ? ((await this.#edit(this.#comment.id, body)) ?? (await this.#create(body)))
                : await this.#create(body);
            this.#written = body;
            this.writes++;
        }
        catch (error) {
            if (this.#stopped) {
                core/* info */.pq('The pull-request comment was left as it was: the step stopped.');
                return;
            }
            const status = (0,publish_github/* httpStatus */.nG)(error);
            if ((status === 403 && !(0,publish_github/* isRateLimited */.Jz)(error)) || status === 404) {
                this.#refused = true;
                core/* notice */.lm(`Could not comment on pull request #${this.#target.issueNumber} (HTTP ${status}): ` +
                    'the token needs the `pull-requests: write` permission (add it under `permissions:` in ' +
                    'the workflow). Pull requests from forks get a read-only token, so they get no comment. ' +
                    'The builds are not affected.', { title: 'No pull-request comment' });
                return;
            }
            // One warning says it; the next failures of the run only go to the log.
            const report = this.#warned ? core/* info */.pq : core/* warning */.$e;
            this.#warned = true;
            report(`Could not update the pull-request comment: ${(0,errors/* messageOf */.bD)(error)}`);
        }
        finally {
            this.#lastWriteAt = this.#options.retry.now();
        }
    }
    /** Pages through the pull request's comments until the one that starts with the marker. */
    async #find() {
        const pages = this.#github.paginate.iterator(this.#github.rest.issues.listComments, {
            ...this.#repo,
            issue_number: this.#target.issueNumber,
            per_page: PAGE_SIZE,
        });
        for await (const { data } of pages) {
            const found = data.find((comment) => comment.body?.startsWith(this.#target.marker));
            if (found !== undefined)
                return found;
        }
        return undefined;
    }
    async #create(body) {
        const hints = {
            // A create whose answer was lost may have landed: look for it before sending it again.
            reconcile: () => this.#find(),
            alsoRetryable: publish_github/* isWrittenTooSoon */.to,
        };
        const response = await this.#github.rest.issues.createComment({
            ...this.#repo,
            issue_number: this.#target.issueNumber,
            body,
            request: hints,
        });
        return response.data;
    }
    /** Edits the comment; undefined when it is gone (deleted by someone), so a new one is made. */
    async #edit(id, body) {
        const hints = { alsoRetryable: publish_github/* isWrittenTooSoon */.to };
        try {
            const response = await this.#github.rest.issues.updateComment({
                ...this.#repo,
                comment_id: id,
                body,
                request: hints,
            });
            return response.data;
        }
        catch (error) {
            if ((0,publish_github/* httpStatus */.nG)(error) === 404)
                return undefined;
            throw error;
        }
    }
    get #repo() {
        return { owner: this.#target.owner, repo: this.#target.repo };
    }
}

// EXTERNAL MODULE: ./src/api/schemas.ts
var schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/builds/outcome.ts
var outcome = __webpack_require__(68873);
// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(35534);
// EXTERNAL MODULE: ./src/report/summary.ts + 1 modules
var summary = __webpack_require__(2360);
// EXTERNAL MODULE: ./src/report/timing.ts
var timing = __webpack_require__(81566);
;// CONCATENATED MODULE: ./src/comment/render-comment.ts
// The pull-request comment, as text: pure. Everything in it comes from the action's own model or
// the runner; nothing the service wrote (ids, versions, messages, logs, file names, a status this
// action does not know) goes in, so a build cannot inject markdown, HTML or @mentions into the
// pull request: platform and arch are the schema's enums, the status is one of the known words,
// sizes are numbers and the sha256 is checked hex. Nothing in it needs the API key.





const ICON = { succeeded: '✅', failed: '❌', unfinished: '⏳' };
/** Finds the comment again, one per pull request and project. */
const commentMarker = (projectId) => `<!-- desktop-build-action:pr-preview project=${projectId.replace(/[^A-Za-z0-9_]/g, '')} -->`;
const HEX = /^[0-9a-f]+$/;
function statusWord(build) {
    if (build.problem?.stage === 'download')
        return 'download failed';
    if (build.id === null)
        return 'not triggered';
    return (0,schemas/* isKnownStatus */.ih)(build.status) ? build.status : 'unknown status';
}
function row(build, artifact) {
    const seconds = (0,timing/* durationSeconds */.o)(build.phases);
    const sha = build.download && HEX.test(build.download.sha256) ? build.download.sha256 : '';
    const link = artifact ? `[download](${artifact.url})` : '';
    return `| ${[
        build.platform,
        build.arch,
        `${ICON[(0,outcome/* outcomeOf */.s)(build)]} ${statusWord(build)}`,
        seconds === undefined ? '' : (0,durations/* formatElapsed */.C)(seconds * 1000),
        (0,summary/* formatSize */.Xq)(build.download?.size ?? build.artifactSize),
        sha === '' ? '' : `\`${sha.slice(0, 12)}\``,
        link,
    ].join(' | ')} |`;
}
function headline(builds, final) {
    const outcomes = builds.map(outcome/* outcomeOf */.s);
    const count = (outcome) => outcomes.filter((each) => each === outcome).length;
    const [succeeded, failed, unfinished] = [
        count('succeeded'),
        count('failed'),
        count('unfinished'),
    ];
    if (!final) {
        return `⏳ Building ${builds.length} desktop installer(s): ${succeeded} done, ${failed} failed`;
    }
    if (unfinished > 0) {
        return `⏳ ${unfinished} of ${builds.length} desktop build(s) still running; this run stopped following them`;
    }
    if (failed === 0)
        return `✅ ${succeeded} desktop installer(s) ready to try`;
    return `❌ ${failed} of ${builds.length} desktop build(s) failed, ${succeeded} succeeded`;
}
function renderComment(view) {
    const commit = view.commit !== undefined && HEX.test(view.commit) && view.commit.length === 40
        ? `[\`${view.commit.slice(0, 7)}\`](${view.repositoryUrl}/commit/${view.commit})`
        : 'the pull request';
    const updated = new Date(view.updatedAt).toISOString().replace(/\.\d+Z$/, 'Z');
    return [
        commentMarker(view.projectId),
        `### ${headline(view.builds, view.final)}`,
        '',
        `Built from ${commit} · [workflow run](${view.runUrl}) · updated ${updated}`,
        '',
        '| platform | arch | status | duration | size | sha256 | installer |',
        '| --- | --- | --- | ---: | ---: | --- | --- |',
        ...view.builds.map((build) => row(build, build.id ? view.artifacts.get(build.id) : undefined)),
        '',
        view.final
            ? '<sub>Installers are workflow artifacts of the run: signed-in users with read access can download them.</sub>'
            : '<sub>This comment updates itself while the builds run; each installer is linked as soon as its workflow artifact is uploaded.</sub>',
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/comment/preview-comment.ts
// The pull-request preview comment of a run: shown when the builds are known, updated when one
// changes state or an installer's workflow artifact lands (its link shows at once), and finished
// with every link. It only reads the run's model.






const MIN_INTERVAL_MS = 3_000;
const FINISH_WITHIN_MS = 60_000;
function startPreviewComment(plan, context, options = {}) {
    const { owner, repo } = (0,publish_github/* parseRepository */.SU)(plan.repository);
    const pages = {
        repository: (0,run_url/* repositoryUrl */.E)(context, plan.repository),
        run: (0,run_url/* runUrl */.V)(context, plan.repository),
    };
    const retry = (0,api_retry/* defaultRetryRuntime */.kv)({ maxAttempts: 5, maxElapsedMs: 30_000, ...options.retryPolicy }, { onRetry: (event) => core/* info */.pq((0,api_retry/* describeRetry */.eV)(event, 'GitHub')) });
    const github = (0,publish_github/* createGitHub */.Cl)(plan.githubToken, {
        baseUrl: context.apiUrl,
        retry,
        throttle: options.throttle ?? true,
        signal: options.signal,
    });
    let comment;
    let shownState;
    let heard;
    let landed = new Map();
    const withLanded = (artifacts) => (landed = new Map([...landed, ...artifacts]));
    const view = (projectId, builds, artifacts, final) => ({
        projectId,
        builds,
        artifacts,
        commit: plan.pullRequest.headSha,
        repositoryUrl: pages.repository,
        runUrl: pages.run,
        final,
        updatedAt: Date.now(),
    });
    const commentFor = (projectId) => (comment ??= new PrComment(github, { owner, repo, issueNumber: plan.pullRequest.number, marker: commentMarker(projectId) }, { minIntervalMs: options.minIntervalMs ?? MIN_INTERVAL_MS, retry, signal: options.signal }));
    const show = (projectId, builds) => {
        heard = { projectId, builds };
        const next = view(projectId, builds, landed, false);
        // The time of the update alone is no new state.
        const state = renderComment({ ...next, updatedAt: 0 });
        if (state === shownState)
            return;
        shownState = state;
        commentFor(projectId).show(renderComment(next));
    };
    return {
        buildsChanged: (builds, projectId) => show(projectId, builds),
        artifactsLanded(artifacts) {
            withLanded(artifacts);
            if (heard)
                show(heard.projectId, heard.builds);
        },
        async finish(projectId, builds, published) {
            const target = commentFor(projectId);
            const body = renderComment(view(projectId, builds, withLanded(published.artifacts), true));
            let timer;
            const late = new Promise((resolve) => {
                timer = setTimeout(() => resolve(undefined), options.finishWithinMs ?? FINISH_WITHIN_MS);
            });
            const url = await Promise.race([target.finish(body), late]).finally(() => clearTimeout(timer));
            if (url !== undefined)
                core/* info */.pq(`Pull-request comment: ${url} (${target.writes} write(s))`);
            return url ?? target.url;
        },
    };
}


/***/ }),

/***/ 39520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cl: () => (/* binding */ createGitHub),
/* harmony export */   Jz: () => (/* binding */ isRateLimited),
/* harmony export */   SU: () => (/* binding */ parseRepository),
/* harmony export */   cw: () => (/* binding */ GitHubAnswerError),
/* harmony export */   nG: () => (/* binding */ httpStatus),
/* harmony export */   to: () => (/* binding */ isWrittenTooSoon),
/* harmony export */   x9: () => (/* binding */ isAlreadyExists),
/* harmony export */   zL: () => (/* binding */ callFailure)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77094);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61351);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(86856);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(21405);
/* harmony import */ var _deadline_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(86683);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
// The GitHub REST client: the real Octokit from @actions/github, every request under the action's
// one retry policy (a hook around Octokit's request), GitHub's pacing of writes from its throttling
// plugin, logging through @actions/core. Also the one reading of a failed GitHub call for that
// policy, shared by the asset uploads and the artifact service, which do not go through Octokit.






const createGitHub = (token, options) => {
    const github = (0,_actions_github__WEBPACK_IMPORTED_MODULE_1__/* .getOctokit */ .Q)(token, {
        baseUrl: options.baseUrl,
        ...(options.signal && { request: { signal: options.signal } }),
        log: { debug: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz, info: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz, warn: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e, error: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3 },
        throttle: {
            enabled: options.throttle,
            // The retry policy waits rate limits out; the plugin only paces.
            onRateLimit: () => false,
            onSecondaryRateLimit: () => false,
        },
    }, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__/* .throttling */ .A);
    const { retry } = options;
    // Wrapped last, so it is the outermost layer: every attempt waits its turn in the throttle.
    github.hook.wrap('request', (request, requestOptions) => underRetryPolicy(retry, github.request.endpoint.parse(requestOptions), () => request(requestOptions)));
    return github;
};
/** One request (`send`, as Octokit parsed it) under the retry policy and its hints. */
function underRetryPolicy(retry, { method, url, request: hints = {} }, send) {
    const { signal, reconcile, alsoRetryable } = hints;
    const { pathname, search } = new URL(url);
    const write = method !== 'GET' && method !== 'HEAD';
    return (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .withRetries */ .LH)(retry, {
        endpoint: `GitHub ${method} ${pathname}${search}`,
        signal,
        reconcile: reconcile &&
            (async () => {
                const data = await reconcile();
                return data === undefined ? undefined : { status: 200, url, headers: {}, data };
            }),
        attempt: async () => {
            try {
                signal?.throwIfAborted();
                // A request the throttling plugin still holds in its process-wide queue sees its own
                // signal only once sent.
                return { ok: true, value: await (0,_deadline_js__WEBPACK_IMPORTED_MODULE_5__/* .untilStopped */ .s)(Promise.resolve(send()), signal) };
            }
            catch (error) {
                // Octokit gives an aborted request status 500: the stop, not an outage.
                if (signal?.aborted)
                    throw signal.reason;
                const failure = callFailure(error, {
                    now: retry.now(),
                    write,
                    toError: () => (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .asError */ .zR)(error),
                });
                const retryable = failure.retryable || (alsoRetryable?.(error) ?? false);
                return { ok: false, failure: { ...failure, retryable } };
            }
        },
    });
}
const parseRepository = (repository) => {
    const [owner, repo, ...rest] = repository.split('/');
    if (!owner || !repo || rest.length > 0) {
        throw new Error(`Repository "${repository}" is not "owner/name"; GITHUB_REPOSITORY is set by the runner.`);
    }
    return { owner, repo };
};
/**
 * A non-2xx answer to a request made without Octokit (asset uploads), in the shape of Octokit's
 * RequestError as far as the helpers below read it, so both kinds are handled alike.
 */
class GitHubAnswerError extends _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ {
    status;
    response;
    /** GitHub's own message, inert and without the token; undefined when it gave none. */
    githubMessage;
    constructor(what, status, response, githubMessage) {
        super(`GitHub answered ${what} with HTTP ${status}${githubMessage ? `: ${githubMessage}` : ''}`);
        this.status = status;
        this.response = response;
        this.githubMessage = githubMessage;
    }
}
/**
 * HTTP status of a failed GitHub call (Octokit's RequestError, GitHubAnswerError, the artifact
 * service's Refusal); undefined when no answer came back, which Octokit reports as a 500 without
 * a response.
 */
const httpStatus = (error) => {
    const { status, response } = (error ?? {});
    return typeof status === 'number' && typeof response === 'object' && response !== null
        ? status
        : undefined;
};
/** A header of the answer behind a failed GitHub call, as text; undefined when absent. */
const responseHeader = (error, name) => {
    const headers = error
        ?.response?.headers;
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
        errors.some((entry) => entry?.code === 'already_exists'));
};
/** A 403 that is GitHub's rate limit (a Retry-After, or the quota spent), not a refusal. */
const isRateLimited = (error) => httpStatus(error) === 403 &&
    (responseHeader(error, 'retry-after') !== undefined ||
        responseHeader(error, 'x-ratelimit-remaining') === '0');
/**
 * The 422 GitHub gives a comment written in quick succession with others (its limit on creating
 * content, which spans every job of the repository): a wait, where elsewhere a 422 is a refusal.
 */
const isWrittenTooSoon = (error) => httpStatus(error) === 422;
/** The wait GitHub asks for, in ms: its Retry-After, else the reset of a spent quota. */
const askedWaitMs = (error, now) => {
    const retryAfter = (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(responseHeader(error, 'retry-after'), now);
    if (retryAfter !== undefined || responseHeader(error, 'x-ratelimit-remaining') !== '0') {
        return retryAfter;
    }
    const reset = Number(responseHeader(error, 'x-ratelimit-reset'));
    return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : undefined;
};
/**
 * The one reading of a failed GitHub call for the retry policy: an answer is worth another try
 * by isRetryableStatus or as a rate limit, after the wait GitHub asked for; no answer at all is
 * worth one too, and leaves a write's outcome unknown.
 */
function callFailure(error, facts) {
    const status = httpStatus(error);
    if (status === undefined) {
        return {
            retryable: true,
            outcomeUnknown: facts.write,
            reason: (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error) ?? (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error),
            toError: facts.toError,
        };
    }
    return {
        retryable: (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .isRetryableStatus */ .PS)(status) || isRateLimited(error),
        outcomeUnknown: false,
        retryAfterMs: askedWaitMs(error, facts.now),
        reason: `HTTP ${status}`,
        toError: facts.toError,
    };
}


/***/ }),

/***/ 92681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createPublisher: () => (/* binding */ createPublisher),
  openPublishing: () => (/* binding */ openPublishing)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
// EXTERNAL MODULE: ./src/api/dispatcher.ts
var dispatcher = __webpack_require__(49043);
// EXTERNAL MODULE: ./src/api/retry.ts + 1 modules
var retry = __webpack_require__(21405);
// EXTERNAL MODULE: ./src/builds/limit.ts
var limit = __webpack_require__(71958);
// EXTERNAL MODULE: ./src/context.ts
var src_context = __webpack_require__(40788);
// EXTERNAL MODULE: ./src/builds/result.ts
var builds_result = __webpack_require__(17196);
// EXTERNAL MODULE: ./src/temp-dir.ts
var temp_dir = __webpack_require__(90327);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/api/client.ts + 17 modules
var client = __webpack_require__(58407);
// EXTERNAL MODULE: ./src/api/error-body.ts
var error_body = __webpack_require__(99111);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/api/transport.ts
var api_transport = __webpack_require__(53841);
// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/publish/errors.ts
var publish_errors = __webpack_require__(54188);
// EXTERNAL MODULE: ./src/publish/github.ts
var publish_github = __webpack_require__(39520);
;// CONCATENATED MODULE: ./src/publish/artifact-service.ts








const TWIRP_PATH = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** One artifact's answer is ~1 KB; this bounds what a broken one can make the runner hold. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** A run's list: a few hundred bytes per artifact, a thousand artifacts at most. */
const MAX_LIST_BYTES = 16 * 1024 * 1024;
const TWIRP_SILENCE_MS = 60_000;
/** The run and job the token is for, from its `scp` claim's `Actions.Results:<run>:<job>`. */
function backendIdsOf(token) {
    const problem = (what) => new publish_errors/* ArtifactSettingError */.Xr('ACTIONS_RUNTIME_TOKEN', what);
    const claims = (0,error_body/* jsonOf */.o_)(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) {
        throw problem('is not a JWT (its second part is not base64url-encoded JSON)');
    }
    const scp = claims.scp;
    if (typeof scp !== 'string')
        throw problem('has no `scp` claim');
    const scope = scp.split(' ').find((entry) => entry.split(':')[0] === 'Actions.Results');
    if (scope === undefined)
        throw problem('grants no Actions.Results scope in its `scp` claim');
    const [, run, job, ...rest] = scope.split(':');
    if (!run || !job || rest.length > 0) {
        throw problem('has an Actions.Results scope that is not Actions.Results:<run>:<job>');
    }
    return { workflowRunBackendId: run, workflowJobRunBackendId: job };
}
/** The service as the runner's variables describe it; ArtifactSettingError when they do not. */
function artifactServiceOf(env, transport) {
    const runtimeToken = env.ACTIONS_RUNTIME_TOKEN ?? '';
    if (runtimeToken === '')
        throw new publish_errors/* ArtifactSettingError */.Xr('ACTIONS_RUNTIME_TOKEN', 'is not set');
    let resultsOrigin;
    try {
        resultsOrigin = new URL(env.ACTIONS_RESULTS_URL ?? '').origin;
    }
    catch {
        throw new publish_errors/* ArtifactSettingError */.Xr('ACTIONS_RESULTS_URL', 'is not a URL');
    }
    return { ...transport, resultsOrigin, runtimeToken, ...backendIdsOf(runtimeToken) };
}
const idsOf = (ids) => ({
    workflow_run_backend_id: ids.workflowRunBackendId,
    workflow_job_run_backend_id: ids.workflowJobRunBackendId,
});
/** Names of the run's artifacts (every job's, every attempt's), as the library lists them. */
async function listArtifactNames(service) {
    const listed = await listArtifacts(service, undefined);
    return new Set(listed.map((artifact) => artifact.name));
}
/** Deletes the newest artifact of the run called `name`, as the library's deleteArtifact does. */
async function deleteArtifact(service, name) {
    const [newest] = (await listArtifacts(service, name)).sort((older, newer) => newer.id - older.id);
    if (newest === undefined)
        return;
    await twirp(service, 'DeleteArtifact', name, [], { ...idsOf(newest), name }, okAnswer);
}
const listArtifacts = (service, name) => twirp(service, 'ListArtifacts', name, [], { ...idsOf(service), ...(name === undefined ? {} : { name_filter: name }) }, listedArtifacts, MAX_LIST_BYTES);
/**
 * A non-2xx answer: its status, headers and the service's words (made inert when shown), shaped
 * as Octokit's RequestError as far as github.ts reads a failed call.
 */
class Refusal extends Error {
    status;
    response;
    constructor(status, headers, detail) {
        super(detail);
        this.status = status;
        this.response = { headers };
    }
}
/** A 2xx answer that is not what the call answers; asking again would not help. */
class UnexpectedAnswer extends Error {
}
/**
 * A Twirp call under the retry policy; `read` takes what is needed from its answer or throws
 * UnexpectedAnswer. `name` is the artifact it is about, for messages; `secrets` are redacted from
 * them besides the runtime token.
 */
const twirp = (service, method, name, secrets, request, read, maxBytes = MAX_ANSWER_BYTES) => (0,retry/* withRetries */.LH)(service.retry, {
    endpoint: name === undefined ? method : `${method} of artifact "${name}"`,
    signal: service.signal,
    attempt: () => attempt(service, method, name, secrets, async () => read(await call(service, method, request, maxBytes))),
});
async function call(service, method, request, maxBytes) {
    const { statusCode, headers, body } = await service.dispatcher.request({
        origin: service.resultsOrigin,
        path: `${TWIRP_PATH}${method}`,
        method: 'POST',
        headers: {
            authorization: `Bearer ${service.runtimeToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'user-agent': client/* DEFAULT_USER_AGENT */.qx,
        },
        body: JSON.stringify(request),
        signal: service.signal ?? null,
        headersTimeout: TWIRP_SILENCE_MS,
        bodyTimeout: TWIRP_SILENCE_MS,
    });
    if (statusCode < 200 || statusCode >= 300) {
        const text = await (0,api_transport/* errorBodyStart */.pF)(body);
        throw new Refusal(statusCode, headers, twirpMessage(text) ?? text);
    }
    const answer = await (0,api_transport/* boundedJson */.Qt)(body, headers, maxBytes, method);
    if (typeof answer !== 'object' || answer === null) {
        throw new UnexpectedAnswer(`${method} answered HTTP ${statusCode} without a JSON object`);
    }
    return answer;
}
/** The answer of a call that creates, finalizes or deletes: `ok: true`, as the library checks. */
function okAnswer(answer) {
    if (answer.ok !== true)
        throw new UnexpectedAnswer('the artifact service answered without "ok": true');
    return answer;
}
/** An int64 as protobuf's JSON writes it (a decimal string, or a number). */
function int64(value) {
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}
function listedArtifacts(answer) {
    const { artifacts = [] } = answer;
    if (!Array.isArray(artifacts)) {
        throw new UnexpectedAnswer('ListArtifacts answered without a list of artifacts');
    }
    return artifacts.map((artifact) => {
        const id = int64(artifact?.database_id);
        const { name, workflow_run_backend_id: run, workflow_job_run_backend_id: job } = artifact ?? {};
        if (typeof name !== 'string' || id === undefined) {
            throw new UnexpectedAnswer('ListArtifacts answered with an artifact without name or id');
        }
        return {
            name,
            id,
            workflowRunBackendId: typeof run === 'string' ? run : '',
            workflowJobRunBackendId: typeof job === 'string' ? job : '',
        };
    });
}
/** One try of a call; what went wrong, classified for the retry policy. */
async function attempt(service, step, name, secrets, exchange) {
    try {
        return { ok: true, value: await exchange() };
    }
    catch (error) {
        if (service.signal?.aborted)
            throw service.signal.reason;
        const redacted = [service.runtimeToken, ...secrets];
        return { ok: false, failure: artifactFailure(service, step, name, redacted, error) };
    }
}
function artifactFailure(service, step, name, secrets, error) {
    const refusal = error instanceof Refusal ? error : undefined;
    const failure = (0,publish_github/* callFailure */.zL)(error, {
        now: service.retry.now(),
        write: true,
        toError: (attempts) => new publish_errors/* ArtifactUploadError */.E7(name, step, {
            status: refusal?.status,
            attempts,
            detail: (0,error_body/* serviceMessageOf */.mX)((0,src_errors/* messageOf */.bD)(error), secrets) ??
                (refusal ? 'the service gave no reason' : 'no answer'),
        }),
    });
    // An answer, but not the call's: asking again would get the same.
    const final = error instanceof UnexpectedAnswer || error instanceof errors/* ResponseTooLargeError */.by;
    return final
        ? { ...failure, retryable: false, outcomeUnknown: false, reason: 'unexpected answer' }
        : failure;
}
/** Twirp's error body is `{code, msg}`. */
function twirpMessage(text) {
    const msg = (0,error_body/* jsonOf */.o_)(text)?.msg;
    return typeof msg === 'string' ? msg : undefined;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: ./src/api/memory.ts + 2 modules
var memory = __webpack_require__(98041);
;// CONCATENATED MODULE: ./src/publish/file-body.ts
// A file on disk as a request body that is read no faster than the socket takes it, for the
// streamed uploads (release assets and workflow artifacts): memory stays flat whatever the size.



// Larger reads outlive the collections that hand chunks back (the socket queues what it cannot take
// at once) and pile up until a full collection: bench/README.md, "Upload chunk size".
const READ_CHUNK_BYTES = 64 * 1024;
/** A fresh body of the file's bytes; each attempt of an upload needs its own. */
const fileBody = (path) => external_node_stream_.Readable.from(fileChunks(path), { objectMode: false, highWaterMark: READ_CHUNK_BYTES });
/**
 * The file's bytes. Each chunk is garbage once the socket has taken it, but V8 would keep it until
 * its next collection (see memory.ts): they are handed back as they go.
 */
async function* fileChunks(path) {
    const release = (0,memory/* releaseReadBuffers */.Z)();
    let read = 0;
    for await (const chunk of (0,external_node_fs_.createReadStream)(path, { highWaterMark: READ_CHUNK_BYTES })) {
        read += chunk.length;
        release(read);
        yield chunk;
    }
}

;// CONCATENATED MODULE: ./src/publish/artifact-upload.ts
// One file as an unzipped workflow artifact, the way @actions/artifact v6 uploads it with
// skipArchive, but streamed: CreateArtifact (Twirp at ACTIONS_RESULTS_URL's origin, with the
// runtime token) hands out a signed blob URL, one Put Blob sends the file there with its
// Content-Length, read no faster than the socket takes it, and FinalizeArtifact records its size
// and sha256 and makes it exist. The library sends 8 MiB blocks through several streams at once
// and holds them all; this holds what the socket holds. The runtime token goes to the results
// origin only: the signature in the signed URL is the blob's credential.






/** The Blob service version that @azure/storage-blob, under @actions/artifact, sends. */
const STORAGE_VERSION = '2026-10-06';
/** The largest blob one Put Blob creates (storage versions from 2019-12-12 on). */
const MAX_PUT_BLOB_BYTES = 5000 * 1024 * 1024;
// @actions/artifact's own limit of an upload without progress; a deadline is the signal's.
const UPLOAD_SILENCE_MS = 5 * 60_000;
/**
 * The retention asked for, within the repository's maximum (GITHUB_RETENTION_DAYS), with
 * @actions/artifact's warning when it had to be lowered.
 */
function allowedRetentionDays(days, env) {
    const max = Number.parseInt(env.GITHUB_RETENTION_DAYS ?? '', 10);
    if (!days || Number.isNaN(max) || max <= 0 || max >= days)
        return days || undefined;
    core/* warning */.$e('Retention days cannot be greater than the maximum allowed retention set within the ' +
        `repository. Using ${max} instead.`);
    return max;
}
/** `expires_at` as protobuf's JSON writes a Timestamp: `days` calendar days from `now`. */
function expiresAt(days, now) {
    const at = new Date(now);
    at.setDate(at.getDate() + days);
    return at.toISOString().replace('.000Z', 'Z');
}
// What @actions/artifact's getMimeType gives the names an installer or its archive can have;
// any other name is application/octet-stream there too, but for documents and images.
const MIME_TYPES = {
    zip: 'application/zip',
    tar: 'application/x-tar',
    gz: 'application/gzip',
    rar: 'application/vnd.rar',
    '7z': 'application/x-7z-compressed',
};
const artifactMimeType = (name) => {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
    return MIME_TYPES[extension] ?? 'application/octet-stream';
};
/**
 * Uploads `file` as the artifact `file.name` and returns its id. Each call is retried as any
 * GitHub call is (callFailure), the upload with a fresh stream of the file; ArtifactUploadError
 * names the call that failed. The signal's reason is thrown as soon as it aborts.
 */
async function uploadArtifactFile(service, file, retentionDays) {
    const ids = {
        workflow_run_backend_id: service.workflowRunBackendId,
        workflow_job_run_backend_id: service.workflowJobRunBackendId,
        name: file.name,
    };
    const secrets = [];
    const contentType = artifactMimeType(file.name);
    const created = {
        ...ids,
        ...(retentionDays ? { expires_at: expiresAt(retentionDays, new Date()) } : {}),
        version: 7,
        mime_type: contentType,
    };
    const signedUrl = await twirp(service, 'CreateArtifact', file.name, secrets, created, (answer) => signedUploadUrl(okAnswer(answer)));
    secrets.push(maskSignature(signedUrl));
    await (0,retry/* withRetries */.LH)(service.retry, {
        endpoint: `upload of artifact "${file.name}"`,
        signal: service.signal,
        attempt: () => attempt(service, 'upload', file.name, secrets, () => putBlob(service, signedUrl, file, contentType)),
    });
    const finalized = { ...ids, size: String(file.size), hash: `sha256:${file.sha256}` };
    return twirp(service, 'FinalizeArtifact', file.name, secrets, finalized, (answer) => artifactId(okAnswer(answer)));
}
async function putBlob(service, signedUrl, file, contentType) {
    const { statusCode, headers, body } = await service.dispatcher.request({
        origin: signedUrl.origin,
        path: `${signedUrl.pathname}${signedUrl.search}`,
        method: 'PUT',
        headers: {
            'content-length': String(file.size),
            'content-type': contentType,
            'x-ms-blob-content-type': contentType,
            'x-ms-blob-type': 'BlockBlob',
            'x-ms-version': STORAGE_VERSION,
            'user-agent': client/* DEFAULT_USER_AGENT */.qx,
        },
        body: fileBody(file.path),
        signal: service.signal ?? null,
        headersTimeout: UPLOAD_SILENCE_MS,
        bodyTimeout: UPLOAD_SILENCE_MS,
    });
    if (statusCode >= 200 && statusCode < 300) {
        (0,api_transport/* discardBody */.LL)(body);
        return;
    }
    const text = await (0,api_transport/* errorBodyStart */.pF)(body);
    const code = headers['x-ms-error-code'];
    const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
    const words = [typeof code === 'string' ? code : undefined, message].filter(Boolean).join(': ');
    throw new Refusal(statusCode, headers, words || text);
}
function signedUploadUrl(answer) {
    const text = answer.signed_upload_url;
    let url;
    try {
        url = typeof text === 'string' ? new URL(text) : undefined;
    }
    catch {
        url = undefined;
    }
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
        throw new UnexpectedAnswer('CreateArtifact answered without an http(s) signed_upload_url');
    }
    return url;
}
/** Masks the URL's signature in the log, as @actions/artifact does; returns it for redaction. */
function maskSignature(url) {
    const signature = url.searchParams.get('sig') ?? url.search.slice(1);
    for (const spelling of new Set([signature, encodeURIComponent(signature)])) {
        if (spelling !== '')
            core/* setSecret */.Pq(spelling);
    }
    return signature;
}
function artifactId(answer) {
    const id = int64(answer.artifact_id);
    if (id === undefined || id <= 0) {
        throw new UnexpectedAnswer('FinalizeArtifact answered without an artifact_id');
    }
    return id;
}

;// CONCATENATED MODULE: ./src/publish/link-as.ts
// A file under another name without copying it when the system allows: a symlink, else a hard
// link, else a copy. Windows runners refuse symlinks without the SeCreateSymbolicLink privilege
// (EPERM), and hard links cannot cross volumes (EXDEV); a copy always works.

const systemOps = {
    symlink: (target, linkPath) => (0,promises_.symlink)(target, linkPath),
    link: promises_.link,
    copyFile: promises_.copyFile,
};
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
var names = __webpack_require__(27479);
// EXTERNAL MODULE: ./src/publish/run-url.ts
var run_url = __webpack_require__(31770);
// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(35534);
;// CONCATENATED MODULE: ./src/publish/artifacts.ts
// Workflow artifacts: one unzipped artifact per installer, uploaded as each installer arrives,
// streamed from disk (artifact-upload.ts). @actions/artifact v6 uploads only the rare installer
// too big for one Put Blob.












/** The artifact backend is only reachable from inside a GitHub Actions job. */
const artifactBackendMissing = (env) => {
    if (!env.ACTIONS_RUNTIME_TOKEN)
        return 'ACTIONS_RUNTIME_TOKEN';
    if (!env.ACTIONS_RESULTS_URL)
        return 'ACTIONS_RESULTS_URL';
    return undefined;
};
const artifactUrl = (site, repository, id) => `${(0,run_url/* runUrl */.V)(site, repository)}/artifacts/${id}`;
/** undefined (said in the log) when this step cannot reach the artifact backend. */
function openArtifactUploads(plan, context) {
    const missing = artifactBackendMissing(context.runner.env);
    if (missing !== undefined) {
        core/* info */.pq(`Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
            'GitHub Actions job (the artifact service is only reachable from there).');
        return undefined;
    }
    const nameOf = (0,names/* createNamer */.Uf)('artifact-name', plan.nameTemplate);
    let linkDir;
    let opened;
    return {
        async upload(installer) {
            const name = nameOf(installer);
            const { service, existing, retentionDays } = await (opened ??= artifacts_open(plan, context));
            if (existing.has(name)) {
                if (plan.onExisting === 'fail')
                    throw new publish_errors/* ArtifactExistsError */.d1(name);
                core/* info */.pq(`Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
                    'uploading the new one (artifact-overwrite: true).');
                await deleteArtifact(service, name);
                existing.delete(name);
            }
            const start = Date.now();
            let id;
            if (installer.size <= MAX_PUT_BLOB_BYTES) {
                id = await uploadArtifactFile(service, { ...installer, name }, retentionDays);
            }
            else {
                core/* info */.pq(`Workflow artifact "${name}" is over ${MAX_PUT_BLOB_BYTES / 2 ** 20} MiB, more than ` +
                    'one Put Blob takes: uploading it with @actions/artifact, in blocks.');
                linkDir ??= (0,temp_dir/* makeTempDir */.m)(context.runner.runnerTemp, 'artifacts-');
                id = await uploadWithLibrary(installer, name, linkDir, plan.retentionDays);
            }
            const end = Date.now();
            const url = artifactUrl(context.runner, context.repository, id);
            core/* info */.pq(`${(0,builds_result/* labelOf */.Wy)(installer)}: workflow artifact "${name}" (id ${id}) in ` +
                `${(0,durations/* formatSeconds */.X)(end - start)}: ${url}`);
            return { buildId: installer.buildId, name, id, url, span: { start, end } };
        },
        close: async () => {
            if (linkDir !== undefined)
                await (0,promises_.rm)(linkDir, { recursive: true, force: true });
        },
    };
}
// At the first upload, so a run without artifacts never asks the service anything.
async function artifacts_open(plan, context) {
    const service = artifactServiceOf(context.runner.env, context);
    return {
        service,
        existing: await listArtifactNames(service),
        retentionDays: allowedRetentionDays(plan.retentionDays, context.runner.env),
    };
}
// Loaded only here: the library is several MiB of code, and its client reads process.env itself.
async function uploadWithLibrary(installer, name, linkDir, retentionDays) {
    const file = await artifactSource(installer, name, linkDir);
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 656).then(__webpack_require__.bind(__webpack_require__, 56656));
    const { id } = await new DefaultArtifactClient().uploadArtifact(name, [file], external_node_path_default().dirname(file), {
        skipArchive: true,
        retentionDays,
    });
    if (id === undefined)
        throw new Error(`the artifact service returned no id for "${name}"`);
    return id;
}
// skipArchive names the artifact after the file, so a renamed artifact is a renamed link.
const artifactSource = async (installer, name, linkDir) => {
    if (name === installer.fileName)
        return installer.path;
    const link = external_node_path_default().join(linkDir, name);
    await linkAs(installer.path, link);
    return link;
};

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
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
;// CONCATENATED MODULE: ./src/publish/asset-upload.ts





/** An asset's JSON is ~1 KB; this bounds what a broken answer can make the runner hold. */
const asset_upload_MAX_ANSWER_BYTES = 1024 * 1024;
// Silence while sending, and the wait for the answer after the last byte (GitHub checks a large
// asset before it answers); the step's deadline is the signal's to enforce.
const SILENCE_MS = 5 * 60_000;
// RFC 6570 form-style query expansion, as Octokit expands `{?name,label}`.
const encodeQueryValue = (value) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
/** The release's `upload_url` template with the asset's name and label filled in. */
function uploadUrlFor(template, name) {
    const url = new URL(template.replace(/\{[^}]*\}$/, ''));
    url.search = `?name=${encodeQueryValue(name)}&label=${encodeQueryValue(name)}`;
    return url;
}
/**
 * Uploads `file` once. Throws GitHubAnswerError for a non-2xx answer, the signal's reason when it
 * aborts, and undici's error when the connection fails.
 */
async function postAsset(transport, uploadUrl, file) {
    try {
        return await exchange(transport, uploadUrl, file);
    }
    catch (error) {
        if (transport.signal?.aborted)
            throw transport.signal.reason;
        throw error;
    }
}
async function exchange(transport, uploadUrl, file) {
    const url = uploadUrlFor(uploadUrl, file.name);
    const what = `the upload of "${file.name}"`;
    const { statusCode, headers, body } = await transport.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
            authorization: `token ${transport.token}`,
            accept: 'application/vnd.github+json',
            'user-agent': client/* DEFAULT_USER_AGENT */.qx,
            'content-type': file.contentType,
            'content-length': String(file.size),
        },
        body: fileBody(file.path),
        signal: transport.signal ?? null,
        headersTimeout: SILENCE_MS,
        bodyTimeout: SILENCE_MS,
    });
    if (statusCode < 200 || statusCode >= 300) {
        const text = await (0,api_transport/* errorBodyStart */.pF)(body);
        throw new publish_github/* GitHubAnswerError */.cw(what, statusCode, { headers, data: (0,error_body/* jsonOf */.o_)(text) }, (0,error_body/* serviceMessageOf */.mX)(text, [transport.token]));
    }
    const asset = await (0,api_transport/* boundedJson */.Qt)(body, headers, asset_upload_MAX_ANSWER_BYTES, what);
    if (!isAsset(asset)) {
        throw new Error(`GitHub answered ${what} with HTTP ${statusCode} but not with an asset`);
    }
    return asset;
}
const isAsset = (value) => typeof value === 'object' &&
    value !== null &&
    typeof value.id === 'number' &&
    typeof value.name === 'string';

;// CONCATENATED MODULE: ./src/publish/release-assets.ts
// Release assets: list, delete and download through Octokit; uploads stream through the upload
// transport (asset-upload.ts), retried under the action's retry policy.











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
    : (CONTENT_TYPES[(0,names/* fileExtension */.i_)(name).toLowerCase()] ?? 'application/octet-stream');
/** The asset that stands for `name`: same label (our uploads), or the name GitHub made of it. */
const findAsset = (assets, name) => assets.find((asset) => asset.label === name) ??
    assets.find((asset) => asset.name === name || asset.name === (0,names/* expectedAssetName */.Ke)(name));
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
const uploadAsset = (context, release, file) => (0,retry/* withRetries */.LH)(context.retry, {
    endpoint: `upload of "${file.name}"`,
    signal: context.uploads.signal,
    attempt: (attempt) => uploadOnce(context, release, file, attempt, context.retry.now()),
});
async function uploadOnce(context, release, file, attempt, now) {
    const { github, repo, uploads } = context;
    try {
        const asset = await postAsset(uploads, release.upload_url, {
            path: file.path,
            size: file.size,
            name: file.name,
            contentType: contentType(file.name),
        });
        return { ok: true, value: asset };
    }
    catch (error) {
        if (uploads.signal?.aborted)
            throw uploads.signal.reason;
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
        const failure = (0,publish_github/* callFailure */.zL)(error, {
            now,
            write: true,
            toError: (attempts) => new publish_errors/* AssetUploadError */.cr(file.name, {
                status,
                attempts,
                detail: error instanceof publish_github/* GitHubAnswerError */.cw
                    ? (error.githubMessage ?? 'GitHub gave no reason')
                    : (0,src_errors/* messageOf */.bD)(error),
                alreadyExists: (0,publish_github/* isAlreadyExists */.x9)(error),
            }),
        });
        return { ok: false, failure: { ...failure, retryable: failure.retryable || leftHalfDone } };
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
    return (0,retry/* withRetries */.LH)(rounds, {
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
        toError: (attempts) => new publish_errors/* ChecksumsConflictError */.VS(attempts),
    },
});
/** One compare-and-swap: read, merge, replace. */
async function writeRound(context, release, ours, seen, round) {
    const { github, repo } = context;
    const assets = await listAssets(github, repo, release.id);
    const current = assets.find((asset) => asset.name === CHECKSUMS_FILE_NAME);
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
        const asset = await uploadAsset(context, release, {
            path: file,
            size,
            sha256,
            name: CHECKSUMS_FILE_NAME,
        });
        core/* info */.pq(`${CHECKSUMS_FILE_NAME} on the release lists ${wanted.size} file(s)` +
            (currentSums.size > 0
                ? `, merged with the ${currentSums.size} line(s) already there.`
                : '.'));
        return { ok: true, value: { asset, sums: wanted } };
    }
    catch (error) {
        if (!(error instanceof publish_errors/* AssetUploadError */.cr && error.alreadyExists))
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
const pickCanonical = (candidates) => [...candidates].sort((first, second) => Number(first.draft) - Number(second.draft) || first.id - second.id)[0];
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
    const pages = github.paginate.iterator(github.rest.repos.listReleases, {
        ...repo,
        per_page: PAGE_SIZE,
    });
    let read = 0;
    for await (const { data } of pages) {
        for (const release of data)
            if (release.tag_name === tag)
                found.set(release.id, release);
        if (++read === LIST_PAGES)
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
            if (!candidates.some((candidate) => candidate.id === created.id))
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
        throw new publish_errors/* ReleaseNotFoundError */.VQ(plan.tag);
    const duplicates = candidates.filter((candidate) => candidate.id !== release.id && candidate.draft);
    let movedChecksums = new Map();
    if (duplicates.length > 0) {
        core/* info */.pq(`Found ${duplicates.length + 1} releases for tag ${plan.tag} (parallel jobs each created a ` +
            `draft): keeping ${release.id}, moving assets from ${duplicates.map((duplicate) => duplicate.id).join(', ')} ` +
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
        const moved = await uploadAsset(context, release, { path: file, size, sha256, name });
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
// Release assets, atomically: find or create the draft when the first installer comes, put each
// installer on it as it arrives, then SHA256SUMS; publish only when every build succeeded and
// every upload landed.











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
/** The release for the plan's tag, found or created as a draft when the first installer comes. */
function openRelease(context, plan, onAsset = () => { }) {
    const nameOf = (0,names/* createNamer */.Uf)('asset-name', plan.assetNameTemplate);
    let opened;
    const landed = [];
    const failures = [];
    const ours = new Map();
    const release = () => (opened ??= release_open(context, plan, ours));
    return {
        async add(installer) {
            let name = installer.fileName;
            try {
                name = nameOf(installer);
                if (name === CHECKSUMS_FILE_NAME) {
                    throw new publish_errors/* InvalidNameError */.Tw('asset-name', name, 'is the checksum file the action writes');
                }
                // A release that cannot be had is one failure, said by `finish`, not one per installer.
                const ready = await release().catch(() => undefined);
                if (ready === undefined)
                    return;
                const start = Date.now();
                const placed = await placeAsset(context, plan, ready, installer, name);
                const end = Date.now();
                const asset = {
                    buildId: installer.buildId,
                    name: placed.asset.name,
                    url: placed.asset.browser_download_url,
                    span: placed.uploaded ? { start, end } : undefined,
                };
                landed.push(asset);
                onAsset(asset);
                ours.set(placed.asset.name, installer.sha256);
                if (placed.uploaded) {
                    core/* info */.pq(`${(0,builds_result/* labelOf */.Wy)(installer)}: release asset "${placed.asset.name}" attached to ` +
                        `${ready.release.draft ? 'draft ' : ''}${plan.tag} in ${(0,durations/* formatSeconds */.X)(end - start)} ` +
                        `(${installer.size} bytes)`);
                }
            }
            catch (error) {
                const failure = (0,src_errors/* asError */.zR)(error);
                core/* info */.pq(`Failed: ${(0,builds_result/* labelOf */.Wy)(installer)}: release asset "${name}": ${failure.message}`);
                failures.push(failure);
            }
        },
        async finish(outcome) {
            const { release: draft } = await release();
            const assets = [...landed];
            if (ours.size > 0) {
                try {
                    const { asset } = await updateChecksums(context, draft, ours);
                    assets.push({
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
            const final = await publishIfAllowed(context, plan, draft, outcome, failures.length);
            // A draft's download URLs (`…/download/untagged-…/`) stop working once it is published.
            const urls = new Map(final.assets.map((asset) => [asset.name, asset.browser_download_url]));
            return {
                result: {
                    url: final.html_url,
                    id: final.id,
                    published: !final.draft,
                    assets: assets.map((asset) => ({ ...asset, url: urls.get(asset.name) ?? asset.url })),
                },
                failures,
            };
        },
    };
}
async function release_open(context, plan, ours) {
    const { release, movedChecksums } = await ensureRelease(context, plan);
    for (const [name, sha256] of movedChecksums)
        ours.set(name, sha256);
    core/* info */.pq(`Publishing to ${release.draft ? 'draft ' : ''}release ${release.id} for tag ${plan.tag}: ` +
        release.html_url);
    const existing = await listAssets(context.github, context.repo, release.id);
    return { release, existing };
}
/** Puts one installer on the release: kept when identical, replaced per `overwrite`, or uploaded. */
const placeAsset = async (context, plan, { release, existing }, installer, name) => {
    const { github, repo } = context;
    const file = { path: installer.path, size: installer.size, sha256: installer.sha256, name };
    const found = findAsset(existing, name);
    if (found && sameContent(found, file)) {
        core/* info */.pq(`Asset "${found.name}" is already on the release with the same bytes: kept.`);
        return { asset: found, uploaded: false };
    }
    if (found) {
        if (!plan.overwrite)
            throw new publish_errors/* AssetExistsError */.NR(found.name, release.html_url);
        core/* info */.pq(`Replacing asset "${found.name}" from an earlier run (overwrite: true).`);
        await deleteAsset(github, repo, found.id).catch((error) => {
            if ((0,publish_github/* httpStatus */.nG)(error) !== 422)
                throw error;
            throw new publish_errors/* AssetLockedError */.jp(found.name, release.html_url, (0,src_errors/* messageOf */.bD)(error));
        });
    }
    const asset = await uploadAsset(context, release, file);
    if (asset.name !== name) {
        core/* info */.pq(`GitHub renamed "${name}" to "${asset.name}"; its label keeps the original name.`);
    }
    return { asset, uploaded: true };
};
/** Publishes the draft when the decision allows; returns the release as it now is. */
const publishIfAllowed = async (context, plan, release, outcome, failedUploads) => {
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
// Wires the publishers to the environment. Each installer's workflow artifact and release asset
// start as soon as it is handed in, under one limit of uploads in flight shared by both kinds; the
// release is finished (SHA256SUMS, published or left a draft) once every build is done.













/**
 * Uploads in flight at once, both kinds together. One stream already keeps the link as busy as curl
 * does; a second one's read buffers only add to the peak (bench/README.md, publish case a).
 */
const UPLOADS_IN_FLIGHT = 1;
function openPublishing(plan, options = {}) {
    const context = options.context ?? (0,src_context/* readContext */.yI)();
    const uploads = (0,limit/* createLimiter */.z)(UPLOADS_IN_FLIGHT);
    // Both kinds of upload go through one dispatcher, under one retry policy.
    const transport = {
        dispatcher: (0,dispatcher/* createDispatcher */.SM)(),
        retry: gitHubRetry(options),
        signal: options.signal,
    };
    const result = { artifacts: [], release: null };
    const failures = [];
    const pending = [];
    let artifacts;
    let release;
    const uploadArtifact = async (uploader, installer) => {
        try {
            const artifact = await uploads(() => uploader.upload(installer));
            result.artifacts.push(artifact);
            options.onArtifact?.(artifact);
        }
        catch (error) {
            const failure = (0,src_errors/* asError */.zR)(error);
            core/* info */.pq(`Failed: ${(0,builds_result/* labelOf */.Wy)(installer)}: workflow artifact: ${failure.message}`);
            failures.push(failure);
        }
    };
    return {
        add(installer) {
            if (plan.artifacts) {
                artifacts ??= openArtifactUploads(plan.artifacts, {
                    runner: context,
                    repository: plan.repository,
                    ...transport,
                });
                if (artifacts)
                    pending.push(uploadArtifact(artifacts, installer));
            }
            if (plan.release) {
                release ??= startRelease(plan, plan.release, context, options, transport);
                const opened = release.uploads;
                pending.push(uploads(() => opened.add(installer)));
            }
        },
        async finish(outcome) {
            try {
                await Promise.all(pending);
                await artifacts?.close();
                if (release) {
                    const { uploads: opened, tag } = release;
                    try {
                        const done = await core/* group */.Os(`Release ${tag}`, () => opened.finish(outcome));
                        result.release = done.result;
                        failures.push(...done.failures);
                    }
                    catch (error) {
                        failures.push(reported('Release', error));
                    }
                    finally {
                        await (0,promises_.rm)(release.workDir, { recursive: true, force: true });
                    }
                }
            }
            finally {
                await transport.dispatcher.close();
            }
            if (failures.length > 0)
                throw new publish_errors/* PublishError */.S1(failures, result);
            return result;
        },
    };
}
const gitHubRetry = (options) => {
    const retryBaseMs = options.retryBaseMs ?? 1000;
    return (0,retry/* defaultRetryRuntime */.kv)({
        maxAttempts: options.uploadAttempts ?? 4,
        baseDelayMs: retryBaseMs,
        maxDelayMs: retryBaseMs * 30,
        maxElapsedMs: 10 * 60_000,
    }, { onRetry: (event) => core/* info */.pq((0,retry/* describeRetry */.eV)(event, 'GitHub')) });
};
function startRelease(plan, releasePlan, context, options, transport) {
    const workDir = (0,temp_dir/* makeTempDir */.m)(context.runnerTemp, 'release-');
    const github = (0,publish_github/* createGitHub */.Cl)(plan.githubToken, {
        baseUrl: context.apiUrl,
        retry: transport.retry,
        throttle: options.throttle ?? true,
        signal: options.signal,
    });
    const uploads = openRelease({
        github,
        repo: (0,publish_github/* parseRepository */.SU)(plan.repository),
        targetCommitish: context.sha,
        workDir,
        uploads: {
            dispatcher: transport.dispatcher,
            token: plan.githubToken,
            signal: transport.signal,
        },
        retry: transport.retry,
    }, releasePlan, options.onAsset);
    return { uploads, tag: releasePlan.tag, workDir };
}
/** Every installer at once, then finished: the publishers for callers that have them all. */
const createPublisher = (options = {}) => async (plan, installers, outcome) => {
    const session = openPublishing(plan, options);
    for (const installer of installers)
        session.add(installer);
    return session.finish(outcome);
};
// Logged in the group where it happened; the caller turns the PublishError into the one annotation.
const reported = (what, error) => {
    const failure = (0,src_errors/* asError */.zR)(error);
    core/* info */.pq(`Failed: ${what.toLowerCase()}: ${failure.message}`);
    return failure;
};


/***/ }),

/***/ 31770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ repositoryUrl),
/* harmony export */   V: () => (/* binding */ runUrl)
/* harmony export */ });
const repositoryUrl = (site, repository) => `${site.serverUrl}/${repository}`;
const runUrl = (site, repository) => `${repositoryUrl(site, repository)}/actions/runs/${site.runId}`;


/***/ })

};

//# sourceMappingURL=326.index.js.map
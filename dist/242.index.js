export const id = 242;
export const ids = [242];
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

//# sourceMappingURL=242.index.js.map
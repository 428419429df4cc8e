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
// One comment on a pull request, kept current: found again by its marker (paging through every
// comment), created when missing, edited in place. Writes are coalesced: the newest text wins,
// at most one write per `minIntervalMs` (but the last one goes at once), and they never hold up
// the caller. Every request goes through the action's one retry policy (Octokit's own retries are
// off for these requests); a failure is a warning, and a refused token one notice, never a failure.
// The step's stop signal ends every request, wait and retry at once, and no write starts after it.




const PAGE_SIZE = 100;
/** A secondary rate limit: a 403 that says when to come back, not a missing permission. */
const isRateLimit = (error) => (0,publish_github/* httpStatus */.nG)(error) === 403 &&
    ((0,publish_github/* responseHeader */.Rd)(error, 'retry-after') !== undefined ||
        (0,publish_github/* responseHeader */.Rd)(error, 'x-ratelimit-remaining') === '0');
/**
 * What waiting out can fix: besides the outages and rate limits every GitHub call retries,
 * a 408 and the 422 GitHub gives for comments written in quick succession.
 */
const worthRetrying = (error) => {
    const status = (0,publish_github/* httpStatus */.nG)(error);
    return (0,publish_github/* isTransient */.dg)(status) || status === 408 || status === 422 || isRateLimit(error);
};
/**
 * `work`, or the stop's reason as soon as it comes: a request that Octokit's throttle still holds
 * in its process-wide queue (behind other clients' requests) sees its own signal only once sent.
 */
function untilStopped(work, signal) {
    if (signal === undefined)
        return work;
    let onAbort = () => { };
    const stopped = new Promise((_, reject) => {
        onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([work, stopped]).finally(() => signal.removeEventListener('abort', onAbort));
}
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
            if ((status === 403 && !isRateLimit(error)) || status === 404) {
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
    /** Pages through the pull request's comments for the one that starts with the marker. */
    async #find() {
        for (let page = 1;; page++) {
            const comments = await this.#call(`list comments (page ${page})`, undefined, async () => {
                const response = await this.#github.rest.issues.listComments({
                    ...this.#repo,
                    issue_number: this.#target.issueNumber,
                    per_page: PAGE_SIZE,
                    page,
                    request: { retries: 0, signal: this.#options.signal },
                });
                return response.data;
            });
            const found = comments.find((comment) => comment.body?.startsWith(this.#target.marker));
            if (found !== undefined)
                return found;
            if (comments.length < PAGE_SIZE)
                return undefined;
        }
    }
    #create(body) {
        // A create whose answer was lost may have landed: look for it before sending it again.
        const reconcile = () => this.#find();
        return this.#call('create comment', reconcile, async () => {
            const response = await this.#github.rest.issues.createComment({
                ...this.#repo,
                issue_number: this.#target.issueNumber,
                body,
                request: { retries: 0, signal: this.#options.signal },
            });
            return response.data;
        });
    }
    /** Edits the comment; undefined when it is gone (deleted by someone), so a new one is made. */
    async #edit(id, body) {
        try {
            return await this.#call('update comment', undefined, async () => {
                const response = await this.#github.rest.issues.updateComment({
                    ...this.#repo,
                    comment_id: id,
                    body,
                    request: { retries: 0, signal: this.#options.signal },
                });
                return response.data;
            });
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
    #call(what, reconcile, request) {
        const { retry, signal } = this.#options;
        return (0,api_retry/* withRetries */.LH)(retry, {
            endpoint: `GitHub ${what}`,
            reconcile,
            signal,
            attempt: async () => {
                try {
                    signal?.throwIfAborted();
                    return { ok: true, value: await untilStopped(request(), signal) };
                }
                catch (error) {
                    return {
                        ok: false,
                        failure: {
                            // Octokit gives an aborted request status 500: the stop, not an outage.
                            retryable: !signal?.aborted && worthRetrying(error),
                            outcomeUnknown: (0,publish_github/* httpStatus */.nG)(error) === undefined,
                            retryAfterMs: (0,api_retry/* parseRetryAfter */.mu)((0,publish_github/* responseHeader */.Rd)(error, 'retry-after'), retry.now()),
                            reason: (0,publish_github/* httpStatus */.nG)(error) === undefined ? (0,errors/* messageOf */.bD)(error) : `HTTP ${(0,publish_github/* httpStatus */.nG)(error)}`,
                            toError: () => (error instanceof Error ? error : new Error((0,errors/* messageOf */.bD)(error))),
                        },
                    };
                }
            },
        });
    }
}

// EXTERNAL MODULE: ./src/api/schemas.ts
var schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/builds/outcome.ts
var outcome = __webpack_require__(68873);
// EXTERNAL MODULE: ./src/builds/progress.ts
var progress = __webpack_require__(74462);
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
        seconds === undefined ? '' : (0,progress/* formatElapsed */.C7)(seconds * 1000),
        (0,summary/* formatSize */.Xq)(build.download?.size ?? build.artifactSize),
        sha === '' ? '' : `\`${sha.slice(0, 12)}\``,
        link,
    ].join(' | ')} |`;
}
function headline(builds, final) {
    const outcomes = builds.map(outcome/* outcomeOf */.s);
    const count = (outcome) => outcomes.filter((o) => o === outcome).length;
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
function startPreviewComment(plan, env, options = {}) {
    const { owner, repo } = (0,publish_github/* parseRepository */.SU)(plan.repository);
    const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    const repositoryUrl = `${server}/${owner}/${repo}`;
    const run = (0,run_url/* runUrl */.V)(env, plan.repository);
    const github = (0,publish_github/* createGitHub */.Cl)(plan.githubToken, {
        baseUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
        retryBaseMs: 1000,
        retries: 0,
        throttle: options.throttle ?? true,
    });
    const retry = (0,api_retry/* defaultRetryRuntime */.kv)({ maxAttempts: 5, maxElapsedMs: 30_000, ...options.retryPolicy }, { onRetry: (event) => core/* info */.pq((0,api_retry/* describeRetry */.eV)(event, 'GitHub')) });
    let comment;
    let shownState;
    let landed = new Map();
    const withLanded = (artifacts) => (landed = new Map([...landed, ...artifacts]));
    const view = (projectId, builds, artifacts, final) => ({
        projectId,
        builds,
        artifacts,
        commit: plan.pullRequest.headSha,
        repositoryUrl,
        runUrl: run,
        final,
        updatedAt: Date.now(),
    });
    const commentFor = (projectId) => (comment ??= new PrComment(github, { owner, repo, issueNumber: plan.pullRequest.number, marker: commentMarker(projectId) }, { minIntervalMs: options.minIntervalMs ?? MIN_INTERVAL_MS, retry, signal: options.signal }));
    return {
        update(projectId, builds, artifacts = new Map()) {
            const next = view(projectId, builds, withLanded(artifacts), false);
            // The time of the update alone is no new state.
            const state = renderComment({ ...next, updatedAt: 0 });
            if (state === shownState)
                return;
            shownState = state;
            commentFor(projectId).show(renderComment(next));
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
        ...(options.signal && { request: { signal: options.signal } }),
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

//# sourceMappingURL=242.index.js.map
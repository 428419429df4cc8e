export const id = 326;
export const ids = [326];
export const modules = {

/***/ 96584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cl: () => (/* binding */ createGitHub),
/* harmony export */   Jz: () => (/* binding */ isRateLimited),
/* harmony export */   SU: () => (/* binding */ parseRepository),
/* harmony export */   nG: () => (/* binding */ httpStatus),
/* harmony export */   to: () => (/* binding */ isWrittenTooSoon),
/* harmony export */   x9: () => (/* binding */ isAlreadyExists),
/* harmony export */   zL: () => (/* binding */ callFailure)
/* harmony export */ });
/* unused harmony exports MAX_GITHUB_ANSWER_BYTES, GitHubTimeoutError, answerErrorOf */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61351);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(86856);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46752);
/* harmony import */ var _http_dispatcher_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3839);
/* harmony import */ var _http_bounded_body_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(35242);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(58549);
/* harmony import */ var _runner_log_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(47708);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(28902);
/* harmony import */ var _http_error_body_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(94995);
/* harmony import */ var _runner_deadline_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(20496);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(58382);
/* harmony import */ var _shared_timing_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(61227);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(73116);
// The GitHub REST client: the real Octokit from @actions/github, every request through the action's
// one proxy-aware dispatcher (undici's fetch on it) under the one retry policy (a hook around
// Octokit's request), each attempt bounded in time, GitHub's pacing of writes from its throttling
// plugin, logging through the step's log; an answer that fails a request is thrown as the one
// GitHubAnswerError. Every answer Octokit reads whole is bounded as the service's are: in bytes
// counted after decompression, and in depth (http/bounded-body.ts). Also the one reading of a failed GitHub call for that policy, shared by the
// asset uploads and the artifact service, which do not go through Octokit.













/**
 * The most of one GitHub answer that is read whole, counted after decompression: a page of 100
 * releases with their assets is ~1 MB. The build service's JSON answers have the same bound
 * (MAX_JSON_ANSWER_BYTES); an asset's bytes, streamed to their reader, are bounded by its size.
 */
const MAX_GITHUB_ANSWER_BYTES = 16 * 1024 * 1024;
/** A GitHub request gave no (whole) answer within its bound: one failed attempt, worth another. */
class GitHubTimeoutError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .ActionError */ .lZ {
    timeoutMs;
    constructor(timeoutMs) {
        super(`GitHub gave no answer within ${timeoutMs / 1000} s`);
        this.timeoutMs = timeoutMs;
    }
}
const createGitHub = (token, options) => {
    const dispatcher = options.dispatcher ?? (0,_http_dispatcher_js__WEBPACK_IMPORTED_MODULE_2__/* .createDispatcher */ .SM)();
    const github = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        baseUrl: options.baseUrl,
        // Octokit takes `request` whole, not merged with @actions/github's: its fetch is ours.
        request: { fetch: fetchThrough(dispatcher), signal: options.signal },
        log: {
            debug: _runner_log_js__WEBPACK_IMPORTED_MODULE_5__/* .stepLog */ .tV.debug,
            info: _runner_log_js__WEBPACK_IMPORTED_MODULE_5__/* .stepLog */ .tV.debug,
            warn: _runner_log_js__WEBPACK_IMPORTED_MODULE_5__/* .stepLog */ .tV.warning,
            error: _runner_log_js__WEBPACK_IMPORTED_MODULE_5__/* .stepLog */ .tV.error,
        },
        throttle: {
            enabled: options.throttle,
            // The retry policy waits rate limits out; the plugin only paces.
            onRateLimit: () => false,
            onSecondaryRateLimit: () => false,
        },
    }, 
    // Listed before the throttle, so inside its queue: an attempt's time starts when it is sent.
    boundedAttempts(options.requestTimeoutMs ?? _shared_timing_js__WEBPACK_IMPORTED_MODULE_8__/* .REQUEST_TIMEOUT_MS */ .j2, options.retry.sleep), _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_10__/* .throttling */ .A);
    const { retry } = options;
    // Wrapped last, so it is the outermost layer: every attempt waits its turn in the throttle.
    github.hook.wrap('request', (request, requestOptions) => underRetryPolicy(retry, token, github.request.endpoint.parse(requestOptions), () => request(requestOptions)));
    return github;
};
/**
 * undici's fetch on `dispatcher`, in the shape Octokit calls it. Octokit reads every answer whole
 * (as text, then JSON.parse) except an asset's bytes asked for as a stream: those answers are read
 * here first, within MAX_GITHUB_ANSWER_BYTES after decompression and, when JSON, within
 * MAX_ANSWER_DEPTH, and handed to Octokit as bytes. A refused answer fails the fetch: Octokit
 * would read a body that broke off as an empty one.
 */
const fetchThrough = (dispatcher) => async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const response = await (0,undici__WEBPACK_IMPORTED_MODULE_1__/* .fetch */ .hd)(url, {
        ...init,
        dispatcher,
    });
    const asked = new Headers(init?.headers);
    const streamed = response.ok && asked.get('accept') === 'application/octet-stream';
    if (response.body === null || streamed)
        return response;
    const bound = {
        maxBytes: MAX_GITHUB_ANSWER_BYTES,
        endpoint: `GitHub ${method} ${url.pathname}${url.search}`,
        answerer: 'GitHub',
    };
    const { headers } = response;
    const encoded = !/^(identity)?$/i.test(headers.get('content-encoding')?.trim() ?? '');
    const length = headers.get('content-length');
    const bytes = await (0,_http_bounded_body_js__WEBPACK_IMPORTED_MODULE_3__/* .boundedBody */ ._j)(asBuffers(response.body), bound, {
        // A compressed answer's length is not that of the bytes counted.
        announced: !encoded && length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
        json: /^application\/([\w.-]+\+)?json\b/i.test(headers.get('content-type') ?? ''),
    });
    const read = new undici__WEBPACK_IMPORTED_MODULE_1__.Response(bytes, {
        status: response.status,
        statusText: response.statusText,
        headers,
    });
    Object.defineProperty(read, 'url', { value: response.url });
    return read;
};
/** A web stream's chunks as Buffers over the same memory. */
async function* asBuffers(body) {
    for await (const chunk of body)
        yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
}
/**
 * An Octokit plugin: each attempt ends as a GitHubTimeoutError when its answer is not read within
 * `timeoutMs`, waited on the retry runtime's clock (`sleep`), as the waits between attempts are.
 * Octokit reads a cut JSON body as an empty one, so a late abort is thrown here too.
 */
const boundedAttempts = (timeoutMs, sleep) => (octokit) => {
    octokit.hook.wrap('request', async (request, options) => {
        // Every layer of Octokit's hook chain is bound to the options the request started with (the
        // arguments a layer passes on are dropped), so the attempt's signal is set on them, and the
        // step's put back for the next attempt.
        const settings = (options.request ?? {});
        options.request = settings;
        const stop = settings.signal;
        const deadline = new AbortController();
        const answered = new AbortController();
        sleep(timeoutMs, answered.signal).then(() => deadline.abort(new GitHubTimeoutError(timeoutMs)), () => { });
        settings.signal = stop ? AbortSignal.any([stop, deadline.signal]) : deadline.signal;
        try {
            const answer = await request(options);
            deadline.signal.throwIfAborted();
            return answer;
        }
        catch (error) {
            throw deadline.signal.aborted ? deadline.signal.reason : error;
        }
        finally {
            answered.abort();
            settings.signal = stop;
        }
    });
};
/** One request (`send`, as Octokit parsed it) under the retry policy and its hints. */
function underRetryPolicy(retry, token, { method, url, request: hints = {} }, send) {
    const { signal, reconcile, alsoRetryable } = hints;
    const { pathname, search } = new URL(url);
    const write = method !== 'GET' && method !== 'HEAD';
    const asked = `${method} ${pathname}${search}`;
    return (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_6__/* .withRetries */ .LH)(retry, {
        endpoint: `GitHub ${asked}`,
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
                return { ok: true, value: await (0,_runner_deadline_js__WEBPACK_IMPORTED_MODULE_11__/* .untilStopped */ .s)(Promise.resolve(send()), signal) };
            }
            catch (error) {
                // Octokit gives an aborted request status 500: the stop, not an outage.
                if (signal?.aborted)
                    throw signal.reason;
                // An answer refused for its size or depth (fetchThrough), which Octokit wraps: final.
                const { cause } = error;
                const refused = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .isRefusedAnswer */ .nl)(error) ? error : (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .isRefusedAnswer */ .nl)(cause) ? cause : undefined;
                if (refused !== undefined) {
                    const reason = 'answer refused';
                    return {
                        ok: false,
                        failure: { retryable: false, outcomeUnknown: false, reason, toError: () => refused },
                    };
                }
                const failure = callFailure(error, {
                    now: retry.now(),
                    write,
                    toError: () => answerErrorOf(error, asked, [token]),
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
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_9__/* .RepositoryNameError */ .KI(repository);
    }
    return { owner, repo };
};
/**
 * A failed request's error as the one GitHubAnswerError when GitHub answered it (Octokit's
 * RequestError carries the answer), its message inert and without `secrets`; anything else (no
 * answer came back) as it is.
 */
function answerErrorOf(error, what, secrets) {
    const status = httpStatus(error);
    if (status === undefined || error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_9__/* .GitHubAnswerError */ .cw)
        return (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .asError */ .zR)(error);
    const { headers = {}, data } = error.response;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_9__/* .GitHubAnswerError */ .cw(what, status, { headers, data }, githubWordsOf(data, secrets));
}
/** GitHub's message in an answer's body, with the codes of a 422's `errors` ("already_exists"). */
function githubWordsOf(data, secrets) {
    if (data === undefined || data === null || data === '')
        return undefined;
    const message = (0,_http_error_body_js__WEBPACK_IMPORTED_MODULE_12__/* .serviceMessageOf */ .mX)(typeof data === 'string' ? data : JSON.stringify(data), secrets);
    const { errors } = data;
    const codes = (Array.isArray(errors) ? errors : [])
        .map((entry) => entry?.code)
        .filter((code) => typeof code === 'string');
    const detail = codes.length > 0 ? ` (${[...new Set(codes)].join(', ')})` : '';
    return message === undefined ? undefined : (0,_http_error_body_js__WEBPACK_IMPORTED_MODULE_12__/* .redact */ .E$)(`${message}${detail}`, secrets);
}
/**
 * HTTP status of a failed GitHub call (GitHubAnswerError, or Octokit's RequestError inside the
 * client's own layers); undefined when no answer came back, which Octokit reports as a 500
 * without a response.
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
    const retryAfter = (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_6__/* .parseRetryAfter */ .mu)(responseHeader(error, 'retry-after'), now);
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
            reason: (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .errorCode */ .CA)(error) ?? (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .messageOf */ .bD)(error),
            toError: facts.toError,
        };
    }
    return {
        retryable: (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_6__/* .isRetryableStatus */ .PS)(status) || isRateLimited(error),
        outcomeUnknown: false,
        retryAfterMs: askedWaitMs(error, facts.now),
        reason: `HTTP ${status}`,
        toError: facts.toError,
    };
}


/***/ }),

/***/ 73116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E7: () => (/* binding */ ArtifactUploadError),
/* harmony export */   HJ: () => (/* binding */ LostCreateArtifactError),
/* harmony export */   IK: () => (/* binding */ ReleaseAnswerError),
/* harmony export */   KI: () => (/* binding */ RepositoryNameError),
/* harmony export */   Xr: () => (/* binding */ ArtifactSettingError),
/* harmony export */   cw: () => (/* binding */ GitHubAnswerError),
/* harmony export */   d_: () => (/* binding */ ListingTooLongError),
/* harmony export */   j2: () => (/* binding */ IncompleteAnswerError),
/* harmony export */   kk: () => (/* binding */ ListingPageError),
/* harmony export */   mH: () => (/* binding */ AssetLongerThanListedError)
/* harmony export */ });
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(58382);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(67388);
// GitHub's side failing: the one error for a non-2xx answer, whoever asked (Octokit's REST calls, a
// release asset's upload, the artifact service's Twirp calls and its blob storage), shaped as
// Octokit's RequestError as far as the readers of a failed call look (`status`,
// `response.headers`, `response.data`); an answer that is not what it claims; a listing without
// end, or a page of it that is none; the artifact service refusing or unusable. Each message says
// how to fix it.


/** The id GitHub (or its blob storage) gave the request, which its support asks for. */
const REQUEST_ID_HEADERS = ['x-github-request-id', 'x-ms-request-id'];
const requestIdOf = (headers) => {
    for (const name of REQUEST_ID_HEADERS) {
        const value = headers[name];
        const text = Array.isArray(value) ? value[0] : value;
        if (text !== undefined && String(text).trim() !== '')
            return (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .commandText */ .jt)(String(text), 100);
    }
    return undefined;
};
class GitHubAnswerError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    /** What was asked: `GET /repos/…`, `the upload of "app.dmg"`, `CreateArtifact of artifact "x"`. */
    what;
    status;
    response;
    /** GitHub's own message, inert and without secrets; undefined when it gave none. */
    githubMessage;
    /** The request's id at GitHub, inert; undefined when the answer named none. */
    requestId;
    /**
     * `githubMessage` is taken as given, so the caller redacts its secrets from it first
     * (serviceMessageOf); it is made one inert line here all the same.
     */
    constructor(what, status, response, githubMessage) {
        const message = githubMessage === undefined ? undefined : (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .commandText */ .jt)(githubMessage, 300);
        const requestId = requestIdOf(response.headers);
        super(`GitHub answered ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .commandText */ .jt)(what, 300)} with HTTP ${status}` +
            `${message ? `: ${message}` : ''}${requestId ? ` (request id ${requestId})` : ''}`);
        this.what = what;
        this.status = status;
        this.response = response;
        this.githubMessage = message || undefined;
        this.requestId = requestId;
    }
}
/** A variable the runner sets for the artifact service is unusable (never its value). */
class ArtifactSettingError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    variable;
    constructor(variable, problem) {
        super(`${variable} ${problem}, so workflow artifacts cannot be uploaded. The runner sets it for ` +
            'every step: check that nothing in the workflow (an env: entry, an earlier step) overrides it.');
        this.variable = variable;
    }
}
class ArtifactUploadError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    /** undefined for the run's list. */
    artifactName;
    step;
    status;
    attempts;
    constructor(artifactName, step, failure) {
        const hint = step === 'CreateArtifact' && failure.status === 409
            ? ' An artifact of this name appeared in the run meanwhile (another job?): give each job its own artifact-name.'
            : failure.detail.includes('insufficient usage')
                ? " The account's artifact storage quota is used up: delete old artifacts or lower retention-days."
                : ' Re-run the job.';
        const what = step === 'upload' ? 'the upload of its bytes' : step;
        const which = artifactName === undefined ? 'Workflow artifacts' : `Workflow artifact "${artifactName}"`;
        super(`${which}: ${what} failed after ${failure.attempts} attempt(s)` +
            `${failure.status === undefined ? '' : ` (HTTP ${failure.status})`}: ${failure.detail}.${hint}`);
        this.artifactName = artifactName;
        this.step = step;
        this.status = failure.status;
        this.attempts = failure.attempts;
    }
}
/**
 * CreateArtifact was sent again after this job's own first call lost its answer, and the name is
 * held by an unfinished artifact that could not be deleted: most likely the one that first call
 * made (the service knows no other job's unfinished artifacts to this job), which the message
 * says first. `keptAt` says where the installer is instead.
 */
class LostCreateArtifactError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    artifactName;
    constructor(artifactName, keptAt) {
        super(`Workflow artifact "${artifactName}": not uploaded. This job's first CreateArtifact for it ` +
            'lost its answer, and sent again it found the name taken by an unfinished artifact that ' +
            "could not be deleted: most likely the one this job's own first call made (the answer " +
            'was lost, not the call), less likely another job uploading under the same name. The ' +
            'installer is not in a workflow artifact' +
            (keptAt === undefined ? '' : `; it is on the runner at ${keptAt}`) +
            '. Re-run the job (a new attempt starts without artifacts), or set artifact-name to a ' +
            'name of its own.');
        this.artifactName = artifactName;
    }
}
/** An answer of GitHub's about a release or an asset that is not what it claims to be. */
class ReleaseAnswerError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    what;
    problem;
    constructor(what, problem) {
        super(`GitHub answered ${what} with something that is not a release or an asset: ${problem}. ` +
            'Nothing was built from it; re-run the job, and if it persists, check GITHUB_API_URL.');
        this.what = what;
        this.problem = problem;
    }
}
/** A page of a listing that is no page of it: no list, or longer than asked for. */
class ListingPageError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    what;
    page;
    problem;
    constructor(what, page, problem) {
        super(`GitHub answered page ${page} of ${what} with something that is not a page of it: ` +
            `${problem}. Nothing was taken from it; re-run the job, and if it persists, check ` +
            'GITHUB_API_URL.');
        this.what = what;
        this.page = page;
        this.problem = problem;
    }
}
/** A listing that went on past what GitHub can hold (an endless `rel="next"`). */
class ListingTooLongError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    what;
    pages;
    constructor(what, pages, most) {
        super(`GitHub's listing of ${what} went on past ${pages} pages, more than ${most}; ` +
            'stopped reading it. Re-run the job; if it persists, check GITHUB_API_URL.');
        this.what = what;
        this.pages = pages;
    }
}
/** An answer of GitHub's that lacks the one thing the call was for (a login, an id). */
class IncompleteAnswerError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    what;
    missing;
    constructor(what, missing) {
        super(`GitHub answered ${what} without ${missing}; nothing was taken from it. ` +
            'Re-run the job; if it persists, check GITHUB_API_URL.');
        this.what = what;
        this.missing = missing;
    }
}
/** A release asset whose download went on past the size GitHub listed for it. */
class AssetLongerThanListedError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    assetId;
    listedBytes;
    constructor(assetId, listedBytes) {
        super(`asset ${assetId} holds more than the ${listedBytes} bytes GitHub listed; reading stopped there`);
        this.assetId = assetId;
        this.listedBytes = listedBytes;
    }
}
/** A repository given as something other than `owner/name`. */
class RepositoryNameError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    repository;
    constructor(repository) {
        super(`Repository "${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .commandText */ .jt)(repository, 200)}" is not "owner/name"; ` +
            'GITHUB_REPOSITORY is set by the runner, release-repository by the workflow.');
        this.repository = repository;
    }
}


/***/ }),

/***/ 76271:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y0: () => (/* binding */ MAX_PAGES),
/* harmony export */   md: () => (/* binding */ PAGE_SIZE),
/* harmony export */   vS: () => (/* binding */ readListing)
/* harmony export */ });
/* unused harmony export hasNextPage */
/* harmony import */ var http_link_header__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(60495);
/* harmony import */ var http_link_header__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(http_link_header__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73116);
// Every GitHub list read one way. Pages are asked for by number, PAGE_SIZE entries each (GitHub's
// largest), at most MAX_PAGES of them. Whether a next page exists is read from the page's `Link`
// header (RFC 8288, by http-link-header: a header it refuses names none); the URL it names is never
// followed, since the token would go with the request wherever that URL points. A page must be a
// list no longer than asked for (else ListingPageError); its entries are the caller's to check.
// The listing ends at a page that names no next one or holds no entries, after a page that gives
// the caller what it looked for, or at the cap. The cap is a result (`capped`), never an error or
// a log line here: what it means (a new comment, a warning, a failure) is each caller's to say.


/** Entries asked for per page: GitHub's largest. */
const PAGE_SIZE = 100;
/** Pages read at most (1000 entries): a release holds no more assets than that. */
const MAX_PAGES = 10;
/**
 * Reads a listing page by page: `ask` requests a page (adding the query to its own parameters),
 * `read` turns a page's entries (a list of at most PAGE_SIZE, unchecked) into what the caller
 * keeps. `what` names the listing in errors ("the releases").
 */
async function readListing(what, ask, read, options = {}) {
    const pages = [];
    let entries = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await ask({ per_page: PAGE_SIZE, page });
        const list = pageEntries(answer.data, what, page);
        const kept = read(list);
        pages.push(kept);
        entries += list.length;
        if (options.until?.(kept))
            return { end: 'found', pages };
        if (list.length === 0 || !hasNextPage(answer.headers.link))
            return { end: 'complete', pages };
    }
    return { end: 'capped', pages, entries };
}
/** A page's entries: a list of at most PAGE_SIZE, else ListingPageError. */
function pageEntries(data, what, page) {
    if (!Array.isArray(data))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ListingPageError */ .kk(what, page, '(body) is not a list');
    if (data.length > PAGE_SIZE) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ListingPageError */ .kk(what, page, `(body) holds ${data.length} entries, more than the ${PAGE_SIZE} asked for`);
    }
    return data;
}
/**
 * Whether a page's `Link` header names a next page: a link whose `rel` holds `next` (any case;
 * a link's first `rel` only, as http-link-header reads RFC 8288). A header that is no text or
 * that the parser refuses names none, and `rel="next"` inside a URL or a quoted parameter is no
 * relation. The link's URL is not returned: it is never followed. The parser lets some broken
 * headers name a next page (an unclosed quote, trailing text); that costs one more page asked
 * for by number at the API's origin, and an empty page ends the listing.
 */
function hasNextPage(link) {
    if (typeof link !== 'string')
        return false;
    try {
        return http_link_header__WEBPACK_IMPORTED_MODULE_0___default().parse(link).rel('next').length > 0;
    }
    catch {
        return false; // The parser throws on what is no Link header ("Unexpected character …").
    }
}


/***/ }),

/***/ 59961:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PublishSession: () => (/* binding */ PublishSession)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/runner/log.ts
var log = __webpack_require__(47708);
// EXTERNAL MODULE: ./src/http/dispatcher.ts
var dispatcher = __webpack_require__(3839);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(28902);
// EXTERNAL MODULE: ./src/shared/limit.ts
var limit = __webpack_require__(30050);
// EXTERNAL MODULE: ./src/runner/context.ts
var context = __webpack_require__(21953);
// EXTERNAL MODULE: ./src/builds/result.ts
var result = __webpack_require__(17196);
// EXTERNAL MODULE: ./src/runner/temp-dir.ts
var temp_dir = __webpack_require__(3672);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/http/user-agent.ts + 1 modules
var user_agent = __webpack_require__(17484);
// EXTERNAL MODULE: ./src/http/error-body.ts
var error_body = __webpack_require__(94995);
// EXTERNAL MODULE: ./src/http/errors.ts
var errors = __webpack_require__(58549);
// EXTERNAL MODULE: ./src/http/bounded-body.ts
var bounded_body = __webpack_require__(35242);
// EXTERNAL MODULE: ./src/shared/errors.ts
var shared_errors = __webpack_require__(58382);
// EXTERNAL MODULE: ./src/shared/timing.ts
var timing = __webpack_require__(61227);
// EXTERNAL MODULE: ./src/github/errors.ts
var github_errors = __webpack_require__(73116);
// EXTERNAL MODULE: ./src/github/client.ts
var client = __webpack_require__(96584);
;// CONCATENATED MODULE: ./src/github/artifact-service.ts










const TWIRP_PATH = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** One artifact's answer is ~1 KB; this bounds what a broken one can make the runner hold. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** A run's list: a few hundred bytes per artifact, a thousand artifacts at most. */
const MAX_LIST_BYTES = 16 * 1024 * 1024;
/** The run and job the token is for, from its `scp` claim's `Actions.Results:<run>:<job>`. */
function backendIdsOf(token) {
    const problem = (what) => new github_errors/* ArtifactSettingError */.Xr('ACTIONS_RUNTIME_TOKEN', what);
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
        throw new github_errors/* ArtifactSettingError */.Xr('ACTIONS_RUNTIME_TOKEN', 'is not set');
    let resultsOrigin;
    try {
        resultsOrigin = new URL(env.ACTIONS_RESULTS_URL ?? '').origin;
    }
    catch {
        throw new github_errors/* ArtifactSettingError */.Xr('ACTIONS_RESULTS_URL', 'is not a URL');
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
/**
 * Deletes the artifact `name` that this job made, finalized or not; false when it has none. The
 * way back from a CreateArtifact whose answer was lost: its artifact holds the name.
 */
async function deleteOwnArtifact(service, name) {
    try {
        await twirp(service, 'DeleteArtifact', name, [], { ...idsOf(service), name }, okAnswer);
        return true;
    }
    catch (error) {
        if (error instanceof github_errors/* ArtifactUploadError */.E7 && error.status === 404)
            return false;
        throw error;
    }
}
/** The run's finalized artifacts (every job's), or those called `name`. */
const listArtifacts = (service, name) => twirp(service, 'ListArtifacts', name, [], { ...idsOf(service), ...(name === undefined ? {} : { name_filter: name }) }, listedArtifacts, { maxBytes: MAX_LIST_BYTES });
/** A 2xx answer that is not what the call answers; asking again would not help. */
class UnexpectedAnswerError extends shared_errors/* ActionError */.lZ {
}
/**
 * A Twirp call under the retry policy; `read` takes what is needed from its answer or throws
 * UnexpectedAnswerError. `name` is the artifact it is about, for messages; `secrets` are redacted from
 * them besides the runtime token.
 */
const twirp = (service, method, name, secrets, request, read, { maxBytes = MAX_ANSWER_BYTES, reconcile } = {}) => (0,retry/* withRetries */.LH)(service.retry, {
    endpoint: callName(method, name),
    signal: service.signal,
    attempt: () => attempt(service, method, name, secrets, async () => read(await call(service, method, name, request, maxBytes, redactedOf(service, secrets)))),
    reconcile,
});
const callName = (method, name) => name === undefined ? method : `${method} of artifact "${name}"`;
/** What is never shown of an answer: the runtime token, and the call's own `secrets`. */
const redactedOf = (service, secrets) => [
    service.runtimeToken,
    ...secrets,
];
async function call(service, method, name, request, maxBytes, redacted) {
    const { statusCode, headers, body } = await service.dispatcher.request({
        origin: service.resultsOrigin,
        path: `${TWIRP_PATH}${method}`,
        method: 'POST',
        headers: {
            authorization: `Bearer ${service.runtimeToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'user-agent': user_agent/* DEFAULT_USER_AGENT */.q,
        },
        body: JSON.stringify(request),
        signal: service.signal ?? null,
        headersTimeout: timing/* ARTIFACT_SERVICE_SILENCE_MS */.aS,
        bodyTimeout: timing/* ARTIFACT_SERVICE_SILENCE_MS */.aS,
    });
    if (statusCode < 200 || statusCode >= 300) {
        const text = await (0,bounded_body/* errorBodyStart */.pF)(body);
        throw new github_errors/* GitHubAnswerError */.cw(callName(method, name), statusCode, { headers, data: (0,error_body/* jsonOf */.o_)(text) }, (0,error_body/* serviceMessageOf */.mX)(twirpMessage(text) ?? text, redacted));
    }
    const answer = await (0,bounded_body/* boundedJson */.Qt)(body, headers, {
        maxBytes,
        endpoint: method,
        answerer: 'GitHub',
    });
    if (typeof answer !== 'object' || answer === null) {
        throw new UnexpectedAnswerError(`${method} answered HTTP ${statusCode} without a JSON object`);
    }
    return answer;
}
/** The answer of a call that creates, finalizes or deletes: `ok: true`, as the library checks. */
function okAnswer(answer) {
    if (answer.ok !== true)
        throw new UnexpectedAnswerError('the artifact service answered without "ok": true');
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
        throw new UnexpectedAnswerError('ListArtifacts answered without a list of artifacts');
    }
    return artifacts.map((artifact) => {
        const id = int64(artifact?.database_id);
        const { name, workflow_run_backend_id: run, workflow_job_run_backend_id: job } = artifact ?? {};
        if (typeof name !== 'string' || id === undefined) {
            throw new UnexpectedAnswerError('ListArtifacts answered with an artifact without name or id');
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
        return {
            ok: false,
            failure: artifactFailure(service, step, name, redactedOf(service, secrets), error),
        };
    }
}
/**
 * Said with an answer this client does not understand, or a request the service calls malformed
 * (400): GitHub's service may have changed under it.
 */
const WAY_BACK = ' (an answer this client does not expect; artifact-uploader: library uploads with ' +
    "GitHub's @actions/artifact instead)";
function artifactFailure(service, step, name, secrets, error) {
    const refusal = error instanceof github_errors/* GitHubAnswerError */.cw ? error : undefined;
    // An answer, but not the call's: asking again would get the same.
    const final = error instanceof UnexpectedAnswerError || error instanceof errors/* ResponseTooLargeError */.by;
    const words = refusal
        ? (refusal.githubMessage ?? 'the service gave no reason') +
            (refusal.requestId ? ` (request id ${refusal.requestId})` : '')
        : ((0,error_body/* serviceMessageOf */.mX)((0,shared_errors/* messageOf */.bD)(error), secrets) ?? 'no answer');
    const failure = (0,client/* callFailure */.zL)(error, {
        now: service.retry.now(),
        write: true,
        toError: (attempts) => new github_errors/* ArtifactUploadError */.E7(name, step, {
            status: refusal?.status,
            attempts,
            detail: words + (final || refusal?.status === 400 ? WAY_BACK : ''),
        }),
    });
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
// EXTERNAL MODULE: ./src/http/memory.ts + 2 modules
var memory = __webpack_require__(58421);
;// CONCATENATED MODULE: ./src/http/streamed-upload.ts
// One file sent as a request body with its Content-Length (release assets and workflow artifact
// blobs alike) through the action's proxy-aware dispatcher, read from disk no faster than the
// socket takes it, so memory stays flat whatever the file's size. No redirect is followed: the
// caller's credential goes to the URL it named and nowhere else.




// Larger reads outlive the collections that hand chunks back (the socket queues what it cannot take
// at once) and pile up until a full collection: bench/README.md, "Upload chunk size".
const READ_CHUNK_BYTES = 64 * 1024;
/** Sends the file once; undici's error when the connection fails, the signal's when it aborts. */
async function streamedUpload(upload) {
    const { url, file } = upload;
    const { statusCode, headers, body } = await upload.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: upload.method,
        headers: { ...upload.headers, 'content-length': String(file.size) },
        body: fileBody(file.path),
        signal: upload.signal ?? null,
        // Silence is bounded here; the step's deadline is the signal's to enforce.
        headersTimeout: timing/* UPLOAD_SILENCE_MS */.DH,
        bodyTimeout: timing/* UPLOAD_SILENCE_MS */.DH,
    });
    if (statusCode >= 200 && statusCode < 300) {
        return { ok: true, status: statusCode, headers, body };
    }
    return { ok: false, status: statusCode, headers, text: await (0,bounded_body/* errorBodyStart */.pF)(body) };
}
/**
 * A fresh body of the file's bytes; each attempt of an upload needs its own. undici takes an
 * iterable as a body (its types name only streams) and pulls the next chunk once the socket has
 * taken the last, which a Readable around it would only add a layer of buffering to.
 */
const fileBody = (path) => fileChunks(path);
/**
 * The file's bytes. Read synchronously: a read from the page cache (the installer was just
 * written) takes microseconds, where a read on libuv's thread pool costs two thread switches per
 * chunk and made the uploader CPU-bound (bench/README.md, "Upload reads"). The file is opened
 * only when the first chunk is asked for, and closed however the upload ends. Each chunk is
 * garbage once the socket has taken it, but V8 would keep it until its next collection (see
 * memory.ts): they are handed back as they go.
 */
function* fileChunks(path) {
    const release = (0,memory/* releaseReadBuffers */.Z)();
    const fd = (0,external_node_fs_.openSync)(path, 'r');
    try {
        for (let read = 0;;) {
            const chunk = Buffer.allocUnsafeSlow(READ_CHUNK_BYTES);
            const length = (0,external_node_fs_.readSync)(fd, chunk, 0, READ_CHUNK_BYTES, null);
            if (length === 0)
                return;
            read += length;
            release(read);
            yield length === READ_CHUNK_BYTES ? chunk : chunk.subarray(0, length);
        }
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}

;// CONCATENATED MODULE: ./src/github/artifact-upload.ts
// One file as an unzipped workflow artifact, the way @actions/artifact v6 uploads it with
// skipArchive, but streamed: CreateArtifact (Twirp at ACTIONS_RESULTS_URL's origin, with the
// runtime token) hands out a signed blob URL, one Put Blob sends the file there with its
// Content-Length (streamedUpload), and FinalizeArtifact records its size and sha256 and makes it
// exist. The library sends 8 MiB blocks through several streams at once and holds them all; this
// holds what the socket holds. The runtime token goes to the results origin only: the signature
// in the signed URL is the blob's credential.









/** The Blob service version that @azure/storage-blob, under @actions/artifact, sends. */
const STORAGE_VERSION = '2026-10-06';
/** The largest blob one Put Blob creates (storage versions from 2019-12-12 on). */
const MAX_PUT_BLOB_BYTES = 5000 * 1024 * 1024;
/**
 * The retention asked for, within the repository's maximum (GITHUB_RETENTION_DAYS), with
 * @actions/artifact's warning when it had to be lowered.
 */
function allowedRetentionDays(days, env) {
    const max = Number.parseInt(env.GITHUB_RETENTION_DAYS ?? '', 10);
    if (!days || Number.isNaN(max) || max <= 0 || max >= days)
        return days || undefined;
    log/* stepLog */.tV.warning('Retention days cannot be greater than the maximum allowed retention set within the ' +
        `repository. Using ${max} instead.`);
    return max;
}
/** `expires_at` as protobuf's JSON writes a Timestamp: `days` calendar days from `now`. */
function expiresAt(days, now) {
    const at = new Date(now);
    at.setDate(at.getDate() + days);
    return at.toISOString().replace('.000Z', 'Z');
}
// @actions/artifact's getMimeType (lib/internal/upload/types.js), which names the content type of
// a skipArchive upload; a contract test holds the two tables equal.
const MIME_TYPES = {
    '.txt': 'text/plain',
    '.html': 'text/html',
    '.htm': 'text/html',
    '.css': 'text/css',
    '.csv': 'text/csv',
    '.xml': 'text/xml',
    '.md': 'text/markdown',
    '.js': 'application/javascript',
    '.mjs': 'application/javascript',
    '.json': 'application/json',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.svg': 'image/svg+xml',
    '.webp': 'image/webp',
    '.ico': 'image/x-icon',
    '.bmp': 'image/bmp',
    '.tiff': 'image/tiff',
    '.tif': 'image/tiff',
    '.mp3': 'audio/mpeg',
    '.wav': 'audio/wav',
    '.ogg': 'audio/ogg',
    '.flac': 'audio/flac',
    '.mp4': 'video/mp4',
    '.webm': 'video/webm',
    '.avi': 'video/x-msvideo',
    '.mov': 'video/quicktime',
    '.pdf': 'application/pdf',
    '.doc': 'application/msword',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.xls': 'application/vnd.ms-excel',
    '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    '.ppt': 'application/vnd.ms-powerpoint',
    '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    '.zip': 'application/zip',
    '.tar': 'application/x-tar',
    '.gz': 'application/gzip',
    '.rar': 'application/vnd.rar',
    '.7z': 'application/x-7z-compressed',
    '.wasm': 'application/wasm',
    '.yaml': 'application/x-yaml',
    '.yml': 'application/x-yaml',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.ttf': 'font/ttf',
    '.otf': 'font/otf',
    '.eot': 'application/vnd.ms-fontobject',
};
const artifactMimeType = (name) => MIME_TYPES[external_node_path_default().extname(name).toLowerCase()] ?? 'application/octet-stream';
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
    const lostCreate = { uncleared: false };
    const signedUrl = await twirp(service, 'CreateArtifact', file.name, secrets, created, (answer) => signedUploadUrl(okAnswer(answer)), { reconcile: clearUnansweredCreate(service, file.name, lostCreate) }).catch((error) => {
        const taken = error instanceof github_errors/* ArtifactUploadError */.E7 && error.status === 409;
        throw taken && lostCreate.uncleared ? new github_errors/* LostCreateArtifactError */.HJ(file.name) : error;
    });
    secrets.push(maskSignature(signedUrl));
    await (0,retry/* withRetries */.LH)(service.retry, {
        endpoint: `upload of artifact "${file.name}"`,
        signal: service.signal,
        attempt: () => attempt(service, 'upload', file.name, secrets, () => putBlob(service, signedUrl, file, contentType, redactedOf(service, secrets))),
    });
    const finalized = { ...ids, size: String(file.size), hash: `sha256:${file.sha256}` };
    return twirp(service, 'FinalizeArtifact', file.name, secrets, finalized, (answer) => artifactId(okAnswer(answer)), { reconcile: finalizedEarlier(service, file.name) });
}
/**
 * Before CreateArtifact is sent again after an attempt whose answer was lost: the artifact that
 * attempt may have made holds the name, unfinalized and so unlisted, and the re-send would get a
 * 409. This job's own unfinished one is deleted, so the re-send makes the one artifact. A
 * finalized one of that name (another job's) is left alone, and the re-send's 409 names it. When
 * neither is found, `lostCreate.uncleared` says so: a 409 then is this job's own earlier call.
 */
const clearUnansweredCreate = (service, name, lostCreate) => async () => {
    if ((await listArtifacts(service, name)).length > 0)
        return undefined;
    const deleted = await deleteOwnArtifact(service, name);
    lostCreate.uncleared = !deleted;
    if (deleted) {
        log/* stepLog */.tV.info(`Artifact "${name}": the answer to its CreateArtifact was lost; deleted the unfinished ` +
            'artifact that call made, and creating it again.');
    }
    return undefined;
};
/** After a FinalizeArtifact whose answer was lost: the id, when it made this job's artifact. */
const finalizedEarlier = (service, name) => async () => (await listArtifacts(service, name)).find((listed) => listed.workflowJobRunBackendId === service.workflowJobRunBackendId)?.id;
async function putBlob(service, signedUrl, file, contentType, redacted) {
    const answer = await streamedUpload({
        dispatcher: service.dispatcher,
        method: 'PUT',
        url: signedUrl,
        headers: {
            'content-type': contentType,
            'x-ms-blob-content-type': contentType,
            'x-ms-blob-type': 'BlockBlob',
            'x-ms-version': STORAGE_VERSION,
            'user-agent': user_agent/* DEFAULT_USER_AGENT */.q,
        },
        file,
        signal: service.signal,
    });
    if (answer.ok) {
        (0,bounded_body/* discardBody */.LL)(answer.body);
        return;
    }
    const { text, headers } = answer;
    const code = headers['x-ms-error-code'];
    const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
    const words = [typeof code === 'string' ? code : undefined, message].filter(Boolean).join(': ');
    throw new github_errors/* GitHubAnswerError */.cw(`the upload of artifact "${file.name}"`, answer.status, { headers, data: (0,error_body/* jsonOf */.o_)(text) }, (0,error_body/* serviceMessageOf */.mX)(words || text, redacted));
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
        throw new UnexpectedAnswerError('CreateArtifact answered without an http(s) signed_upload_url');
    }
    return url;
}
/** Masks the URL's signature in the log, as @actions/artifact does; returns it for redaction. */
function maskSignature(url) {
    const signature = url.searchParams.get('sig') ?? url.search.slice(1);
    for (const spelling of new Set([signature, encodeURIComponent(signature)])) {
        if (spelling !== '')
            log/* stepLog */.tV.setSecret(spelling);
    }
    return signature;
}
function artifactId(answer) {
    const id = int64(answer.artifact_id);
    if (id === undefined || id <= 0) {
        throw new UnexpectedAnswerError('FinalizeArtifact answered without an artifact_id');
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

// EXTERNAL MODULE: ./src/publish/errors.ts
var publish_errors = __webpack_require__(54188);
// EXTERNAL MODULE: ./src/publish/names.ts
var names = __webpack_require__(27479);
// EXTERNAL MODULE: ./src/runner/run-url.ts
var run_url = __webpack_require__(4715);
// EXTERNAL MODULE: ./src/text/durations.ts
var durations = __webpack_require__(51966);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
;// CONCATENATED MODULE: ./src/publish/artifacts.ts
// Workflow artifacts: one unzipped artifact per installer, uploaded as each installer arrives,
// streamed from disk (artifact-upload.ts). @actions/artifact v6 uploads only the rare installer
// too big for one Put Blob, and every one with artifact-uploader: library (bench/README.md,
// "Why our own artifact client"). None on GitHub Enterprise Server, which has no artifact service.














/** The artifact backend is only reachable from inside a GitHub Actions job. */
const artifactBackendMissing = (env) => {
    if (!env.ACTIONS_RUNTIME_TOKEN)
        return 'ACTIONS_RUNTIME_TOKEN';
    if (!env.ACTIONS_RESULTS_URL)
        return 'ACTIONS_RESULTS_URL';
    return undefined;
};
const artifactUrl = (site, repository, id) => `${(0,run_url/* runUrl */.V)(site, repository)}/artifacts/${id}`;
/** Says why this step uploads no workflow artifacts, when it does not; false when it can. */
function saidSkipped(runner) {
    if (runner.enterpriseServer) {
        const host = (0,text_escape/* commandText */.jt)(new URL(runner.serverUrl).host, 100);
        log/* stepLog */.tV.notice(`Workflow artifacts skipped: this run is on GitHub Enterprise Server (${host}), which has ` +
            'no artifact service for them (artifacts v4; @actions/artifact and upload-artifact v4 ' +
            'refuse it too). Publishing goes on without them; set upload-artifacts: false to drop ' +
            'this notice.', { title: 'GitHub Enterprise Server: no workflow artifacts' });
        return true;
    }
    const missing = artifactBackendMissing(runner.env);
    if (missing === undefined)
        return false;
    log/* stepLog */.tV.info(`Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
        'GitHub Actions job (the artifact service is only reachable from there).');
    return true;
}
/** undefined (said in the log) when this step does not upload workflow artifacts. */
function openArtifactUploads(plan, context) {
    return saidSkipped(context.runner) ? undefined : new ArtifactUploads(plan, context);
}
/** One unzipped workflow artifact per installer; the service is first asked at the first upload. */
class ArtifactUploads {
    #plan;
    #context;
    #nameOf;
    /** The folder of the links made for renamed artifacts, once one is made. */
    #links = {};
    #opened;
    constructor(plan, context) {
        this.#plan = plan;
        this.#context = context;
        this.#nameOf = (0,names/* createNamer */.Uf)('artifact-name', plan.nameTemplate);
    }
    /** Uploads one installer as its own artifact; throws what stopped it. */
    async upload(installer) {
        const plan = this.#plan;
        const context = this.#context;
        const name = this.#nameOf(installer);
        const way = await (this.#opened ??=
            plan.uploader === 'library'
                ? openLibrary(plan, context, this.#links)
                : openStreamed(plan, context, this.#links));
        if (way.existing.has(name)) {
            if (plan.onExisting === 'fail')
                throw new publish_errors/* ArtifactExistsError */.d1(name);
            log/* stepLog */.tV.info(`Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
                'uploading the new one (artifact-overwrite: true).');
            await way.delete(name);
            way.existing.delete(name);
        }
        const start = context.retry.now();
        const id = await way.upload(installer, name).catch((error) => {
            // The installer stays reachable: say where it is.
            if (!(error instanceof github_errors/* LostCreateArtifactError */.HJ))
                throw error;
            throw new github_errors/* LostCreateArtifactError */.HJ(name, installer.path);
        });
        const end = context.retry.now();
        const url = artifactUrl(context.runner, context.repository, id);
        log/* stepLog */.tV.info(`${(0,result/* labelOf */.Wy)(installer)}: workflow artifact "${name}" (id ${id}) in ` +
            `${(0,durations/* formatSeconds */.Xo)(end - start)}: ${url}`);
        return { buildId: installer.buildId, name, id, url, span: { start, end } };
    }
    /** Removes the links made for renamed artifacts. */
    async close() {
        if (this.#links.dir !== undefined)
            await (0,promises_.rm)(this.#links.dir, { recursive: true, force: true });
    }
}
// At the first upload, so a run without artifacts never asks the service anything.
async function openStreamed(plan, context, links) {
    const service = artifactServiceOf(context.runner.env, context);
    const retentionDays = allowedRetentionDays(plan.retentionDays, context.runner.env);
    return {
        existing: await listArtifactNames(service),
        delete: (name) => deleteArtifact(service, name),
        async upload(installer, name) {
            if (installer.size <= MAX_PUT_BLOB_BYTES) {
                return uploadArtifactFile(service, { ...installer, name }, retentionDays);
            }
            log/* stepLog */.tV.info(`Workflow artifact "${name}" is over ${MAX_PUT_BLOB_BYTES / 2 ** 20} MiB, more than ` +
                'one Put Blob takes: uploading it with @actions/artifact, in blocks.');
            return uploadWithLibrary(installer, name, linkDirOf(context, links), plan.retentionDays);
        },
    };
}
/** artifact-uploader: library, the way back to GitHub's own client for every call. */
async function openLibrary(plan, context, links) {
    log/* stepLog */.tV.info('Workflow artifacts: uploading with @actions/artifact (artifact-uploader: library).');
    const client = await libraryClient();
    const { artifacts } = await client.listArtifacts();
    return {
        existing: new Set(artifacts.map((artifact) => artifact.name)),
        delete: async (name) => {
            await client.deleteArtifact(name);
        },
        upload: (installer, name) => uploadWithLibrary(installer, name, linkDirOf(context, links), plan.retentionDays),
    };
}
const linkDirOf = (context, links) => (links.dir ??= (0,temp_dir/* makeTempDir */.m)(context.runner.runnerTemp, 'artifacts-'));
// Loaded only here: the library is several MiB of code, and its client reads process.env itself.
const libraryClient = async () => {
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 656).then(__webpack_require__.bind(__webpack_require__, 56656));
    return new DefaultArtifactClient();
};
async function uploadWithLibrary(installer, name, linkDir, retentionDays) {
    const file = await artifactSource(installer, name, linkDir);
    const { id } = await (await libraryClient()).uploadArtifact(name, [file], external_node_path_default().dirname(file), {
        skipArchive: true,
        retentionDays,
    });
    if (id === undefined) {
        throw new github_errors/* IncompleteAnswerError */.j2(`the upload of artifact "${(0,text_escape/* commandText */.jt)(name, 300)}"`, 'an artifact id');
    }
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

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/http/answer-shape.ts
var answer_shape = __webpack_require__(49384);
;// CONCATENATED MODULE: ./src/github/release-answers.ts
// GitHub's answers about releases and their assets, checked where they come in: ids are positive
// safe integers (they go into request paths), names and labels bounded and without controls, the URLs we
// show or hand on (html_url, browser_download_url) are plain http(s) URLs with nothing in them that
// could end a Markdown link or a log line, upload_url is a bounded string that uploadOriginOf
// judges before any byte is sent. Everything else GitHub sends is dropped. `digest` is optional:
// GitHub before mid-2025, and older Enterprise Server, send none.



/** GitHub caps asset names at 255 characters; a label is no longer. Room, but no payload. */
const NAME_MAX_CHARS = 1024;
const URL_MAX_CHARS = 2048;
/** `sha256:` and 64 hex digits, or another algorithm's form: short either way. */
const DIGEST_MAX_CHARS = 160;
const STATE_MAX_CHARS = 32;
const MAX_ASSETS = 1000;
const rule = (problem) => ({ error: problem, abort: true });
const id = schemas/* number */.aig(rule('is not a number'))
    .int(rule('is not a safe whole number'))
    .positive(rule('is not positive'));
const bounded = (max) => schemas/* string */.YjP().max(max, rule(`is longer than ${max} characters`));
// A name goes into SHA256SUMS lines and log lines: no line breaks or other controls, no
// bidirectional overrides.
// eslint-disable-next-line no-control-regex
const NO_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/u;
const release_answers_name = bounded(NAME_MAX_CHARS).regex(NO_CONTROLS, rule('is not plain text (it holds control characters)'));
// No whitespace or controls (a new log line), no quotes, brackets, parentheses or backslashes (the
// end of a Markdown link or of an attribute), no backtick (code).
// eslint-disable-next-line no-control-regex
const PLAIN_URL = /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f"'<>()[\]{}\\`|^]+$/u;
const shownUrl = bounded(URL_MAX_CHARS).regex(PLAIN_URL, rule('is not a plain http(s) URL (no spaces, quotes, brackets or controls)'));
const ReleaseAsset = schemas/* object */.Ikc({
    id,
    name: release_answers_name.min(1, rule('is empty')),
    // GitHub answers null for an asset uploaded without one.
    label: release_answers_name.nullish().transform((label) => label ?? ''),
    state: bounded(STATE_MAX_CHARS),
    size: schemas/* number */.aig(rule('is not a number'))
        .int(rule('is not a safe whole number'))
        .nonnegative(rule('is negative')),
    digest: bounded(DIGEST_MAX_CHARS).nullish(),
    browser_download_url: shownUrl,
});
const Release = schemas/* object */.Ikc({
    id,
    tag_name: release_answers_name,
    draft: schemas/* boolean */.zMY(rule('is not true or false')),
    html_url: shownUrl,
    upload_url: bounded(URL_MAX_CHARS),
    // Read entry by entry (releaseAssetsOf): one bad entry costs itself.
    assets: schemas/* array */.YOg(schemas/* unknown */.L5J())
        .max(MAX_ASSETS, rule(`holds more than the ${MAX_ASSETS} assets a release can hold`))
        .optional(),
});
/** A release GitHub answered `what` with; ReleaseAnswerError naming the field when it is not one. */
function parseReleaseAnswer(data, what) {
    const parsed = Release.safeParse(data);
    if (parsed.success)
        return parsed.data;
    const { fieldPath, problem } = (0,answer_shape/* shapeProblem */.j)(parsed.error);
    throw new github_errors/* ReleaseAnswerError */.IK(what, `${fieldPath} ${problem}`);
}
/** An asset GitHub answered `what` with (an upload's answer). */
function parseAssetAnswer(data, what) {
    const parsed = ReleaseAsset.safeParse(data);
    if (parsed.success)
        return parsed.data;
    const { fieldPath, problem } = (0,answer_shape/* shapeProblem */.j)(parsed.error);
    throw new github_errors/* ReleaseAnswerError */.IK(what, `${fieldPath} ${problem}`);
}
/**
 * A list's entries (a listing page's, bounded by paged-listing.ts, or a release's embedded assets,
 * bounded by its schema): those that are valid, and a count of those that are not. One bad entry
 * costs itself (an asset we cannot name by id cannot be ours to keep or replace), not the list.
 */
function parseEntries(schema, entries) {
    const items = [];
    const refused = { count: 0, first: undefined };
    entries.forEach((entry, index) => {
        const parsed = schema.safeParse(entry);
        if (parsed.success) {
            items.push(parsed.data);
            return;
        }
        refused.count++;
        if (refused.first === undefined) {
            const { fieldPath, problem } = (0,answer_shape/* shapeProblem */.j)(parsed.error, [index]);
            refused.first = `${fieldPath} ${problem}`;
        }
    });
    return { items, refused };
}
/** The valid assets a release's answer embeds. */
const releaseAssetsOf = (release) => parseEntries(ReleaseAsset, release.assets ?? []).items;

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: ./src/github/paged-listing.ts
var paged_listing = __webpack_require__(76271);
;// CONCATENATED MODULE: ./src/github/release-asset-reads.ts
// Reading a release's assets: their listing (a paged listing, every entry checked; going on past
// the cap is an error), their bytes (never more than GitHub listed), and whether an asset holds a
// file's bytes (GitHub's digest, or without one the bytes read back).










/**
 * What GitHub's own digest says of the asset against the file: the same bytes, others, or
 * undefined when it reports no sha256 (before mid-2025, and older Enterprise Server).
 */
const digestSays = (asset, file) => {
    if (asset.state !== 'uploaded' || asset.size !== file.size)
        return false;
    if (!asset.digest?.startsWith('sha256:'))
        return undefined;
    return asset.digest === `sha256:${file.sha256}`;
};
/**
 * True when the asset on the release holds exactly the file's bytes: by GitHub's digest, or when it
 * gives none, by reading the asset back (as many bytes as the file has, no more) and hashing them.
 */
const sameContent = async (context, asset, file) => {
    const said = digestSays(asset, file);
    if (said !== undefined)
        return said;
    const read = await readAsset(context.github, context.repo, asset.id, file.size);
    const same = read === file.sha256;
    log/* stepLog */.tV.info(`GitHub reports no digest for asset "${(0,text_escape/* commandText */.jt)(asset.name)}": read its ${file.size} ` +
        `bytes back to compare: ${same ? 'the same bytes' : 'other bytes'}.`);
    return same;
};
/**
 * The release's assets. Entries that are not assets are left out, counted and said once; a
 * listing that goes on past the cap (MAX_PAGES pages, as many assets as a release can hold) is a
 * ListingTooLongError: a partial listing would hide assets this run replaces or checks.
 */
const readAssets = async (github, repo, releaseId) => {
    const what = `the assets of release ${releaseId}`;
    const listing = await (0,paged_listing/* readListing */.vS)(what, (query) => github.rest.repos.listReleaseAssets({ ...repo, release_id: releaseId, ...query }), (entries) => parseEntries(ReleaseAsset, entries));
    if (listing.end === 'capped') {
        throw new github_errors/* ListingTooLongError */.d_(what, listing.pages.length, `the ${paged_listing/* MAX_PAGES */.Y0 * paged_listing/* PAGE_SIZE */.md} assets a release can hold`);
    }
    const assets = listing.pages.flatMap((page) => page.items);
    const refused = listing.pages.reduce((sum, page) => sum + page.refused.count, 0);
    const firstProblem = listing.pages.find((page) => page.refused.count > 0)?.refused.first;
    if (refused > 0) {
        log/* stepLog */.tV.info(`GitHub listed ${refused} entr${refused === 1 ? 'y' : 'ies'} among ${what} that are not ` +
            `assets (${firstProblem}): left alone.`);
    }
    return { assets, refused };
};
const listAssets = async (github, repo, releaseId) => (await readAssets(github, repo, releaseId)).assets;
/**
 * Streams an asset's bytes through its sha256 into `sink` (nowhere when none); returns the digest,
 * or undefined when the asset is gone. More than `maxBytes` bytes is an error: GitHub said how many
 * there are.
 */
const readAsset = async (github, repo, assetId, maxBytes, sink) => {
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
        if ((0,client/* httpStatus */.nG)(error) === 404)
            return undefined;
        throw error;
    }
    const hash = (0,external_node_crypto_.createHash)('sha256');
    let read = 0;
    const hashing = new external_node_stream_.Transform({
        transform(chunk, _, done) {
            read += chunk.length;
            if (read > maxBytes) {
                done(new github_errors/* AssetLongerThanListedError */.mH(assetId, maxBytes));
                return;
            }
            hash.update(chunk);
            done(null, chunk);
        },
    });
    const drain = new external_node_stream_.Writable({ write: (_chunk, _encoding, done) => done() });
    await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.fromWeb(body), hashing, sink ?? drain);
    return hash.digest('hex');
};
/** Streams an asset's bytes to a file; returns their sha256, or undefined when the asset is gone. */
const downloadAsset = (github, repo, asset, destination) => readAsset(github, repo, asset.id, asset.size, (0,external_node_fs_.createWriteStream)(destination));

;// CONCATENATED MODULE: ./src/github/asset-upload.ts







/** An asset's JSON is ~1 KB; this bounds what a broken answer can make the runner hold. */
const asset_upload_MAX_ANSWER_BYTES = 1024 * 1024;
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
    const what = `the upload of "${(0,text_escape/* commandText */.jt)(file.name)}"`;
    const answer = await streamedUpload({
        dispatcher: transport.dispatcher,
        method: 'POST',
        url: uploadUrlFor(uploadUrl, file.name),
        headers: {
            authorization: `token ${transport.token}`,
            accept: 'application/vnd.github+json',
            'user-agent': user_agent/* DEFAULT_USER_AGENT */.q,
            'content-type': file.contentType,
        },
        file,
        signal: transport.signal,
    });
    if (!answer.ok) {
        throw new github_errors/* GitHubAnswerError */.cw(what, answer.status, { headers: answer.headers, data: (0,error_body/* jsonOf */.o_)(answer.text) }, (0,error_body/* serviceMessageOf */.mX)(answer.text, [transport.token]));
    }
    const bound = { maxBytes: asset_upload_MAX_ANSWER_BYTES, endpoint: what, answerer: 'GitHub' };
    return parseAssetAnswer(await (0,bounded_body/* boundedJson */.Qt)(answer.body, answer.headers, bound), what);
}

;// CONCATENATED MODULE: ./src/github/upload-origin.ts
// Where the GitHub token may go with a release asset. A release's upload_url comes from GitHub's
// answer, so it is checked before the token goes with it: only to the API's own origin (Enterprise
// Server's form, `https://HOST/api/uploads/…`) or to the API's origin with its leading `api.` label
// made `uploads.` (api.github.com → uploads.github.com, api.X.ghe.com → uploads.X.ghe.com). Same
// scheme and port; no exception for loopback.

/** The origins an upload may go to for the API at `apiUrl`. */
function allowedUploadOrigins(apiUrl) {
    const api = new URL(apiUrl);
    const origins = [api.origin];
    if (api.hostname.startsWith('api.')) {
        const uploads = new URL(api.origin);
        uploads.hostname = `uploads.${api.hostname.slice('api.'.length)}`;
        origins.push(uploads.origin);
    }
    return origins;
}
/** Pure: may the token go to `uploadUrl` (a release's upload_url template)? */
function uploadTargetOf(apiUrl, uploadUrl) {
    const allowedOrigins = allowedUploadOrigins(apiUrl);
    let origin;
    try {
        origin = new URL(uploadUrl).origin;
    }
    catch {
        return { allowed: false, host: `"${(0,text_escape/* commandText */.jt)(uploadUrl, 80)}" (no URL)`, allowedOrigins };
    }
    return allowedOrigins.includes(origin)
        ? { allowed: true, url: uploadUrl }
        : { allowed: false, host: (0,text_escape/* commandText */.jt)(origin, 120), allowedOrigins };
}

;// CONCATENATED MODULE: ./src/publish/release-assets.ts
// Release assets: found by name, deleted through Octokit, uploaded through the upload transport
// (asset-upload.ts) under the action's retry policy, and only to an upload URL on GitHub's own
// hosts (upload-origin.ts). Reading them is release-asset-reads.ts's.











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
/** Deletes an asset; false when it was already gone (another job deleted or replaced it). */
const deleteAsset = async (github, repo, assetId) => {
    try {
        await github.rest.repos.deleteReleaseAsset({ ...repo, asset_id: assetId });
        return true;
    }
    catch (error) {
        if ((0,client/* httpStatus */.nG)(error) === 404)
            return false;
        throw error;
    }
};
/**
 * Uploads one file to the release's `upload_url`, streaming from disk with an explicit
 * Content-Length. Transient failures are retried with a fresh stream; a 422 is accepted when the
 * asset under that name holds our bytes (a lost response, or another job moving the same file).
 * An upload_url off GitHub's hosts gets no request at all: UploadHostRefusedError.
 */
const uploadAsset = async (context, release, file) => {
    const target = uploadTargetOf(context.github.request.endpoint.DEFAULTS.baseUrl, release.upload_url);
    if (!target.allowed) {
        throw new publish_errors/* UploadHostRefusedError */.qW((0,text_escape/* commandText */.jt)(file.name), target.host, target.allowedOrigins);
    }
    return (0,retry/* withRetries */.LH)(context.retry, {
        endpoint: `upload of "${(0,text_escape/* commandText */.jt)(file.name)}"`,
        signal: context.uploads.signal,
        attempt: (attempt) => uploadOnce(context, { id: release.id, url: target.url }, file, attempt, context.retry.now()),
    });
};
async function uploadOnce(context, release, file, attempt, now) {
    const { uploads } = context;
    try {
        const asset = await postAsset(uploads, release.url, {
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
        // An answer that is no asset is not made one by asking again.
        if (error instanceof github_errors/* ReleaseAnswerError */.IK)
            throw error;
        const status = (0,client/* httpStatus */.nG)(error);
        let leftHalfDone = false;
        if ((0,client/* isAlreadyExists */.x9)(error)) {
            const landed = await landedAsset(context, release.id, file);
            if (landed.same)
                return { ok: true, value: landed.asset };
            // Only our own earlier attempt can have left it; another job's may still be uploading.
            if (attempt > 1 && landed.asset && landed.asset.state !== 'uploaded') {
                log/* stepLog */.tV.info(`Asset "${(0,text_escape/* commandText */.jt)(file.name)}" was left half-uploaded by a failed attempt; deleting it.`);
                await deleteAsset(context.github, context.repo, landed.asset.id);
                leftHalfDone = true;
            }
        }
        const failure = (0,client/* callFailure */.zL)(error, {
            now,
            write: true,
            toError: (attempts) => new publish_errors/* AssetUploadError */.cr((0,text_escape/* commandText */.jt)(file.name), {
                status,
                attempts,
                detail: error instanceof github_errors/* GitHubAnswerError */.cw
                    ? (error.githubMessage ?? 'GitHub gave no reason')
                    : (0,text_escape/* commandText */.jt)((0,shared_errors/* messageOf */.bD)(error), 300),
                alreadyExists: (0,client/* isAlreadyExists */.x9)(error),
            }),
        });
        return { ok: false, failure: { ...failure, retryable: failure.retryable || leftHalfDone } };
    }
}
/** The asset a 422 already_exists met under the file's name, and whether it holds our bytes. */
async function landedAsset(context, releaseId, file) {
    const { github, repo } = context;
    const asset = findAsset(await listAssets(github, repo, releaseId), file.name);
    if (asset === undefined || !(await sameContent(context, asset, file))) {
        return { asset, same: false };
    }
    log/* stepLog */.tV.info(`Asset "${(0,text_escape/* commandText */.jt)(asset.name)}" is on the release with these bytes already ` +
        '(an earlier attempt landed although its answer was lost): keeping it.');
    return { asset, same: true };
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
        const file = external_node_path_default().join(context.workDir, `current-${round}-${CHECKSUMS_FILE_NAME}`);
        if ((await downloadAsset(github, repo, current, file)) === undefined) {
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
        log/* stepLog */.tV.info(`${CHECKSUMS_FILE_NAME} on the release lists ${wanted.size} file(s)` +
            (currentSums.size > 0
                ? `, merged with the ${currentSums.size} line(s) already there.`
                : '.'));
        return { ok: true, value: { asset, sums: wanted } };
    }
    catch (error) {
        if (!(error instanceof publish_errors/* AssetUploadError */.cr && error.alreadyExists))
            throw error;
        log/* stepLog */.tV.info(`${CHECKSUMS_FILE_NAME} was replaced by another job meanwhile: merging again.`);
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











/** Published first (a tag has at most one), else the oldest draft: every job picks the same. */
const pickCanonical = (candidates) => [...candidates].sort((first, second) => Number(first.draft) - Number(second.draft) || first.id - second.id)[0];
const findReleases = async (github, repo, tag) => {
    const found = new Map();
    try {
        const { data } = await github.rest.repos.getReleaseByTag({ ...repo, tag });
        const release = parseReleaseAnswer(data, `the release of tag ${tag}`);
        found.set(release.id, release);
    }
    catch (error) {
        if ((0,client/* httpStatus */.nG)(error) !== 404)
            throw error;
    }
    // Drafts are only found by listing (newest first). A repository may well hold more releases than
    // the cap, and a draft of this tag is among the newest: at the cap, a warning, not a failure.
    const listing = await (0,paged_listing/* readListing */.vS)('the releases', (query) => github.rest.repos.listReleases({ ...repo, ...query }), (entries) => parseEntries(Release, entries).items);
    for (const release of listing.pages.flat()) {
        if (release.tag_name === tag)
            found.set(release.id, release);
    }
    if (listing.end === 'capped') {
        log/* stepLog */.tV.warning(`Looked for drafts of tag ${tag} among the ${paged_listing/* MAX_PAGES */.Y0 * paged_listing/* PAGE_SIZE */.md} most recent releases ` +
            'only (the listing goes on): a draft older than those is not found, and another may be created.');
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
    return parseReleaseAnswer(data, `the creation of the release of tag ${plan.tag}`);
};
/** The release every job of this tag publishes to, with duplicates folded into it. */
const ensureRelease = async (context, plan) => {
    const { github, repo } = context;
    let candidates = await findReleases(github, repo, plan.tag);
    if (candidates.length === 0) {
        try {
            const created = await createDraft(context, plan);
            log/* stepLog */.tV.info(`Created draft release ${created.id} for tag ${plan.tag}.`);
            candidates = await findReleases(github, repo, plan.tag);
            if (!candidates.some((candidate) => candidate.id === created.id))
                candidates.push(created);
        }
        catch (error) {
            if (!(0,client/* isAlreadyExists */.x9)(error))
                throw error;
            log/* stepLog */.tV.info(`Another job created the release for tag ${plan.tag} at the same moment ` +
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
        log/* stepLog */.tV.info(`Found ${duplicates.length + 1} releases for tag ${plan.tag} (parallel jobs each created a ` +
            `draft): keeping ${release.id}, moving assets from ${duplicates.map((duplicate) => duplicate.id).join(', ')} ` +
            'and deleting those.');
        for (const duplicate of duplicates) {
            movedChecksums = mergeChecksums(movedChecksums, await foldInto(context, duplicate, release));
        }
    }
    return { release, movedChecksums };
};
/**
 * Moves what `release` lacks from `duplicate`, deletes `duplicate`, returns its SHA256SUMS lines.
 * A duplicate listing entries that are not assets keeps them, and is kept: nothing is lost.
 */
const foldInto = async (context, duplicate, release) => {
    const { github, repo } = context;
    const target = await listAssets(github, repo, release.id);
    let listing;
    try {
        listing = await readAssets(github, repo, duplicate.id);
    }
    catch (error) {
        if ((0,client/* httpStatus */.nG)(error) !== 404)
            throw error;
        // Another job reconciling the same tag folded and deleted it first.
        log/* stepLog */.tV.info(`Duplicate draft release ${duplicate.id} was folded in by another job already.`);
        return new Map();
    }
    const { assets, refused } = listing;
    let sums = new Map();
    let moved = 0;
    for (const asset of assets) {
        const isChecksums = asset.name === CHECKSUMS_FILE_NAME;
        if (!isChecksums && findAsset(target, asset.label || asset.name))
            continue;
        // Our own name for the file: nothing GitHub said goes into a path.
        const file = external_node_path_default().join(context.workDir, `moved-${duplicate.id}-${++moved}`);
        const sha256 = await downloadAsset(github, repo, asset, file);
        if (sha256 === undefined)
            continue;
        if (isChecksums) {
            sums = mergeChecksums(sums, parseChecksums(await (0,promises_.readFile)(file, 'utf8')));
            continue;
        }
        const name = asset.label || asset.name;
        const { size } = await (0,promises_.stat)(file);
        const uploaded = await uploadAsset(context, release, { path: file, size, sha256, name });
        sums = mergeChecksums(sums, new Map([[uploaded.name, sha256]]));
        log/* stepLog */.tV.info(`Moved asset "${(0,text_escape/* commandText */.jt)(name)}" from duplicate release ${duplicate.id}` +
            (uploaded.name === name ? '.' : ` (GitHub named it "${(0,text_escape/* commandText */.jt)(uploaded.name)}").`));
        await deleteAsset(github, repo, asset.id);
    }
    if (refused > 0) {
        log/* stepLog */.tV.warning(`Kept duplicate draft release ${duplicate.id} of tag ${(0,text_escape/* commandText */.jt)(duplicate.tag_name)}: ` +
            `GitHub listed ${refused} entr${refused === 1 ? 'y' : 'ies'} on it that are not assets, ` +
            'which cannot be moved. Check it and delete it by hand.');
        return sums;
    }
    try {
        await github.rest.repos.deleteRelease({ ...repo, release_id: duplicate.id });
        log/* stepLog */.tV.info(`Deleted duplicate draft release ${duplicate.id}.`);
    }
    catch (error) {
        // Another job reconciling the same tag deleted it first.
        if ((0,client/* httpStatus */.nG)(error) !== 404)
            throw error;
    }
    return sums;
};

// EXTERNAL MODULE: ./src/text/plural.ts
var plural = __webpack_require__(80573);
;// CONCATENATED MODULE: ./src/publish/release-verify.ts
// The release read back before it is published: one listing of its assets (paged, bounded) and its
// SHA256SUMS, compared with what this job attached. Where GitHub gives each asset's sha256
// (`digest`), that is the check and no installer's bytes are read; where it gives none (older
// Enterprise Server), an asset is known by the id its upload got (a replacement gets a new one),
// its size and state, and SHA256SUMS read back lists its sha256.










/** More than a release's 1000 assets' lines can take; SHA256SUMS is read back, never more. */
const MAX_CHECKSUMS_BYTES = 1024 * 1024;
const sha256Of = (asset) => /^sha256:([0-9a-f]{64})$/.exec(asset.digest ?? '')?.[1];
const describeAsset = (asset) => {
    const digest = sha256Of(asset);
    return (`asset ${asset.id}, ${asset.size} bytes, state ${(0,text_escape/* commandText */.jt)(asset.state, 32)}` +
        (digest
            ? `, sha256 ${digest}`
            : asset.digest
                ? `, digest ${(0,text_escape/* commandText */.jt)(asset.digest, 160)}`
                : ''));
};
/** How one attached installer was checked, and what GitHub holds instead when it is not the same. */
const checkAttached = (asset, attached, digests) => {
    const digest = asset && sha256Of(asset);
    // An asset gone is checked as the release's others are: by digest where GitHub gives them.
    const by = (asset ? digest : digests) ? 'digest' : 'asset-id';
    const expected = `${attached.size} bytes, ` +
        (by === 'digest'
            ? `sha256 ${attached.sha256}`
            : `asset ${attached.assetId} as its upload answered (GitHub gives no digest)`);
    const discrepancy = (held) => ({
        discrepancy: { asset: (0,text_escape/* commandText */.jt)(attached.name), expected, held },
        by,
    });
    if (asset === undefined)
        return discrepancy('no asset of that name');
    const same = asset.state === 'uploaded' &&
        asset.size === attached.size &&
        (digest ? digest === attached.sha256 : asset.id === attached.assetId);
    return same ? { by } : discrepancy(describeAsset(asset));
};
/**
 * Pure: the release's listing and its SHA256SUMS as read back against
 * what this job attached. `whole`: every SHA256SUMS line is checked too (the job that publishes),
 * by the digest of the asset it names where GitHub gives one, else by that asset being there.
 */
function compareRelease(listing, held, attached, whole) {
    const byName = new Map(listing.map((asset) => [asset.name, asset]));
    const digests = listing.some((asset) => sha256Of(asset) !== undefined);
    const discrepancies = [];
    let byDigest = 0;
    let byAssetId = 0;
    for (const installer of attached) {
        const { discrepancy, by } = checkAttached(byName.get(installer.name), installer, digests);
        if (by === 'digest')
            byDigest++;
        else
            byAssetId++;
        if (discrepancy)
            discrepancies.push(discrepancy);
    }
    if ('unusable' in held) {
        discrepancies.push({
            asset: CHECKSUMS_FILE_NAME,
            expected: `a file with a line for each of ${(0,plural/* plural */.L)(attached.length, 'installer')}`,
            held: held.unusable,
        });
        return { discrepancies, byDigest, byAssetId, lines: 0 };
    }
    const sums = held.lines;
    for (const installer of attached) {
        const line = sums.get(installer.name);
        if (line !== installer.sha256) {
            discrepancies.push({
                asset: (0,text_escape/* commandText */.jt)(installer.name),
                expected: `the line "${installer.sha256}  ${(0,text_escape/* commandText */.jt)(installer.name)}" in ${CHECKSUMS_FILE_NAME}`,
                held: line === undefined ? `no line for it` : `the line "${line}"`,
            });
        }
    }
    let lines = attached.length;
    if (whole) {
        const ours = new Set(attached.map((installer) => installer.name));
        for (const [name, hex] of sums) {
            if (ours.has(name))
                continue;
            lines++;
            const asset = byName.get(name);
            const digest = asset && sha256Of(asset);
            if (asset !== undefined && asset.state === 'uploaded' && (!digest || digest === hex))
                continue;
            discrepancies.push({
                asset: (0,text_escape/* commandText */.jt)(name),
                expected: `an asset with sha256 ${hex}, as ${CHECKSUMS_FILE_NAME} lists`,
                held: asset === undefined ? 'no asset of that name' : describeAsset(asset),
            });
        }
    }
    return { discrepancies, byDigest, byAssetId, lines };
}
/** How the check ran, for the log. */
const describeCheck = (check, whole) => {
    const ways = [
        check.byDigest > 0 ? `${check.byDigest} by GitHub's sha256 digest and size` : '',
        check.byAssetId > 0
            ? `${check.byAssetId} by size, state and the asset id its upload got (GitHub gives no digest)`
            : '',
    ].filter(Boolean);
    return (`${(0,plural/* plural */.L)(check.byDigest + check.byAssetId, 'installer')} of this job: ` +
        `${ways.join(', ') || 'none'}; ` +
        `${CHECKSUMS_FILE_NAME} read back, ${(0,plural/* plural */.L)(check.lines, 'line')} checked` +
        (whole ? ' (every line, the release being published)' : ''));
};
/**
 * Reads that come back to a check that did not pass: another job of the matrix may be rewriting
 * SHA256SUMS (between its delete and its upload the release has none) or adding its line. What
 * truly differs differs at every read; that costs these rounds in the failure case only.
 */
const MAX_READS = 4;
/**
 * Reads the release back and compares (compareRelease), again a few times while it does not pass;
 * logs which check ran, its outcome and how long it took.
 */
async function verifyRelease(context, release, attached, whole) {
    const start = context.retry.now();
    const rounds = {
        ...context.retry,
        policy: { maxAttempts: MAX_READS, baseDelayMs: 200, maxDelayMs: 1_000, maxElapsedMs: 10_000 },
        onRetry: undefined,
    };
    let last;
    let reads = 0;
    // A marker for the last round's outcome, caught below by identity: it never leaves this function.
    const differs = new Error('the release read back differs');
    try {
        await (0,retry/* withRetries */.LH)(rounds, {
            endpoint: 'the release check',
            signal: context.uploads.signal,
            attempt: async () => {
                reads++;
                last = await checkOnce(context, release, attached, whole);
                if (last.discrepancies.length === 0)
                    return { ok: true, value: last };
                return {
                    ok: false,
                    failure: {
                        retryable: true,
                        outcomeUnknown: false,
                        reason: 'what GitHub holds differs',
                        toError: () => differs,
                    },
                };
            },
        });
    }
    catch (error) {
        if (error !== differs)
            throw error;
    }
    const check = last;
    log/* stepLog */.tV.info(`Release check (read back before publishing) ${check.discrepancies.length === 0 ? 'passed' : 'FAILED'} ` +
        `in ${(0,durations/* formatSeconds */.Xo)(context.retry.now() - start)}${reads > 1 ? ` (${reads} reads)` : ''}: ${describeCheck(check, whole)}.`);
    return check;
}
const checkOnce = async (context, release, attached, whole) => {
    const listing = await listAssets(context.github, context.repo, release.id);
    const sumsAsset = listing.find((asset) => asset.name === CHECKSUMS_FILE_NAME);
    const held = sumsAsset
        ? await readChecksums(context, sumsAsset)
        : { unusable: 'no asset of that name' };
    return compareRelease(listing, held, attached, whole);
};
/**
 * SHA256SUMS's lines as GitHub holds them, or why they cannot be had: larger than a release's lines
 * can be, other bytes than its size or digest say, gone while read.
 */
async function readChecksums(context, asset) {
    const unusable = (why) => ({ unusable: `${describeAsset(asset)}: ${why}` });
    if (asset.size > MAX_CHECKSUMS_BYTES)
        return unusable(`more than ${MAX_CHECKSUMS_BYTES} bytes`);
    const file = external_node_path_default().join(context.workDir, `verify-${asset.id}-${CHECKSUMS_FILE_NAME}`);
    const read = await readAsset(context.github, context.repo, asset.id, asset.size, (0,external_node_fs_.createWriteStream)(file));
    if (read === undefined)
        return unusable('gone while it was read');
    const bytes = await (0,promises_.readFile)(file);
    if (bytes.length !== asset.size)
        return unusable(`its bytes read back are ${bytes.length}`);
    const digest = sha256Of(asset);
    if (digest !== undefined && read !== digest)
        return unusable(`its bytes read back hash to ${read}`);
    return { lines: parseChecksums(bytes.toString('utf8')) };
}

;// CONCATENATED MODULE: ./src/publish/release.ts
// Release assets, atomically: find or create the draft when the first installer comes, put each
// installer on it as it arrives, then SHA256SUMS; read it back (release-verify.ts) and publish only
// when every build succeeded, every upload landed and GitHub holds what was attached. A repository
// that refuses the token is said once, as that, and stops the uploads.
















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
class ReleaseUploads {
    #context;
    #plan;
    #onAsset;
    #nameOf;
    #opened;
    #landed = [];
    #failures = [];
    /** What this run put on the release (name → sha256), for SHA256SUMS. */
    #ours = new Map();
    #attached = [];
    /** Once GitHub refused the token on the repository, no other upload is tried. */
    #refusal;
    constructor(context, plan, onAsset = () => { }) {
        this.#context = context;
        this.#plan = plan;
        this.#onAsset = onAsset;
        this.#nameOf = (0,names/* createNamer */.Uf)('asset-name', plan.assetNameTemplate);
    }
    /** Puts one installer on the draft; a failure is logged and kept for `finish`, never thrown. */
    async add(installer) {
        const context = this.#context;
        const plan = this.#plan;
        let name = installer.fileName;
        try {
            name = this.#nameOf(installer);
            if (name === CHECKSUMS_FILE_NAME) {
                throw new publish_errors/* InvalidNameError */.Tw('asset-name', name, 'is the checksum file the action writes');
            }
            // A release that cannot be had is one failure, said by `finish`, not one per installer.
            const ready = await this.#release().catch(() => undefined);
            if (ready === undefined || this.#refusal !== undefined)
                return;
            const start = context.retry.now();
            const placed = await placeAsset(context, plan, ready, installer, name);
            const end = context.retry.now();
            const asset = {
                buildId: installer.buildId,
                name: placed.asset.name,
                url: placed.asset.browser_download_url,
                span: placed.uploaded ? { start, end } : undefined,
            };
            this.#landed.push(asset);
            this.#onAsset(asset);
            this.#ours.set(placed.asset.name, installer.sha256);
            this.#attached.push({
                name: placed.asset.name,
                size: installer.size,
                sha256: installer.sha256,
                assetId: placed.asset.id,
            });
            if (placed.uploaded) {
                log/* stepLog */.tV.info(`${(0,result/* labelOf */.Wy)(installer)}: release asset "${(0,text_escape/* commandText */.jt)(placed.asset.name)}" attached to ` +
                    `${ready.release.draft ? 'draft ' : ''}${plan.tag} in ${(0,durations/* formatSeconds */.Xo)(end - start)} ` +
                    `(${installer.size} bytes)`);
            }
        }
        catch (error) {
            const failure = repositoryRefusal(context, error) ?? uploadRefusal(context, error) ?? (0,shared_errors/* asError */.zR)(error);
            if (failure instanceof publish_errors/* ReleaseRepositoryRefusedError */.yu)
                this.#refusal = failure;
            log/* stepLog */.tV.info(`Failed: ${(0,result/* labelOf */.Wy)(installer)}: release asset "${(0,text_escape/* commandText */.jt)(name)}": ${(0,text_escape/* commandText */.jt)(failure.message, 1000)}`);
            this.#failures.push(failure);
        }
    }
    /**
     * After every installer was added and its upload ended: SHA256SUMS, then the draft published
     * when the decision allows. Throws when the release itself could not be found or created.
     */
    async finish(outcome) {
        const context = this.#context;
        const failures = this.#failures;
        const { release: draft } = await this.#release();
        if (this.#refusal !== undefined)
            throw this.#refusal;
        const assets = [...this.#landed];
        if (this.#ours.size > 0) {
            try {
                const { asset } = await updateChecksums(context, draft, this.#ours);
                assets.push({
                    buildId: null,
                    name: asset.name,
                    url: asset.browser_download_url,
                    span: undefined,
                });
            }
            catch (error) {
                log/* stepLog */.tV.info(`Failed: ${CHECKSUMS_FILE_NAME}: ${(0,text_escape/* commandText */.jt)((0,shared_errors/* messageOf */.bD)(error), 1000)}`);
                failures.push((0,shared_errors/* asError */.zR)(error));
            }
        }
        const { release: final, verified } = await publishIfAllowed(context, this.#plan, draft, { ...outcome, attached: this.#attached }, failures);
        // A draft's download URLs (`…/download/untagged-…/`) stop working once it is published.
        const urls = new Map(releaseAssetsOf(final).map((asset) => [asset.name, asset.browser_download_url]));
        return {
            result: {
                url: final.html_url,
                id: final.id,
                published: !final.draft,
                verified,
                assets: assets.map((asset) => ({ ...asset, url: urls.get(asset.name) ?? asset.url })),
            },
            failures,
        };
    }
    #release() {
        return (this.#opened ??= release_open(this.#context, this.#plan, this.#ours));
    }
}
async function release_open(context, plan, ours) {
    const { release, movedChecksums } = await ensureRelease(context, plan).catch((error) => {
        throw repositoryRefusal(context, error) ?? error;
    });
    for (const [name, sha256] of movedChecksums)
        ours.set(name, sha256);
    log/* stepLog */.tV.info(`Publishing to ${release.draft ? 'draft ' : ''}release ${release.id} for tag ${plan.tag}: ` +
        (0,text_escape/* commandText */.jt)(release.html_url, 500));
    const existing = await listAssets(context.github, context.repo, release.id);
    return { release, existing };
}
/** Puts one installer on the release: kept when identical, replaced per `overwrite`, or uploaded. */
const placeAsset = async (context, plan, { release, existing }, installer, name) => {
    const { github, repo } = context;
    const file = { path: installer.path, size: installer.size, sha256: installer.sha256, name };
    const found = findAsset(existing, name);
    if (found) {
        const shown = (0,text_escape/* commandText */.jt)(found.name);
        if (await sameContent(context, found, file)) {
            log/* stepLog */.tV.info(`Asset "${shown}" is already on the release with the same bytes: kept.`);
            return { asset: found, uploaded: false };
        }
        const releaseUrl = (0,text_escape/* commandText */.jt)(release.html_url, 500);
        if (!plan.overwrite)
            throw new publish_errors/* AssetExistsError */.NR(shown, releaseUrl);
        log/* stepLog */.tV.info(`Replacing asset "${shown}" from an earlier run (overwrite: true).`);
        await deleteAsset(github, repo, found.id).catch((error) => {
            if (!(error instanceof github_errors/* GitHubAnswerError */.cw) || error.status !== 422)
                throw error;
            throw new publish_errors/* AssetLockedError */.jp(shown, releaseUrl, error);
        });
    }
    const asset = await uploadAsset(context, release, file);
    if (asset.name !== name) {
        log/* stepLog */.tV.info(`GitHub renamed "${(0,text_escape/* commandText */.jt)(name)}" to "${(0,text_escape/* commandText */.jt)(asset.name)}"; its label keeps the original name.`);
    }
    return { asset, uploaded: true };
};
/**
 * GitHub refusing the token on the release's repository, where `error` says so: a 403 that is not
 * its rate limit, or a 404 for the repository's releases (listed or created), which GitHub answers
 * for a repository the token cannot see.
 */
const repositoryRefusal = (context, error) => {
    if (!(error instanceof github_errors/* GitHubAnswerError */.cw))
        return undefined;
    const refused = (error.status === 403 && !(0,client/* isRateLimited */.Jz)(error)) ||
        (error.status === 404 && /^(GET|POST) \S*\/releases(\?|$)/.test(error.what));
    if (!refused)
        return undefined;
    const { owner, repo } = context.repo;
    return new publish_errors/* ReleaseRepositoryRefusedError */.yu(`${owner}/${repo}`, error.status, context.elsewhere, error.githubMessage);
};
/** An upload GitHub refused with a 403 (not its rate limit): the token cannot write there. */
const uploadRefusal = (context, error) => {
    if (!(error instanceof publish_errors/* AssetUploadError */.cr) || error.status !== 403)
        return undefined;
    if (/rate limit/i.test(error.message))
        return undefined;
    const { owner, repo } = context.repo;
    return new publish_errors/* ReleaseRepositoryRefusedError */.yu(`${owner}/${repo}`, 403, context.elsewhere);
};
/**
 * Reads the release back (verifyRelease), then publishes the draft when the check passed and the
 * decision allows; returns the release as it now is. A failed check is a ReleaseVerificationError
 * in `failures`, and the release stays a draft.
 */
const publishIfAllowed = async (context, plan, release, outcome, failures) => {
    const { github, repo } = context;
    // Another job may have published it while this one uploaded.
    const current = parseReleaseAnswer((await github.rest.repos.getRelease({ ...repo, release_id: release.id })).data, `the release ${release.id}`);
    const decision = publishDecision({
        allBuildsSucceeded: outcome.allBuildsSucceeded,
        failedUploads: failures.length,
        keepDraft: plan.draft,
        isDraft: current.draft,
    });
    // The job that publishes it (or finds it public) checks every line; the others their own.
    const whole = decision.publish || !current.draft;
    // A draft another job publishes, and nothing of this job's on it: nothing to check here.
    if (outcome.attached.length === 0 && !whole) {
        const final = await publishOrKeep(context, plan, current, outcome, failures, decision);
        return { release: final, verified: undefined };
    }
    const failure = await checkRelease(context, plan, current, outcome.attached, whole);
    if (failure === undefined) {
        const final = await publishOrKeep(context, plan, current, outcome, failures, decision);
        return { release: final, verified: final.draft ? undefined : true };
    }
    failures.push(failure);
    const reason = 'its assets read back are not what was attached';
    const kept = {
        publish: false,
        reason: decision.publish ? reason : `${decision.reason}, and ${reason}`,
    };
    return {
        release: await publishOrKeep(context, plan, current, outcome, failures, kept),
        verified: false,
    };
};
/** The release read back (verifyRelease): undefined when it passed, else why not. */
const checkRelease = async (context, plan, current, attached, whole) => {
    try {
        const check = await verifyRelease(context, current, attached, whole);
        if (check.discrepancies.length === 0)
            return undefined;
        const error = new publish_errors/* ReleaseVerificationError */.fx(plan.tag, (0,text_escape/* commandText */.jt)(current.html_url, 500), !current.draft, check.discrepancies);
        log/* stepLog */.tV.info(`Failed: ${error.message}`);
        return error;
    }
    catch (error) {
        log/* stepLog */.tV.info(`Failed: the release check: ${(0,text_escape/* commandText */.jt)((0,shared_errors/* messageOf */.bD)(error), 1000)}`);
        return (0,shared_errors/* asError */.zR)(error);
    }
};
/** Publishes the draft when the decision allows; returns the release as it now is. */
const publishOrKeep = async (context, plan, current, outcome, failures, decision) => {
    const { github, repo } = context;
    const release = current;
    if (decision.publish) {
        const { data } = await github.rest.repos.updateRelease({
            ...repo,
            release_id: release.id,
            draft: false,
            make_latest: plan.makeLatest,
        });
        const published = parseReleaseAnswer(data, `the publication of release ${release.id}`);
        log/* stepLog */.tV.info(`Published release ${plan.tag}: ${(0,text_escape/* commandText */.jt)(published.html_url, 500)}`);
        return published;
    }
    if (!current.draft) {
        log/* stepLog */.tV.info(`Release ${plan.tag} is published: ${(0,text_escape/* commandText */.jt)(current.html_url, 500)}`);
    }
    else if (plan.draft && outcome.allBuildsSucceeded && failures.length === 0) {
        log/* stepLog */.tV.info(`Release ${plan.tag} left as a draft (${decision.reason}): ${(0,text_escape/* commandText */.jt)(current.html_url, 500)}`);
    }
    else {
        log/* stepLog */.tV.warning(`Release ${plan.tag} left as an unpublished draft because ${decision.reason}. ` +
            `Nothing public changed; re-run the failed jobs to complete and publish it: ${(0,text_escape/* commandText */.jt)(current.html_url, 500)}`);
    }
    return current;
};

;// CONCATENATED MODULE: ./src/publish/publish-session.ts
// Wires the publishers to the environment. Each installer's workflow artifact and release asset
// start as soon as it is handed in, under one limit of uploads in flight shared by both kinds; the
// release is finished (SHA256SUMS, published or left a draft) once every build is done.














/**
 * Uploads in flight at once, both kinds together. One stream already keeps the link as busy as curl
 * does; a second one's read buffers only add to the peak (bench/README.md, publish case a).
 */
const UPLOADS_IN_FLIGHT = 1;
class PublishSession {
    #plan;
    #options;
    #context;
    #uploads = (0,limit/* createLimiter */.z)(UPLOADS_IN_FLIGHT);
    /**
     * Every GitHub request of publishing (REST, both kinds of upload) goes through one dispatcher,
     * under one retry policy.
     */
    #transport;
    #result = { artifacts: [], release: null };
    #failures = [];
    #pending = [];
    /** null once opened to none (skipped, said once). */
    #artifacts;
    #release;
    constructor(plan, options = {}) {
        this.#plan = plan;
        this.#options = options;
        this.#context = options.context ?? (0,context/* readContext */.yI)();
        this.#transport = {
            dispatcher: (0,dispatcher/* createDispatcher */.SM)(),
            retry: gitHubRetry(options),
            signal: options.signal,
        };
    }
    /** An installer on disk: its uploads start now (within the limit). */
    add(installer) {
        const plan = this.#plan;
        if (plan.artifacts) {
            this.#artifacts ??=
                openArtifactUploads(plan.artifacts, {
                    runner: this.#context,
                    repository: plan.repository,
                    ...this.#transport,
                }) ?? null;
            if (this.#artifacts)
                this.#pending.push(this.#uploadArtifact(this.#artifacts, installer));
        }
        if (plan.release) {
            this.#release ??= startRelease(plan, plan.release, this.#context, this.#options, this.#transport);
            const opened = this.#release.uploads;
            this.#pending.push(this.#uploads(() => opened.add(installer)));
        }
    }
    /** After the last `add`: waits for the uploads and finishes the release; PublishError on any failure. */
    async finish(outcome) {
        const failures = this.#failures;
        try {
            await Promise.all(this.#pending);
            await this.#artifacts?.close();
            if (this.#release) {
                const { uploads: opened, tag, workDir } = this.#release;
                try {
                    const done = await log/* stepLog */.tV.group(`Release ${tag}`, () => opened.finish(outcome));
                    this.#result.release = done.result;
                    failures.push(...done.failures);
                }
                catch (error) {
                    failures.push(reported('Release', error));
                }
                finally {
                    await (0,promises_.rm)(workDir, { recursive: true, force: true });
                }
            }
        }
        finally {
            await this.#transport.dispatcher.close();
        }
        if (failures.length > 0)
            throw new publish_errors/* PublishError */.S1(failures, this.#result);
        return this.#result;
    }
    async #uploadArtifact(uploader, installer) {
        try {
            const artifact = await this.#uploads(() => uploader.upload(installer));
            this.#result.artifacts.push(artifact);
            this.#options.onArtifact?.(artifact);
        }
        catch (error) {
            const failure = (0,shared_errors/* asError */.zR)(error);
            log/* stepLog */.tV.info((0,text_escape/* commandText */.jt)(`Failed: ${(0,result/* labelOf */.Wy)(installer)}: workflow artifact: ${failure.message}`, 1000));
            this.#failures.push(failure);
        }
    }
}
const gitHubRetry = (options) => {
    const retryBaseMs = options.retryBaseMs ?? 1000;
    return {
        ...(0,retry/* defaultRetryRuntime */.kv)({
            maxAttempts: options.uploadAttempts ?? 4,
            baseDelayMs: retryBaseMs,
            maxDelayMs: retryBaseMs * 30,
            maxElapsedMs: 10 * 60_000,
        }, { onRetry: (event) => log/* stepLog */.tV.info((0,retry/* describeRetry */.eV)(event, 'GitHub')) }),
        ...(options.clock && { now: options.clock.now, sleep: options.clock.sleep }),
    };
};
function startRelease(plan, releasePlan, context, options, transport) {
    const workDir = (0,temp_dir/* makeTempDir */.m)(context.runnerTemp, 'release-');
    const github = (0,client/* createGitHub */.Cl)(plan.githubToken, {
        baseUrl: context.apiUrl,
        retry: transport.retry,
        throttle: options.throttle ?? true,
        signal: options.signal,
        dispatcher: transport.dispatcher,
    });
    const elsewhere = releasePlan.repository !== plan.repository;
    const uploads = new ReleaseUploads({
        github,
        repo: (0,client/* parseRepository */.SU)(releasePlan.repository),
        elsewhere,
        targetCommitish: elsewhere ? undefined : context.sha,
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
// Logged in the group where it happened; the caller turns the PublishError into the one annotation.
const reported = (what, error) => {
    const failure = (0,shared_errors/* asError */.zR)(error);
    log/* stepLog */.tV.info((0,text_escape/* commandText */.jt)(`Failed: ${what.toLowerCase()}: ${failure.message}`, 1000));
    return failure;
};


/***/ }),

/***/ 89565:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PreviewComment: () => (/* binding */ PreviewComment)
});

// EXTERNAL MODULE: ./src/runner/log.ts
var log = __webpack_require__(47708);
// EXTERNAL MODULE: ./src/shared/timing.ts
var timing = __webpack_require__(61227);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(28902);
// EXTERNAL MODULE: ./src/text/durations.ts
var durations = __webpack_require__(51966);
// EXTERNAL MODULE: ./src/github/client.ts
var client = __webpack_require__(96584);
// EXTERNAL MODULE: ./src/runner/run-url.ts
var run_url = __webpack_require__(4715);
// EXTERNAL MODULE: ./src/shared/errors.ts
var errors = __webpack_require__(58382);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
// EXTERNAL MODULE: ./src/github/errors.ts
var github_errors = __webpack_require__(73116);
;// CONCATENATED MODULE: ./src/github/comment-identity.ts

/** A user's login, or a bot's with its `[bot]` suffix; nothing else is taken for an identity. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98})(?:\[bot\])?$/;
const isLogin = (value) => typeof value === 'string' && LOGIN.test(value);
/** The login in GraphQL's answer to `{ viewer { login } }`; undefined when it holds none. */
function viewerLogin(answer) {
    const login = answer?.viewer?.login;
    return isLogin(login) ? login : undefined;
}
/** The login the token writes as; throws when GitHub does not say. */
async function tokenLogin(github, signal) {
    const answer = await github.graphql('query { viewer { login } }', {
        request: signal ? { signal } : {},
    });
    const login = viewerLogin(answer);
    if (login === undefined)
        throw new github_errors/* IncompleteAnswerError */.j2("the query of the token's login", 'a login');
    return login;
}

;// CONCATENATED MODULE: ./src/github/comment-listing.ts
// GitHub's answers about issue comments, read at the edge: a comment is taken only with an integer
// id; its body and author's login only when they are text. Paging them is paged-listing.ts's. Pure.
const isCommentId = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/** One comment of an answer; undefined when it has no usable id. */
function commentOf(raw) {
    const { id, body, user } = (raw ?? {});
    if (!isCommentId(id))
        return undefined;
    const login = user?.login;
    return {
        id,
        login: typeof login === 'string' ? login : undefined,
        body: typeof body === 'string' ? body : '',
    };
}
/** The comments among a listing page's entries. */
const commentsOf = (entries) => entries.flatMap((raw) => commentOf(raw) ?? []);
/** How a page's marked comments split: the first by `login`, and the others' authors. */
function markedBy(comments, marker, login) {
    const marked = comments.filter((comment) => comment.body.startsWith(marker));
    return {
        own: marked.find((comment) => comment.login === login),
        strangers: marked.filter((comment) => comment.login !== login),
    };
}

// EXTERNAL MODULE: ./src/github/paged-listing.ts
var paged_listing = __webpack_require__(76271);
;// CONCATENATED MODULE: ./src/github/pr-comment.ts
// One comment on a pull request, kept current: found again by its marker among the comments the
// token's own account wrote (a marked comment by anyone else is left alone), created when missing,
// edited in place. The search is a paged listing (paged-listing.ts): when it stops at the cap, a
// new comment is made and the log says so once. Writes are coalesced: the newest text wins, at
// most one write per `minIntervalMs` (but the last one goes at once), and they never hold up the
// caller. The GitHub client retries every request under the action's retry policy; a failure
// (an answer that is no page of comments too) is a warning, a refused token one notice, a refused
// edit a warning and a new comment, never a failure. The stop signal goes with every request: it
// ends each request, wait and retry at once, and no write starts after it.









/** Why the comment stopped before the step did, as the end of a log line. */
class CommentStoppedError extends errors/* ActionError */.lZ {
}
/** GitHub refused to edit a comment (its answer, not a missing permission of the token). */
class EditRefusedError extends errors/* ActionError */.lZ {
    commentId;
    status;
    constructor(commentId, status, githubMessage) {
        super(`GitHub refused editing comment ${commentId} (HTTP ${status}: ${githubMessage})`);
        this.commentId = commentId;
        this.status = status;
    }
}
/** GitHub's own message of a failed call, inert; a placeholder when it gave none. */
function githubMessageOf(error) {
    const message = error?.response
        ?.data?.message;
    return typeof message === 'string' && message.trim() !== ''
        ? (0,text_escape/* commandText */.jt)(message, 200)
        : 'no reason given';
}
const isRefusal = (error) => {
    const status = (0,client/* httpStatus */.nG)(error);
    return (status === 403 && !(0,client/* isRateLimited */.Jz)(error)) || status === 404;
};
class PrComment {
    #github;
    #target;
    #options;
    #comment;
    #searched = false;
    #login;
    /** Comments whose edit GitHub refused: never taken for ours again. */
    #refusedIds = new Set();
    #strangersSaid = false;
    #boundSaid = false;
    #pending;
    #written;
    #lastWriteAt = -Infinity;
    #loop;
    /** Cuts the wait between writes short when the last text comes. */
    #hurry = new AbortController();
    /** Ends the wait between writes: the last text came, or the comment stopped. */
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
    /** The comment's page, once this run wrote it: built from the pull request's and the id. */
    get url() {
        return this.writes > 0 && this.#comment
            ? `${this.#target.issueUrl}#issuecomment-${this.#comment.id}`
            : undefined;
    }
    /** Asks for `body` to be shown; returns at once. The newest body asked for wins. */
    show(body) {
        if (this.#refused || this.#stopped || body === this.#written)
            return;
        this.#pending = body;
        this.#loop ??= this.#writeLoop().finally(() => (this.#loop = undefined));
    }
    /** Resolves once every text asked for so far is written, failed or stopped. */
    get settled() {
        return this.#loop ?? Promise.resolve();
    }
    /** Shows `body` without waiting out the interval; resolves when written, failed or stopped. */
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
            this.#comment =
                (this.#comment && (await this.#edit(this.#comment, body))) ?? (await this.#create(body));
            this.#written = body;
            this.writes++;
        }
        catch (error) {
            this.#failed(error);
        }
        finally {
            this.#lastWriteAt = this.#options.retry.now();
        }
    }
    #failed(error) {
        if (this.#stopped) {
            const reason = this.#options.signal?.reason;
            const why = reason instanceof CommentStoppedError ? reason.message : 'the step stopped';
            log/* stepLog */.tV.info(`The pull-request comment was left as it was: ${why}.`);
            return;
        }
        if (error instanceof EditRefusedError) {
            this.#refused = true;
            log/* stepLog */.tV.warning(`${error.message}; this run wrote it, so the comment is left as it was.`);
            return;
        }
        if (isRefusal(error)) {
            this.#refused = true;
            log/* stepLog */.tV.notice(`Could not comment on pull request #${this.#target.issueNumber} ` +
                `(HTTP ${(0,client/* httpStatus */.nG)(error)}: ${githubMessageOf(error)}): the token needs the ` +
                '`pull-requests: write` permission (add it under `permissions:` in the workflow). Pull ' +
                'requests from forks get a read-only token, so they get no comment. The builds are not ' +
                'affected.', { title: 'No pull-request comment' });
            return;
        }
        // One warning says it; the next failures of the run only go to the log.
        const report = this.#warned ? log/* stepLog */.tV.info : log/* stepLog */.tV.warning;
        this.#warned = true;
        report(`Could not update the pull-request comment: ${(0,text_escape/* commandText */.jt)((0,errors/* messageOf */.bD)(error), 300)}`);
    }
    /** The login the token writes as, asked once; undefined when GitHub would not say. */
    #ownLogin() {
        this.#login ??= tokenLogin(this.#github, this.#options.signal).catch((error) => {
            if (this.#stopped)
                throw error;
            log/* stepLog */.tV.info(`Could not learn which account the token writes as (${(0,text_escape/* commandText */.jt)((0,errors/* messageOf */.bD)(error), 200)}): ` +
                "a new pull-request comment is made rather than editing one that may be someone else's.");
            return undefined;
        });
        return this.#login;
    }
    /**
     * The first comment by the token's account that starts with the marker (among those changed
     * since `since`, when given), within MAX_PAGES pages; undefined when there is none.
     */
    async #find(since) {
        const login = await this.#ownLogin();
        if (login === undefined)
            return undefined;
        const listing = await (0,paged_listing/* readListing */.vS)(`the comments of pull request #${this.#target.issueNumber}`, (query) => this.#github.rest.issues.listComments({
            ...this.#repo,
            issue_number: this.#target.issueNumber,
            ...query,
            ...(since !== undefined && { since }),
            request: this.#stop,
        }), (entries) => {
            const candidates = commentsOf(entries).filter((comment) => !this.#refusedIds.has(comment.id));
            return markedBy(candidates, this.#target.marker, login);
        }, { until: (page) => page.own !== undefined });
        this.#passOver(listing.pages.flatMap((page) => page.strangers), login);
        const own = listing.pages.at(-1)?.own;
        if (own)
            return { id: own.id, createdHere: false };
        if (listing.end === 'capped' && !this.#boundSaid) {
            this.#boundSaid = true;
            log/* stepLog */.tV.info(`Looked through ${paged_listing/* MAX_PAGES */.Y0} pages of comments on pull request ` +
                `#${this.#target.issueNumber} without finding this project's: a new one is made.`);
        }
        return undefined;
    }
    /** Says once that marked comments by others were left alone. */
    #passOver(strangers, login) {
        const [first] = strangers;
        if (first === undefined || this.#strangersSaid)
            return;
        this.#strangersSaid = true;
        const author = first.login === undefined ? 'an unknown author' : (0,text_escape/* commandText */.jt)(first.login, 60);
        log/* stepLog */.tV.info(`Comment ${first.id} by ${author} starts with this project's marker but was not written by ` +
            `${login}, the token's account: it is left alone.`);
    }
    async #create(body) {
        const sentAt = Date.now();
        const hints = {
            // A create whose answer was lost may have landed: look for it before sending it again.
            reconcile: () => this.#find(new Date(sentAt - timing/* COMMENT_RECONCILE_WINDOW_MS */.$W).toISOString()),
            alsoRetryable: client/* isWrittenTooSoon */.to,
        };
        const response = await this.#github.rest.issues.createComment({
            ...this.#repo,
            issue_number: this.#target.issueNumber,
            body,
            request: { ...hints, ...this.#stop },
        });
        const created = commentOf(response.data);
        if (created === undefined)
            throw new github_errors/* IncompleteAnswerError */.j2('the creation of the comment', 'a comment id');
        return { id: created.id, createdHere: true };
    }
    /**
     * Edits the comment; undefined when it is gone (deleted by someone), or when GitHub refuses to
     * edit a comment an earlier run wrote: then a new one is made.
     */
    async #edit(comment, body) {
        const hints = { alsoRetryable: client/* isWrittenTooSoon */.to };
        try {
            await this.#github.rest.issues.updateComment({
                ...this.#repo,
                comment_id: comment.id,
                body,
                request: { ...hints, ...this.#stop },
            });
            return comment;
        }
        catch (error) {
            const status = (0,client/* httpStatus */.nG)(error);
            if (status === 404)
                return undefined;
            if (status !== 403 || (0,client/* isRateLimited */.Jz)(error))
                throw error;
            const refused = new EditRefusedError(comment.id, status, githubMessageOf(error));
            if (comment.createdHere)
                throw refused;
            this.#refusedIds.add(comment.id);
            log/* stepLog */.tV.warning(`${refused.message}: the preview goes in a new comment.`);
            return undefined;
        }
    }
    /** Octokit's request option that makes the stop end the request (none: the client's own). */
    get #stop() {
        return this.#options.signal ? { signal: this.#options.signal } : {};
    }
    get #repo() {
        return { owner: this.#target.owner, repo: this.#target.repo };
    }
}

// EXTERNAL MODULE: ./src/builds/outcome.ts
var outcome = __webpack_require__(68873);
// EXTERNAL MODULE: ./src/text/plural.ts
var plural = __webpack_require__(80573);
// EXTERNAL MODULE: ./src/report/build-table.ts
var build_table = __webpack_require__(10935);
// EXTERNAL MODULE: ./src/report/causes.ts
var report_causes = __webpack_require__(40304);
;// CONCATENATED MODULE: ./src/report/render-comment.ts
// The pull-request comment, as text: pure. It says what was built (the version, each installer
// linked by its file name, why a failed build failed) in the table the job summary uses. What the
// service wrote (version, file names, ids, log lines) goes in only as code or escaped text, so a
// build cannot inject Markdown, HTML, links or @mentions into the pull request; platform and arch
// are the schema's enums, a status is one of the known words, sizes are numbers and the sha256 is
// checked hex. Nothing in it needs the API key.






/** A comment holds at most 65,536 characters: the causes of this many failed builds fit well. */
const MAX_EXPLAINED_BUILDS = 10;
/** Finds the comment again, one per pull request and project. */
const commentMarker = (projectId) => `<!-- desktop-build-action:pr-preview project=${projectId.replace(/[^A-Za-z0-9_]/g, '')} -->`;
const HEX = /^[0-9a-f]+$/;
function headline(builds, final) {
    const outcomes = builds.map(outcome/* outcomeOf */.sG);
    const count = (outcome) => outcomes.filter((each) => each === outcome).length;
    const [succeeded, failed, unfinished] = [
        count('succeeded'),
        count('failed'),
        count('unfinished'),
    ];
    if (!final) {
        return `⏳ Building ${(0,plural/* plural */.L)(builds.length, 'desktop installer')}: ${succeeded} done, ${failed} failed`;
    }
    const of = `of ${(0,plural/* plural */.L)(builds.length, 'desktop build')}`;
    if (unfinished > 0) {
        return `⏳ ${unfinished} ${of} still running; this run stopped following them`;
    }
    if (failed === 0)
        return `✅ ${(0,plural/* plural */.L)(succeeded, 'desktop installer')} ready to try`;
    return `❌ ${failed} ${of} failed, ${succeeded} succeeded`;
}
function runLine(view) {
    const version = (0,build_table/* sharedVersion */.w7)(view.builds);
    const commit = view.commit !== undefined && HEX.test(view.commit) && view.commit.length === 40
        ? `[\`${view.commit.slice(0, 7)}\`](${(0,text_escape/* markdownUrl */.$x)(`${view.repositoryUrl}/commit/${view.commit}`)})`
        : 'the pull request';
    const lead = version === undefined
        ? `Built from ${commit}`
        : `Version ${(0,text_escape/* markdownCode */.D9)(version, 80)} · built from ${commit}`;
    return `${lead} · [workflow run](${(0,text_escape/* markdownUrl */.$x)(view.runUrl)}) · updated ${(0,durations/* formatUtcMinute */.Ko)(view.updatedAt)}`;
}
function renderComment(view) {
    const causes = (0,report_causes/* failureCauses */.x)(view.builds, MAX_EXPLAINED_BUILDS);
    const table = (0,build_table/* buildTable */.Zk)(view.builds, view.artifacts);
    const ids = (0,build_table/* idList */.Mt)(view.builds);
    return [
        commentMarker(view.projectId),
        `### ${headline(view.builds, view.final)}`,
        '',
        runLine(view),
        '',
        ...(causes.length > 0 ? [...causes, ''] : []),
        ...table.head,
        ...table.rows,
        '',
        ...(0,build_table/* folded */.TM)('Build ids and sha256', ids),
        '',
        view.final
            ? '<sub>Installers are workflow artifacts of the run: signed-in users with read access can download them.</sub>'
            : '<sub>This comment updates itself while the builds run; each installer is linked as soon as its workflow artifact is uploaded.</sub>',
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/report/preview-comment.ts
// The pull-request preview comment of a run: shown when the builds are known, updated when one
// changes state or an installer's workflow artifact lands (its link shows at once), and finished
// with every link. It only reads the run's model. Its last edit has `finishWithinMs` at most (on
// its clock): then every request of the comment ends, so nothing of it holds the step after the run.








const processClock = {
    now: Date.now,
    sleep: retry/* systemSleep */.Hk,
    timeout: (ms) => AbortSignal.timeout(ms),
};
class PreviewComment {
    #plan;
    #options;
    #repo;
    #pages;
    #retry;
    #timeout;
    #github;
    /** The comment's own end (its last edit's time is up), besides the step's stop. */
    #ended = new AbortController();
    #stop;
    #comment;
    #shownState;
    #heard;
    #landed = new Map();
    constructor(plan, context, options = {}) {
        this.#plan = plan;
        this.#options = options;
        this.#repo = (0,client/* parseRepository */.SU)(plan.repository);
        this.#pages = {
            repository: (0,run_url/* repositoryUrl */.E)(context, plan.repository),
            run: (0,run_url/* runUrl */.V)(context, plan.repository),
        };
        const clock = options.clock ?? processClock;
        this.#retry = {
            ...(0,retry/* defaultRetryRuntime */.kv)({ maxAttempts: 5, maxElapsedMs: 30_000, ...options.retryPolicy }, { onRetry: (event) => log/* stepLog */.tV.info((0,retry/* describeRetry */.eV)(event, 'GitHub')) }),
            now: clock.now,
            sleep: clock.sleep,
        };
        this.#timeout = clock.timeout;
        this.#github = (0,client/* createGitHub */.Cl)(plan.githubToken, {
            baseUrl: context.apiUrl,
            retry: this.#retry,
            throttle: options.throttle ?? true,
            signal: options.signal,
        });
        this.#stop = options.signal
            ? AbortSignal.any([options.signal, this.#ended.signal])
            : this.#ended.signal;
    }
    /** The builds as they stand now: cheap to call on every change, writes only on a new state. */
    buildsChanged(builds, projectId) {
        this.#show(projectId, builds);
    }
    /**
     * The workflow artifacts uploaded so far (by build id), shown beside the builds last heard of.
     * They add to those of earlier calls: a link, once shown, stays.
     */
    artifactsLanded(artifacts) {
        this.#withLanded(artifacts);
        if (this.#heard)
            this.#show(this.#heard.projectId, this.#heard.builds);
    }
    /** The final text, with the artifact links; resolves to the comment's URL when there is one. */
    async finish(projectId, builds, published) {
        const target = this.#commentFor(projectId);
        const artifacts = this.#withLanded(published.artifacts);
        const body = renderComment(this.#view(projectId, builds, artifacts, true));
        const within = this.#options.finishWithinMs ?? timing/* COMMENT_FINISH_WITHIN_MS */.vo;
        const timeUp = `GitHub did not let it finish within ${(0,durations/* formatElapsed */.C7)(within)} of the run's end`;
        const limit = this.#timeout(within);
        const end = () => this.#ended.abort(new CommentStoppedError(timeUp));
        if (limit.aborted)
            end();
        else
            limit.addEventListener('abort', end, { once: true });
        const url = await target.finish(body).finally(() => limit.removeEventListener('abort', end));
        if (url !== undefined)
            log/* stepLog */.tV.info(`Pull-request comment: ${url} (${target.writes} write(s))`);
        return url;
    }
    /** Ends whatever of the comment is still under way (a run that ends without `finish`). */
    end() {
        // After `finish` nothing is under way, and a second abort does nothing.
        this.#ended.abort(new CommentStoppedError('the run ended without its last edit'));
    }
    /** Resolves once every change told so far is written, failed or stopped. */
    async settled() {
        return this.#comment?.settled;
    }
    #withLanded(artifacts) {
        return (this.#landed = new Map([...this.#landed, ...artifacts]));
    }
    #view(projectId, builds, artifacts, final) {
        return {
            projectId,
            builds,
            artifacts,
            commit: this.#plan.pullRequest.headSha,
            repositoryUrl: this.#pages.repository,
            runUrl: this.#pages.run,
            final,
            updatedAt: this.#retry.now(),
        };
    }
    #commentFor(projectId) {
        const { number } = this.#plan.pullRequest;
        return (this.#comment ??= new PrComment(this.#github, {
            ...this.#repo,
            issueNumber: number,
            marker: commentMarker(projectId),
            issueUrl: `${this.#pages.repository}/pull/${number}`,
        }, {
            minIntervalMs: this.#options.minIntervalMs ?? timing/* COMMENT_WRITE_INTERVAL_MS */.Ps,
            retry: this.#retry,
            signal: this.#stop,
        }));
    }
    #show(projectId, builds) {
        this.#heard = { projectId, builds };
        const next = this.#view(projectId, builds, this.#landed, false);
        // The time of the update alone is no new state.
        const state = renderComment({ ...next, updatedAt: 0 });
        if (state === this.#shownState)
            return;
        this.#shownState = state;
        this.#commentFor(projectId).show(renderComment(next));
    }
}


/***/ }),

/***/ 4715:
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
export const id = 68;
export const ids = [68];
export const modules = {

/***/ 44068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyProjectConfig: () => (/* binding */ applyProjectConfig)
});

// UNUSED EXPORTS: applyProject, findProjectByName

// EXTERNAL MODULE: ./src/runner/log.ts
var log = __webpack_require__(47708);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
// EXTERNAL MODULE: ./src/shared/errors.ts
var errors = __webpack_require__(58382);
;// CONCATENATED MODULE: ./src/config/errors.ts
// Failures of loading a project configuration and of applying it to the service. Names, keys and
// files in messages are shown inertly (a name may come from the service, a key from the file).


/** A configuration with many problems (a file of unknown keys) lists this many, then a count. */
const MAX_PROBLEMS_SHOWN = 10;
const shownName = (name) => `"${(0,text_escape/* commandText */.jt)(name, 100)}"`;
const shownFile = (file) => (0,text_escape/* commandText */.jt)(file, 200);
class ConfigFileError extends errors/* ActionError */.lZ {
    file;
    problems;
    constructor(file, problems) {
        const lines = problems
            .slice(0, MAX_PROBLEMS_SHOWN)
            .map((problem) => `  - ${problem.key || '(file)'}${problem.line === undefined ? '' : ` (line ${problem.line})`}: ${problem.message}`);
        if (problems.length > MAX_PROBLEMS_SHOWN) {
            lines.push(`  - and ${problems.length - MAX_PROBLEMS_SHOWN} more`);
        }
        super(`${shownFile(file)} is not a valid project configuration:\n${lines.join('\n')}`);
        this.file = file;
        this.problems = problems;
    }
}
class ConfigFileReadError extends errors/* ActionError */.lZ {
    file;
    constructor(file, reason) {
        super(`Cannot read the project configuration ${shownFile(file)}: ${reason}`);
        this.file = file;
    }
}
class MissingProjectFieldsError extends errors/* ActionError */.lZ {
    missing;
    constructor(missing, why) {
        super(`${why}, the project configuration needs ${missing.join(', ')}: ` +
            `set ${missing.length === 1 ? 'it' : 'them'} in the config file or the inputs`);
        this.missing = missing;
    }
}
class AmbiguousProjectError extends errors/* ActionError */.lZ {
    projectName;
    projectIds;
    constructor(projectName, projectIds) {
        super(`${projectIds.length} projects are named ${shownName(projectName)} (${projectIds.join(', ')}): set project-id to say which one`);
        this.projectName = projectName;
        this.projectIds = projectIds;
    }
}
class ProjectNotAppliedError extends errors/* ActionError */.lZ {
    projectId;
    fields;
    constructor(projectId, fields) {
        super(`The service accepted the update of project ${projectId} but still reports other values for ${fields.join(', ')}; ` +
            'check that these settings can be changed for this project, or change them in the service');
        this.projectId = projectId;
        this.fields = fields;
    }
}
class IncompleteProjectListError extends errors/* ActionError */.lZ {
    projectName;
    listed;
    total;
    constructor(projectName, listed, total) {
        super(`No project named ${shownName(projectName)} among the ${listed} projects the service listed, but it reports ${total}; ` +
            'to avoid creating a duplicate, set project-id');
        this.projectName = projectName;
        this.listed = listed;
        this.total = total;
    }
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/service/schemas.ts
var service_schemas = __webpack_require__(42051);
// EXTERNAL MODULE: ./src/runner/input-rules.ts
var input_rules = __webpack_require__(67568);
;// CONCATENATED MODULE: ./src/config/project-config.ts
// The project configuration a repository keeps (e.g. `desktop-build.json`): the Project fields of
// spec §2.1 a user may set. Every key is optional here; which ones are required depends on what is
// being done (creating needs name, url and platforms) and is checked where that is decided. Names
// and URLs follow the client's rules for the service's answers (one printable line, bounded), and
// a problem shows at most a short, inert excerpt of the value it is about.




/** Enough of a value to recognise it, too little to carry a file or a secret along. */
const EXCERPT_CHARS = 40;
/** What kind of value `input` is, without any of it. */
function kindOf(input) {
    if (input === undefined)
        return 'nothing';
    if (input === null)
        return 'null';
    if (Array.isArray(input))
        return 'a list';
    if (typeof input === 'object')
        return 'an object';
    return typeof input === 'string' && input.trim() === '' ? 'an empty string' : `a ${typeof input}`;
}
/** A string or a number as a short, inert excerpt; anything else by its kind. */
function describeValue(input) {
    if (typeof input === 'string')
        return (0,text_escape/* quotedText */.w0)((0,text_escape/* commandText */.jt)(input, EXCERPT_CHARS));
    if (typeof input === 'number' || typeof input === 'boolean') {
        return (0,text_escape/* commandText */.jt)(String(input), EXCERPT_CHARS);
    }
    return kindOf(input);
}
const project_config_text = (what, maxChars = service_schemas/* TEXT_MAX_CHARS */.JG) => schemas/* string */.YjP({ error: (issue) => `expected ${what}, got ${describeValue(issue.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, got an empty string` })
    .max(maxChars, { error: `expected ${what} of at most ${maxChars} characters`, abort: true })
    .refine(service_schemas/* isPrintable */.C2, {
    error: (issue) => `expected ${what} on one line, without control or bidirectional characters, got ${describeValue(issue.input)}`,
    abort: true,
});
const webUrl = project_config_text('an http(s) URL', service_schemas/* URL_MAX_CHARS */.R0).refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), { error: (issue) => `expected an http(s) URL, got ${describeValue(issue.input)}` });
const platform = schemas/* enum */.k5n(service_schemas/* PLATFORMS */.P4, {
    error: (issue) => `${describeValue(issue.input)} is not a platform; use ${service_schemas/* PLATFORMS */.P4.join(', ')}`,
});
const platforms = schemas/* array */.YOg(platform, {
    error: (issue) => `expected a list of platforms (${service_schemas/* PLATFORMS */.P4.join(', ')}), got ${describeValue(issue.input)}`,
})
    .min(1, { error: 'expected at least one platform' })
    .transform((list) => [...new Set(list)]);
const REVERSE_DOMAIN = /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;
const appId = project_config_text('a reverse-domain identifier').regex(REVERSE_DOMAIN, {
    error: (issue) => `expected a reverse-domain identifier such as "com.example.app", got ${describeValue(issue.input)}`,
});
const version = schemas/* string */.YjP({
    // A YAML `version: 1.2` is a number: say how to write it.
    error: (issue) => `expected a semantic version such as "1.2.3"${typeof issue.input === 'number' ? ' (quote it)' : ''}, got ${describeValue(issue.input)}`,
})
    .max(service_schemas/* VERSION_MAX_CHARS */.U7, {
    error: `expected a semantic version of at most ${service_schemas/* VERSION_MAX_CHARS */.U7} characters`,
    abort: true,
})
    .refine(input_rules/* isSemver */.nN, {
    error: (issue) => `expected a semantic version such as "1.2.3", got ${describeValue(issue.input)}`,
});
const pixels = schemas/* number */.aig({
    error: (issue) => `expected a whole number of pixels, got ${describeValue(issue.input)}`,
})
    .int({ error: (issue) => `expected a whole number of pixels, got ${describeValue(issue.input)}` })
    .min(1, {
    error: (issue) => `expected a positive number of pixels, got ${describeValue(issue.input)}`,
});
const flag = schemas/* boolean */.zMY({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` })
    .optional();
// An object expected and something else found: said by its kind only, as it may be the whole file.
const section = (what) => ({
    error: (issue) => `expected ${what}, got ${kindOf(issue.input)}`,
});
const ProjectConfig = schemas/* strictObject */.rej({
    name: project_config_text('a project name').optional(),
    url: webUrl.optional(),
    platforms: platforms.optional(),
    appId: appId.optional(),
    author: project_config_text('an author name').optional(),
    version: version.optional(),
    window: schemas/* strictObject */.rej({ width: pixels, height: pixels, resizable: flag }, section('an object with width, height and resizable'))
        .optional(),
    features: schemas/* strictObject */.rej({ autoUpdate: flag, tray: flag, menuBar: flag }, section('an object with autoUpdate, tray and menuBar'))
        .optional(),
}, section('an object of project settings'));
/** The keys each object of the configuration accepts, for "unknown key" messages. */
const CONFIG_KEYS = {
    '': Object.keys(ProjectConfig.shape),
    window: ['width', 'height', 'resizable'],
    features: ['autoUpdate', 'tray', 'menuBar'],
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/runner/paths.ts
var paths = __webpack_require__(93098);
;// CONCATENATED MODULE: ./src/config/read-config-file.ts
// Reads the repository's project configuration file, and only when it is what it says: a regular
// file inside the workspace once every symbolic link is resolved (a pull request can add a link to
// /proc/self/environ or ~/.npmrc), whose real name ends in .json, .yaml or .yml (the target's, not
// the link's), of at most MAX_CONFIG_BYTES (a configuration is a few lines; the bound keeps a huge
// file from the parser and from any message), and UTF-8 text.






const MAX_CONFIG_BYTES = 64 * 1024;
const FORMATS = {
    '.json': 'json',
    '.yaml': 'yaml',
    '.yml': 'yaml',
};
const shown = (file) => (0,text_escape/* quotedText */.w0)((0,text_escape/* commandText */.jt)(file, 200));
const inWorkspace = (workspace, real) => {
    try {
        return (0,paths/* isInWorkspace */.P_)(workspace, real);
    }
    catch {
        // No workspace to resolve: nothing is inside it.
        return false;
    }
};
/** The text and format of `configFile` (relative to `workspace` unless absolute). */
async function readConfigFile(configFile, workspace) {
    const fail = (reason) => new ConfigFileReadError(configFile, reason);
    const real = (0,paths/* resolveLinks */.Ap)(external_node_path_default().resolve(workspace, configFile));
    if (real === undefined) {
        throw fail('a symbolic link on the way leads to nothing; give a file of the repository');
    }
    if (!inWorkspace(workspace, real)) {
        throw fail(`it resolves to ${shown(real)}, which is not inside the workspace (${shown(workspace)}); ` +
            'give a file of the repository, with no symbolic link on the way that leads out of it');
    }
    const format = FORMATS[external_node_path_default().extname(real).toLowerCase()];
    if (!format) {
        const linked = real !== external_node_path_default().resolve(workspace, configFile);
        throw fail(`${linked ? `it leads to ${shown(real)}: name that file` : 'name it'} *.json, *.yaml or *.yml so its format is known`);
    }
    let handle;
    try {
        // Non-blocking: opening a FIFO would otherwise wait for a writer.
        handle = await (0,promises_.open)(real, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NONBLOCK);
    }
    catch (error) {
        const code = error.code;
        throw fail(code === 'ENOENT'
            ? `no such file in ${shown(workspace)} (check the path, and that the repository is checked out)`
            : `it cannot be opened (${code ?? 'unknown error'})`);
    }
    try {
        return { text: await readBounded(handle, fail), format };
    }
    finally {
        await handle.close();
    }
}
async function readBounded(handle, fail) {
    if (!(await handle.stat()).isFile())
        throw fail('it is not a regular file');
    const tooLarge = `it is larger than ${MAX_CONFIG_BYTES / 1024} KiB; a project configuration is a few lines`;
    // One byte more than allowed tells a file at the bound from a larger one, whatever stat said.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (;;) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0)
            break;
        length += bytesRead;
        if (length > MAX_CONFIG_BYTES)
            throw fail(tooLarge);
    }
    try {
        // Strips a byte order mark (editors on Windows write one); refuses bytes that are not UTF-8.
        return new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
    }
    catch {
        throw fail('it is not UTF-8 text');
    }
}

;// CONCATENATED MODULE: ./src/config/load-config.ts
// Parses a project configuration (JSON or YAML) and validates it, reporting every problem with
// the key, the line and the file. Bounded: the file is at most MAX_CONFIG_BYTES (read-config-file),
// YAML aliases expand at most MAX_ALIASES times, and a problem quotes at most a short, inert
// excerpt of the value it is about, never the file. A key given twice is refused in JSON as in
// YAML: parsers disagree on which one counts.





/** yaml's own guard against entity expansion ("billion laughs"); the file's size bounds the rest. */
const MAX_ALIASES = 100;
/** A key from the file, in a message. */
const KEY_CHARS = 40;
/** Loads `configFile` (relative to `workspace` unless absolute; inside the workspace). */
async function loadProjectConfig(configFile, workspace) {
    const { text, format } = await readConfigFile(configFile, workspace);
    return parseProjectConfig(text, configFile, format);
}
/** Parses and validates the text of a configuration file; `file` only names it in messages. */
function parseProjectConfig(text, file, format) {
    const lines = new dist/* LineCounter */.HN();
    const lineOf = (offset) => lines.linePos(offset).line;
    const document = (0,dist/* parseDocument */.Tp)(text, {
        lineCounter: lines,
        prettyErrors: false,
        uniqueKeys: true,
    });
    const duplicate = document.errors.find((error) => error.code === 'DUPLICATE_KEY');
    const fail = (problem) => {
        throw new ConfigFileError(file, [problem]);
    };
    let data;
    if (format === 'json') {
        data = parseJson(text, lineOf, fail);
        // JSON.parse keeps the last of two equal keys; the YAML reading of the same text sees both.
        if (duplicate)
            fail(duplicateProblem(document, duplicate, lineOf));
    }
    else {
        if (duplicate)
            fail(duplicateProblem(document, duplicate, lineOf));
        const [syntaxError] = document.errors;
        if (syntaxError) {
            fail({
                key: '',
                line: lineOf(syntaxError.pos[0]),
                message: `not valid YAML: ${(0,text_escape/* commandText */.jt)(syntaxError.message, 100)}`,
            });
        }
        data = yamlData(document, fail);
    }
    const result = ProjectConfig.safeParse(data ?? {});
    if (result.success)
        return result.data;
    const locate = (at) => {
        const offset = document.errors.length === 0 ? offsetOf(document, at) : undefined;
        return offset === undefined ? undefined : lineOf(offset);
    };
    const problems = result.error.issues.flatMap((issue) => describeIssue(issue, locate));
    throw new ConfigFileError(file, problems.sort(byLine));
}
// V8's words before the position are its own ("Expected ',' or '}' after property value"); the
// other messages quote the text around the fault, so only their kind is kept.
const JSON_POSITION = / in JSON at position (\d+)/;
function parseJson(text, lineOf, fail) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        const message = error.message;
        const at = JSON_POSITION.exec(message);
        if (at) {
            return fail({
                key: '',
                line: lineOf(Number(at[1])),
                message: `not valid JSON: ${(0,text_escape/* commandText */.jt)(message.slice(0, at.index), 100)}`,
            });
        }
        return fail({
            key: '',
            message: message.startsWith('Unexpected end')
                ? 'not valid JSON: it ends before its value does'
                : 'not valid JSON: a character is out of place (check quotes, commas and brackets)',
        });
    }
}
function yamlData(document, fail) {
    try {
        return document.toJS({ maxAliasCount: MAX_ALIASES });
    }
    catch (error) {
        // yaml throws a ReferenceError for aliases past the bound and for an alias to no anchor; its
        // message may name the alias, so only its kind is kept.
        const message = error.message;
        return fail({
            key: '',
            message: /excessive alias/i.test(message)
                ? `not valid YAML: its aliases (*name) would repeat their anchors (&name) more than ${MAX_ALIASES} times; write the values out`
                : /unresolved alias/i.test(message)
                    ? 'not valid YAML: an alias (*name) refers to no anchor (&name) before it'
                    : 'not valid YAML: it cannot be read as data',
        });
    }
}
function duplicateProblem(document, error, lineOf) {
    const [offset] = error.pos;
    let key = '';
    (0,dist/* visit */.YR)(document, {
        Pair(_, pair) {
            if ((0,dist/* isScalar */.jn)(pair.key) && pair.key.range?.[0] === offset)
                key = String(pair.key.value);
        },
    });
    return {
        key: (0,text_escape/* commandText */.jt)(key, KEY_CHARS),
        line: lineOf(offset),
        message: 'given twice in one object; keep one (parsers differ on which one counts)',
    };
}
function describeIssue(issue, locate) {
    if (issue.code === 'unrecognized_keys') {
        const parent = keyPath(issue.path);
        const allowed = CONFIG_KEYS[parent] ?? [];
        return issue.keys.map((key) => {
            const guess = closest(key, allowed);
            return {
                key: keyPath([...issue.path, key]),
                line: locate([...issue.path, key]),
                message: `unknown key${guess ? ` (did you mean "${guess}"?)` : ''}; ` +
                    `allowed ${parent ? `in ${parent}` : 'at the top level'}: ${allowed.join(', ')}`,
            };
        });
    }
    return [{ key: keyPath(issue.path), line: locate(issue.path), message: issue.message }];
}
const byLine = (left, right) => (left.line ?? Infinity) - (right.line ?? Infinity) || 0;
function keyPath(at) {
    return at
        .map((part, i) => typeof part === 'number'
        ? `[${part}]`
        : `${i === 0 ? '' : '.'}${(0,text_escape/* commandText */.jt)(String(part), KEY_CHARS)}`)
        .join('');
}
/** Offset of the key (in a mapping) or item (in a sequence) that `at` leads to. */
function offsetOf(document, at) {
    let node = document.contents;
    let offset = document.contents?.range?.[0];
    for (const part of at) {
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = node.items.find((item) => (0,dist/* isScalar */.jn)(item.key) && item.key.value === part);
            if (!pair || !(0,dist/* isScalar */.jn)(pair.key))
                return offset;
            offset = pair.key.range?.[0];
            node = pair.value;
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof part === 'number') {
            const item = node.items[part];
            if (!item)
                return offset;
            offset = item.range?.[0];
            node = item;
        }
        else {
            return offset;
        }
    }
    return offset;
}
/** The allowed key a misspelt one most likely meant (at most 2 edits away), if any. */
function closest(key, allowed) {
    let best;
    for (const candidate of allowed) {
        const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
        if (distance <= 2 && (!best || distance < best.distance))
            best = { key: candidate, distance };
    }
    return best?.key;
}
function editDistance(source, target) {
    let previous = Array.from({ length: target.length + 1 }, (_, j) => j);
    for (let i = 1; i <= source.length; i++) {
        const current = [i];
        for (let j = 1; j <= target.length; j++) {
            const substitution = (previous[j - 1] ?? 0) + (source[i - 1] === target[j - 1] ? 0 : 1);
            current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
        }
        previous = current;
    }
    return previous[target.length] ?? 0;
}

;// CONCATENATED MODULE: ./src/config/project-diff.ts
// What must change for a project to match its configuration: the PATCH body (only what differs)
// and a human description of each change, inert (it goes to the log and to the `changes` output).

const SCALARS = ['name', 'url', 'appId', 'author', 'version'];
const SECTIONS = ['window', 'features'];
/** Compares the configured fields only: a field the configuration leaves out is never changed. */
function diffProject(desired, current) {
    const patch = {};
    const changes = [];
    for (const field of SCALARS) {
        const to = desired[field];
        if (to !== undefined && to !== current[field]) {
            patch[field] = to;
            changes.push({ field, from: current[field], to });
        }
    }
    if (desired.platforms && !sameMembers(desired.platforms, current.platforms ?? [])) {
        patch.platforms = desired.platforms;
        changes.push({ field: 'platforms', from: current.platforms, to: desired.platforms });
    }
    for (const section of SECTIONS) {
        const to = withoutUndefined(desired[section] ?? {});
        const from = current[section] ?? {};
        const changed = Object.keys(to).filter((key) => to[key] !== from[key]);
        if (changed.length === 0)
            continue;
        // Send the whole object, so a service that replaces rather than merges keeps the other keys.
        patch[section] = { ...withoutUndefined(from), ...to };
        for (const key of changed)
            changes.push({ field: `${section}.${key}`, from: from[key], to: to[key] });
    }
    return { patch, changes };
}
/** A value in a change: enough to recognise it, on one line. */
const VALUE_CHARS = 100;
/** `name: a → b, platforms: [mac] → [mac, linux]` */
function describeChanges(changes) {
    return changes
        .map((change) => `${change.field}: ${formatValue(change.from)} → ${formatValue(change.to)}`)
        .join(', ');
}
function formatValue(value) {
    if (value === undefined || value === null)
        return '(unset)';
    if (Array.isArray(value))
        return `[${value.map(formatValue).join(', ')}]`;
    if (typeof value === 'string')
        return value === '' ? '""' : (0,text_escape/* commandText */.jt)(value, VALUE_CHARS);
    return (0,text_escape/* commandText */.jt)(JSON.stringify(value) ?? typeof value, VALUE_CHARS);
}
function sameMembers(first, second) {
    const left = new Set(first);
    const right = new Set(second);
    return left.size === right.size && [...left].every((item) => right.has(item));
}
function withoutUndefined(value) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

;// CONCATENATED MODULE: ./src/config/apply-project.ts
// Makes the service's project match a configuration: find it (by id or by name), create it when
// missing, otherwise PATCH only what differs. Shared by the project sub-action and the main action.




async function applyProjectConfig(client, options) {
    const desired = await loadProjectConfig(options.configFile, options.workspace);
    return applyProject(client, desired, { projectId: options.projectId });
}
async function applyProject(client, desired, options = {}) {
    let projectId = options.projectId;
    if (!projectId) {
        if (!desired.name)
            throw new MissingProjectFieldsError(['name'], 'Without project-id');
        const found = await findProjectByName(client, desired.name);
        if (!found)
            return createProject(client, desired);
        log/* stepLog */.tV.info(`Found project ${found.id} named ${shownName(found.name)}`);
        projectId = found.id;
    }
    const current = await client.getProject(projectId);
    const { patch, changes } = diffProject(desired, current);
    if (changes.length === 0) {
        log/* stepLog */.tV.info(`Project ${projectId} already matches the configuration`);
        return { projectId, action: 'unchanged', changed: false, changes };
    }
    await client.updateProject(projectId, patch);
    await checkApplied(client, projectId, desired);
    log/* stepLog */.tV.info(`Updated project ${projectId}: ${describeChanges(changes)}`);
    return { projectId, action: 'updated', changed: true, changes };
}
/** The one project with exactly this name, if any. */
async function findProjectByName(client, name) {
    const { projects, total } = await client.listProjects();
    const matches = projects.filter((project) => project.name === name);
    if (matches.length > 1) {
        throw new AmbiguousProjectError(name, matches.map((project) => project.id));
    }
    if (matches.length === 0 && total > projects.length) {
        throw new IncompleteProjectListError(name, projects.length, total);
    }
    return matches[0];
}
async function createProject(client, desired) {
    const { name, url, platforms, ...config } = desired;
    if (!name || !url || !platforms) {
        const missing = ['name', 'url', 'platforms'].filter((key) => !desired[key]);
        throw new MissingProjectFieldsError(missing, `To create a project named ${shownName(name ?? '')}`);
    }
    const body = { name, url, platforms };
    if (Object.values(config).some((value) => value !== undefined))
        body.config = config;
    const created = await client.createProject(body);
    // `config` beyond `window` is not documented (spec §2.1): set what creation did not take.
    const { patch, changes } = diffProject(desired, await client.getProject(created.id));
    if (changes.length > 0) {
        log/* stepLog */.tV.info(`The service did not take ${describeChanges(changes)} on creation; updating`);
        await client.updateProject(created.id, patch);
        await checkApplied(client, created.id, desired);
    }
    log/* stepLog */.tV.info(`Created project ${created.id} ${shownName(name)}`);
    return {
        projectId: created.id,
        action: 'created',
        changed: true,
        changes: diffProject(desired, {}).changes,
    };
}
/** Reads the project back: a service may answer 200 to a PATCH field it ignores. */
async function checkApplied(client, projectId, desired) {
    const { changes } = diffProject(desired, await client.getProject(projectId));
    if (changes.length > 0) {
        throw new ProjectNotAppliedError(projectId, changes.map((change) => change.field));
    }
}


/***/ })

};

//# sourceMappingURL=68.index.js.map
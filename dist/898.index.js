export const id = 898;
export const ids = [898];
export const modules = {

/***/ 33898:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyProjectConfig: () => (/* binding */ applyProjectConfig)
});

// UNUSED EXPORTS: applyProject, findProjectByName

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/config/errors.ts
// Failures of loading a project configuration and of applying it to the service.

class ConfigFileError extends errors/* ActionError */.lZ {
    file;
    problems;
    constructor(file, problems) {
        const lines = problems.map((problem) => `  - ${problem.key || '(file)'}${problem.line === undefined ? '' : ` (line ${problem.line})`}: ${problem.message}`);
        super(`${file} is not a valid project configuration:\n${lines.join('\n')}`);
        this.file = file;
        this.problems = problems;
    }
}
class ConfigFileReadError extends errors/* ActionError */.lZ {
    file;
    constructor(file, reason) {
        super(`Cannot read the project configuration ${file}: ${reason}`);
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
        super(`${projectIds.length} projects are named "${projectName}" (${projectIds.join(', ')}): set project-id to say which one`);
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
        super(`No project named "${projectName}" among the ${listed} projects the service listed, but it reports ${total}; ` +
            'to avoid creating a duplicate, set project-id');
        this.projectName = projectName;
        this.listed = listed;
        this.total = total;
    }
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
// EXTERNAL MODULE: ./src/api/schemas.ts
var api_schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/rules.ts
var rules = __webpack_require__(79244);
;// CONCATENATED MODULE: ./src/config/project-config.ts
// The project configuration a repository keeps (e.g. `desktop-build.json`): the Project fields of
// spec §2.1 a user may set. Every key is optional here; which ones are required depends on what is
// being done (creating needs name, url and platforms) and is checked where that is decided.



const describe = (input) => input === undefined
    ? 'nothing'
    : typeof input === 'string'
        ? `"${input}"`
        : JSON.stringify(input);
const project_config_text = (what) => schemas/* string */.YjP({ error: (issue) => `expected ${what}, got ${describe(issue.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, got an empty string` });
const webUrl = project_config_text('an http(s) URL').refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), { error: (issue) => `expected an http(s) URL, got ${describe(issue.input)}` });
const platform = schemas/* enum */.k5n(api_schemas/* PLATFORMS */.P4, {
    error: (issue) => `${describe(issue.input)} is not a platform; use ${api_schemas/* PLATFORMS */.P4.join(', ')}`,
});
const platforms = schemas/* array */.YOg(platform, {
    error: (issue) => `expected a list of platforms (${api_schemas/* PLATFORMS */.P4.join(', ')}), got ${describe(issue.input)}`,
})
    .min(1, { error: 'expected at least one platform' })
    .transform((list) => [...new Set(list)]);
const REVERSE_DOMAIN = /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;
const appId = project_config_text('a reverse-domain identifier').regex(REVERSE_DOMAIN, {
    error: (issue) => `expected a reverse-domain identifier such as "com.example.app", got ${describe(issue.input)}`,
});
const version = schemas/* string */.YjP({
    // A YAML `version: 1.2` is a number: say how to write it.
    error: (issue) => `expected a semantic version such as "1.2.3"${typeof issue.input === 'number' ? ' (quote it)' : ''}, got ${describe(issue.input)}`,
})
    .refine(rules/* isSemver */.nN, {
    error: (issue) => `expected a semantic version such as "1.2.3", got ${describe(issue.input)}`,
});
const pixels = schemas/* number */.aig({ error: (issue) => `expected a whole number of pixels, got ${describe(issue.input)}` })
    .int({ error: (issue) => `expected a whole number of pixels, got ${describe(issue.input)}` })
    .min(1, {
    error: (issue) => `expected a positive number of pixels, got ${describe(issue.input)}`,
});
const flag = schemas/* boolean */.zMY({ error: (issue) => `expected true or false, got ${describe(issue.input)}` })
    .optional();
const section = (what) => ({
    error: (issue) => `expected ${what}, got ${describe(issue.input)}`,
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

;// CONCATENATED MODULE: ./src/config/load-config.ts
// Reads a project configuration file (JSON or YAML) and validates it, reporting every problem with
// the key, the line and the file.





const FORMATS = {
    '.json': 'json',
    '.yaml': 'yaml',
    '.yml': 'yaml',
};
/** Loads `configFile` (relative to `workspace` unless absolute). */
async function loadProjectConfig(configFile, workspace) {
    const absolute = external_node_path_default().resolve(workspace, configFile);
    const format = FORMATS[external_node_path_default().extname(absolute).toLowerCase()];
    if (!format) {
        throw new ConfigFileReadError(configFile, 'name it *.json, *.yaml or *.yml so its format is known');
    }
    let text;
    try {
        text = await (0,promises_.readFile)(absolute, 'utf8');
    }
    catch (error) {
        const code = error.code;
        throw new ConfigFileReadError(configFile, code === 'ENOENT'
            ? `no such file in ${workspace} (check the path, and that the repository is checked out)`
            : String(error.message));
    }
    return parseProjectConfig(text, configFile, format);
}
/** Parses and validates the text of a configuration file; `file` only names it in messages. */
function parseProjectConfig(text, file, format) {
    const lines = new dist/* LineCounter */.HN();
    const document = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: false });
    let data;
    if (format === 'json') {
        try {
            data = JSON.parse(text);
        }
        catch (error) {
            throw new ConfigFileError(file, [
                { key: '', message: `not valid JSON: ${error.message}` },
            ]);
        }
    }
    else {
        const [syntaxError] = document.errors;
        if (syntaxError) {
            const line = lines.linePos(syntaxError.pos[0]).line;
            throw new ConfigFileError(file, [
                { key: '', line, message: `not valid YAML: ${syntaxError.message}` },
            ]);
        }
        data = document.toJS();
    }
    const result = ProjectConfig.safeParse(data ?? {});
    if (result.success)
        return result.data;
    const locate = (at) => {
        const offset = document.errors.length === 0 ? offsetOf(document, at) : undefined;
        return offset === undefined ? undefined : lines.linePos(offset).line;
    };
    const problems = result.error.issues.flatMap((issue) => describeIssue(issue, locate));
    throw new ConfigFileError(file, problems.sort(byLine));
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
        .map((part, i) => typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)
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
        return value === '' ? '""' : value;
    return JSON.stringify(value);
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
        core/* info */.pq(`Found project ${found.id} named "${found.name}"`);
        projectId = found.id;
    }
    const current = await client.getProject(projectId);
    const { patch, changes } = diffProject(desired, current);
    if (changes.length === 0) {
        core/* info */.pq(`Project ${projectId} already matches the configuration`);
        return { projectId, action: 'unchanged', changed: false, changes };
    }
    await client.updateProject(projectId, patch);
    await checkApplied(client, projectId, desired);
    core/* info */.pq(`Updated project ${projectId}: ${describeChanges(changes)}`);
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
        throw new MissingProjectFieldsError(missing, `To create a project named "${name ?? ''}"`);
    }
    const body = { name, url, platforms };
    if (Object.values(config).some((value) => value !== undefined))
        body.config = config;
    const created = await client.createProject(body);
    // `config` beyond `window` is not documented (spec §2.1): set what creation did not take.
    const { patch, changes } = diffProject(desired, await client.getProject(created.id));
    if (changes.length > 0) {
        core/* info */.pq(`The service did not take ${describeChanges(changes)} on creation; updating`);
        await client.updateProject(created.id, patch);
        await checkApplied(client, created.id, desired);
    }
    core/* info */.pq(`Created project ${created.id} "${name}"`);
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

//# sourceMappingURL=898.index.js.map
// The forms of the service's identifiers (spec §2, §6): one rule for the ids a user gives (inputs,
// build-ids) and the ids the service returns. The characters are the ones safe in a URL path, a
// file name, a workflow command and a Markdown cell alike; the bound keeps a hostile id from
// filling a log line or a summary.

/** Characters after the prefix: at most this many. Real ids are ~20 (`build_` + 16 hex). */
const ID_MAX_CHARS = 120;

const idPattern = (prefix: string): RegExp =>
  new RegExp(`^${prefix}_[A-Za-z0-9_-]{1,${ID_MAX_CHARS}}$`);

export const BUILD_ID = idPattern('build');
export const PROJECT_ID = idPattern('proj');
export const WEBHOOK_ID = idPattern('wh');
export const EVENT_ID = idPattern('evt');

export const isBuildId = (value: string): boolean => BUILD_ID.test(value);
export const isProjectId = (value: string): boolean => PROJECT_ID.test(value);

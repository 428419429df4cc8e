// The project configuration a repository keeps (e.g. `desktop-build.json`): the Project fields of
// spec §2.1 a user may set. Every key is optional here; which ones are required depends on what is
// being done (creating needs name, url and platforms) and is checked where that is decided. Names
// and URLs follow the client's rules for the service's answers (one printable line, bounded), and
// a problem shows at most a short, inert excerpt of the value it is about.
import { z } from 'zod';
import {
  isPrintable,
  PLATFORMS,
  TEXT_MAX_CHARS,
  URL_MAX_CHARS,
  VERSION_MAX_CHARS,
  type Platform,
} from '../service/schemas.ts';
import { commandText, quotedText } from '../text/escape.ts';
import { isSemver } from '../runner/input-rules.ts';

/** Enough of a value to recognise it, too little to carry a file or a secret along. */
const EXCERPT_CHARS = 40;

/** What kind of value `input` is, without any of it. */
function kindOf(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'an object';
  return typeof input === 'string' && input.trim() === '' ? 'an empty string' : `a ${typeof input}`;
}

/** A string or a number as a short, inert excerpt; anything else by its kind. */
function describeValue(input: unknown): string {
  if (typeof input === 'string') return quotedText(commandText(input, EXCERPT_CHARS));
  if (typeof input === 'number' || typeof input === 'boolean') {
    return commandText(String(input), EXCERPT_CHARS);
  }
  return kindOf(input);
}

const text = (what: string, maxChars = TEXT_MAX_CHARS) =>
  z
    .string({ error: (issue) => `expected ${what}, got ${describeValue(issue.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, got an empty string` })
    .max(maxChars, { error: `expected ${what} of at most ${maxChars} characters`, abort: true })
    .refine(isPrintable, {
      error: (issue) =>
        `expected ${what} on one line, without control or bidirectional characters, got ${describeValue(issue.input)}`,
      abort: true,
    });

const webUrl = text('an http(s) URL', URL_MAX_CHARS).refine(
  (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
  { error: (issue) => `expected an http(s) URL, got ${describeValue(issue.input)}` },
);

const platform = z.enum(PLATFORMS, {
  error: (issue) => `${describeValue(issue.input)} is not a platform; use ${PLATFORMS.join(', ')}`,
});

const platforms = z
  .array(platform, {
    error: (issue) =>
      `expected a list of platforms (${PLATFORMS.join(', ')}), got ${describeValue(issue.input)}`,
  })
  .min(1, { error: 'expected at least one platform' })
  .transform((list): Platform[] => [...new Set(list)]);

const REVERSE_DOMAIN = /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;
const appId = text('a reverse-domain identifier').regex(REVERSE_DOMAIN, {
  error: (issue) =>
    `expected a reverse-domain identifier such as "com.example.app", got ${describeValue(issue.input)}`,
});

const version = z
  .string({
    // A YAML `version: 1.2` is a number: say how to write it.
    error: (issue) =>
      `expected a semantic version such as "1.2.3"${typeof issue.input === 'number' ? ' (quote it)' : ''}, got ${describeValue(issue.input)}`,
  })
  .max(VERSION_MAX_CHARS, {
    error: `expected a semantic version of at most ${VERSION_MAX_CHARS} characters`,
    abort: true,
  })
  .refine(isSemver, {
    error: (issue) =>
      `expected a semantic version such as "1.2.3", got ${describeValue(issue.input)}`,
  });

const pixels = z
  .number({
    error: (issue) => `expected a whole number of pixels, got ${describeValue(issue.input)}`,
  })
  .int({ error: (issue) => `expected a whole number of pixels, got ${describeValue(issue.input)}` })
  .min(1, {
    error: (issue) => `expected a positive number of pixels, got ${describeValue(issue.input)}`,
  });

const flag = z
  .boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` })
  .optional();

// An object expected and something else found: said by its kind only, as it may be the whole file.
const section = (what: string) => ({
  error: (issue: { input: unknown }) => `expected ${what}, got ${kindOf(issue.input)}`,
});

export const ProjectConfig = z.strictObject(
  {
    name: text('a project name').optional(),
    url: webUrl.optional(),
    platforms: platforms.optional(),
    appId: appId.optional(),
    author: text('an author name').optional(),
    version: version.optional(),
    window: z
      .strictObject(
        { width: pixels, height: pixels, resizable: flag },
        section('an object with width, height and resizable'),
      )
      .optional(),
    features: z
      .strictObject(
        { autoUpdate: flag, tray: flag, menuBar: flag },
        section('an object with autoUpdate, tray and menuBar'),
      )
      .optional(),
  },
  section('an object of project settings'),
);
export type ProjectConfig = z.infer<typeof ProjectConfig>;

/** The keys each object of the configuration accepts, for "unknown key" messages. */
export const CONFIG_KEYS: Readonly<Record<string, readonly string[]>> = {
  '': Object.keys(ProjectConfig.shape),
  window: ['width', 'height', 'resizable'],
  features: ['autoUpdate', 'tray', 'menuBar'],
};

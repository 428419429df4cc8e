// The project configuration a repository keeps (e.g. `desktop-build.json`): the Project fields of
// spec §2.1 a user may set. Every key is optional here; which ones are required depends on what is
// being done (creating needs name, url and platforms) and is checked where that is decided.
import { z } from 'zod';
import { PLATFORMS, type Platform } from '../api/schemas.ts';
import { isSemver } from '../rules.ts';

const describe = (input: unknown): string =>
  input === undefined
    ? 'nothing'
    : typeof input === 'string'
      ? `"${input}"`
      : JSON.stringify(input);

const text = (what: string) =>
  z
    .string({ error: (issue) => `expected ${what}, got ${describe(issue.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, got an empty string` });

const webUrl = text('an http(s) URL').refine(
  (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
  { error: (issue) => `expected an http(s) URL, got ${describe(issue.input)}` },
);

const platform = z.enum(PLATFORMS, {
  error: (issue) => `${describe(issue.input)} is not a platform; use ${PLATFORMS.join(', ')}`,
});

const platforms = z
  .array(platform, {
    error: (issue) =>
      `expected a list of platforms (${PLATFORMS.join(', ')}), got ${describe(issue.input)}`,
  })
  .min(1, { error: 'expected at least one platform' })
  .transform((list): Platform[] => [...new Set(list)]);

const REVERSE_DOMAIN = /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;
const appId = text('a reverse-domain identifier').regex(REVERSE_DOMAIN, {
  error: (issue) =>
    `expected a reverse-domain identifier such as "com.example.app", got ${describe(issue.input)}`,
});

const version = z
  .string({
    // A YAML `version: 1.2` is a number: say how to write it.
    error: (issue) =>
      `expected a semantic version such as "1.2.3"${typeof issue.input === 'number' ? ' (quote it)' : ''}, got ${describe(issue.input)}`,
  })
  .refine(isSemver, {
    error: (issue) => `expected a semantic version such as "1.2.3", got ${describe(issue.input)}`,
  });

const pixels = z
  .number({ error: (issue) => `expected a whole number of pixels, got ${describe(issue.input)}` })
  .int({ error: (issue) => `expected a whole number of pixels, got ${describe(issue.input)}` })
  .min(1, {
    error: (issue) => `expected a positive number of pixels, got ${describe(issue.input)}`,
  });

const flag = z
  .boolean({ error: (issue) => `expected true or false, got ${describe(issue.input)}` })
  .optional();

const section = (what: string) => ({
  error: (issue: { input: unknown }) => `expected ${what}, got ${describe(issue.input)}`,
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

// Name templates for artifacts and release assets: pure rendering and checks.
import { DuplicateNameError, InvalidNameError, NameTemplateError } from './errors.ts';
import type { Installer } from './types.ts';

const PLACEHOLDERS = ['name', 'version', 'platform', 'arch', 'ext'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

const isPlaceholder = (key: string): key is Placeholder =>
  (PLACEHOLDERS as readonly string[]).includes(key);

// Compound extensions of Linux archives count as one extension.
const COMPOUND_EXTENSIONS = ['tar.gz', 'tar.xz', 'tar.bz2', 'tar.zst'];

/** Extension without the dot: `dmg`, `exe`, `AppImage`, `tar.gz`; empty when there is none. */
export const fileExtension = (fileName: string): string => {
  const lower = fileName.toLowerCase();
  const compound = COMPOUND_EXTENSIONS.find((ext) => lower.endsWith(`.${ext}`));
  if (compound !== undefined) return fileName.slice(-compound.length);
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1) : '';
};

/** Throws NameTemplateError on a placeholder other than the five known ones. */
export const checkNameTemplate = (template: string): void => {
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const key = match[1] ?? '';
    if (!isPlaceholder(key)) throw new NameTemplateError(template, key);
  }
};

export const renderName = (template: string, installer: Installer): string => {
  checkNameTemplate(template);
  const values: Record<Placeholder, string> = {
    name: installer.fileName,
    version: installer.version,
    platform: installer.platform,
    arch: installer.arch,
    ext: fileExtension(installer.fileName),
  };
  return template.replace(/\{([^{}]*)\}/g, (_, key: Placeholder) => values[key]);
};

// The artifact service and every runner file system refuse these (see @actions/artifact).
const FORBIDDEN_CHARACTERS = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

export const checkFileLikeName = (input: string, rendered: string): void => {
  if (rendered.trim() === '') throw new InvalidNameError(input, rendered, 'is empty');
  if (rendered === '.' || rendered === '..') {
    throw new InvalidNameError(input, rendered, 'is not a file name');
  }
  const bad = FORBIDDEN_CHARACTERS.find((character) => rendered.includes(character));
  if (bad !== undefined) {
    throw new InvalidNameError(
      input,
      rendered,
      `contains the forbidden character ${JSON.stringify(bad)}`,
    );
  }
};

/**
 * Names installers one at a time, as their builds finish: each name checked, and unique within the
 * run (a second build rendering a name already given throws, naming both builds).
 */
export const createNamer = (
  input: string,
  template: string,
): ((installer: Installer) => string) => {
  checkNameTemplate(template);
  const owners = new Map<string, string>();
  return (installer) => {
    const rendered = renderName(template, installer);
    checkFileLikeName(input, rendered);
    const owner = owners.get(rendered);
    if (owner !== undefined && owner !== installer.buildId) {
      throw new DuplicateNameError(input, rendered, [owner, installer.buildId]);
    }
    owners.set(rendered, installer.buildId);
    return rendered;
  };
};

/**
 * The name GitHub is expected to give a release asset, as its users report it: accents dropped,
 * each run of characters other than letters, digits and `._+@-` turned into one '.' (so `~` and
 * `(` become dots too). Only a fallback for matching; the label keeps the original.
 */
export const expectedAssetName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._+@-]+/g, '.')
    .replace(/\.{2,}/g, '.');

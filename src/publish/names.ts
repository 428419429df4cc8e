// Name templates for artifacts and release assets: pure rendering and checks.
import {
  DuplicateNameError,
  InvalidNameError,
  NameTemplateError,
  TargetsShareNameError,
} from './errors.ts';
import type { Installer, PublishPlan } from './types.ts';
import { isWindowsReservedName } from '../text/file-name.ts';
import type { Arch, Platform } from '../service/schemas.ts';
import { cut } from '../text/escape.ts';
import { buildMatrix } from '../builds/matrix.ts';
import type { BuildSelection } from '../builds/types.ts';

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

const fill = (template: string, values: Record<Placeholder, string>): string =>
  template.replace(/\{([^{}]*)\}/g, (_, key: Placeholder) => values[key]);

export const renderName = (template: string, installer: Installer): string => {
  checkNameTemplate(template);
  return fill(template, {
    name: installer.fileName,
    version: installer.version,
    platform: installer.platform,
    arch: installer.arch,
    ext: fileExtension(installer.fileName),
  });
};

// The artifact service and every runner file system refuse these (see @actions/artifact).
const FORBIDDEN_CHARACTERS = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];
// Other control characters, and bidirectional controls (a name that displays as another).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The longest name template an input may hold; what it renders is bounded with it. */
export const MAX_TEMPLATE_LENGTH = 200;

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
  if (CONTROL.test(rendered)) {
    throw new InvalidNameError(input, rendered, 'contains a control character');
  }
  if (isWindowsReservedName(rendered)) {
    throw new InvalidNameError(
      input,
      rendered,
      'is a device name Windows reserves (CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$; ' +
        'with any extension), so the file could not be saved there',
    );
  }
};

/** What a name's placeholders can be before the builds ran. */
export interface NameTarget {
  platform: Platform;
  arch: Arch;
  version: string;
}

/**
 * The shapes `{name}` and `{ext}` can take once an installer is downloaded: a plain file name
 * (sanitizeFileName's: no separators, controls or leading dot) with an extension, or without one.
 */
const FILE_SHAPES = [
  { name: 'app.dmg', ext: 'dmg' },
  { name: 'app', ext: '' },
];

/** Whether the template's names differ only by what the targets and the version make them. */
const knownBeforeDownload = (template: string): boolean => !/\{(name|ext)\}/.test(template);

/**
 * The checks a template's names get, done before any build is triggered: `template` rendered for
 * every target with each shape `{name}` and `{ext}` can take, each name checked as at publish
 * time. With `distinct`, the targets are the run's own, and a template that gives two of them
 * the same name (knowable only without `{name}` and `{ext}`) is refused too.
 * Throws NameTemplateError, InvalidNameError or TargetsShareNameError.
 */
export const checkTemplateForTargets = (
  input: string,
  template: string,
  targets: readonly NameTarget[],
  { distinct }: { distinct: boolean },
): void => {
  if (template.length > MAX_TEMPLATE_LENGTH) {
    throw new InvalidNameError(
      input,
      cut(template, 40),
      `is longer than the ${MAX_TEMPLATE_LENGTH} characters a name template may have`,
    );
  }
  checkNameTemplate(template);
  const owners = new Map<string, string>();
  for (const target of targets) {
    for (const shape of FILE_SHAPES) {
      const rendered = fill(template, { ...target, ...shape });
      checkFileLikeName(input, rendered);
      if (!distinct || !knownBeforeDownload(template)) continue;
      const label = `${target.platform}/${target.arch}`;
      const owner = owners.get(rendered);
      if (owner !== undefined && owner !== label) {
        throw new TargetsShareNameError(input, rendered, [owner, label]);
      }
      owners.set(rendered, label);
    }
  }
};

/**
 * The templates publishing will use, for the run's own targets (the project's platforms, once
 * Get Project named them): throws before the first build is triggered.
 */
export const checkPlanNames = (plan: PublishPlan, targets: readonly NameTarget[]): void => {
  const distinct = { distinct: true };
  if (plan.artifacts) {
    checkTemplateForTargets('artifact-name', plan.artifacts.nameTemplate, targets, distinct);
  }
  if (plan.release) {
    checkTemplateForTargets('asset-name', plan.release.assetNameTemplate, targets, distinct);
  }
};

/** checkPlanNames for a selection's own targets; resumed builds are named as they come. */
export const checkSelectionNames = (plan: PublishPlan, selection: BuildSelection): void => {
  if (selection.kind !== 'trigger') return;
  const { platforms, arches, version } = selection;
  checkPlanNames(
    plan,
    buildMatrix(platforms, arches).map((target) => ({ ...target, version })),
  );
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

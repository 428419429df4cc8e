// Request body validation (pure). Each refusal names the field and, where it helps, the allowed values.
import {
  ARCHES,
  EVENT_TYPES,
  PLATFORMS,
  type Arch,
  type EventType,
  type Platform,
  type ProjectFeatures,
  type ProjectWindow,
} from '../src/service/schemas.ts';
import { isSemver } from '../src/runner/input-rules.ts';
import { badRequest } from './http-io.ts';

type Body = Record<string, unknown>;

const APP_ID = /^[a-zA-Z][\w-]*(\.[a-zA-Z0-9][\w-]*)+$/;
const WINDOW_FIELDS = ['width', 'height', 'resizable'] as const;
const FEATURE_FIELDS = ['autoUpdate', 'tray', 'menuBar'] as const;

const isObject = (value: unknown): value is Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

function onlyKnownFields(body: Body, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw badRequest(`Unknown field '${where}${key}'; accepted fields: ${list(allowed)}.`);
    }
  }
}

function objectField(value: unknown, field: string): Body {
  if (!isObject(value)) throw badRequest(`Field '${field}' must be an object.`);
  return value;
}

function stringField(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(`Field '${field}' must be a non-empty string.`);
  }
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw badRequest(
      `Field '${field}' must be one of ${list(allowed)}; got ${JSON.stringify(value)}.`,
    );
  }
  return value as T;
}

function subsetOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw badRequest(`Field '${field}' must be a non-empty array of ${list(allowed)}.`);
  }
  const items = value.map((item, i) => oneOf(item, allowed, `${field}[${i}]`));
  return [...new Set(items)];
}

function webUrl(value: unknown, field: string, schemes: readonly string[]): string {
  const text = stringField(value, field);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`Field '${field}' must be an absolute URL; got ${JSON.stringify(text)}.`);
  }
  if (!schemes.includes(url.protocol)) {
    const names = schemes.map((scheme) => scheme.replace(':', ''));
    throw badRequest(`Field '${field}' must use ${names.join(' or ')}; got '${url.protocol}'.`);
  }
  return text;
}

function semver(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isSemver(value)) {
    throw badRequest(
      `Field '${field}' must be a semantic version like '1.4.2'; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function appId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !APP_ID.test(value)) {
    throw badRequest(
      `Field '${field}' must be a reverse-domain identifier like 'com.acme.app'; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function positiveInt(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw badRequest(`Field '${field}' must be a positive integer; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') {
    throw badRequest(`Field '${field}' must be true or false; got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** `complete`: width and height are required (creation); otherwise any subset (update). */
function windowField(value: unknown, field: string, complete: boolean): Partial<ProjectWindow> {
  const body = objectField(value, field);
  onlyKnownFields(body, WINDOW_FIELDS, `${field}.`);
  if (complete && (body.width === undefined || body.height === undefined)) {
    throw badRequest(`Field '${field}' needs both 'width' and 'height'.`);
  }
  return {
    ...(body.width !== undefined && { width: positiveInt(body.width, `${field}.width`) }),
    ...(body.height !== undefined && { height: positiveInt(body.height, `${field}.height`) }),
    ...(body.resizable !== undefined && { resizable: bool(body.resizable, `${field}.resizable`) }),
  };
}

function featuresField(value: unknown, field: string): ProjectFeatures {
  const body = objectField(value, field);
  onlyKnownFields(body, FEATURE_FIELDS, `${field}.`);
  const features: ProjectFeatures = {};
  for (const key of FEATURE_FIELDS) {
    if (body[key] !== undefined) features[key] = bool(body[key], `${field}.${key}`);
  }
  return features;
}

export interface ProjectSettings {
  author?: string;
  version?: string;
  appId?: string;
  window?: Partial<ProjectWindow>;
  features?: ProjectFeatures;
}

function projectSettings(body: Body, where: string, completeWindow: boolean): ProjectSettings {
  return {
    ...(body.author !== undefined && { author: stringField(body.author, `${where}author`) }),
    ...(body.version !== undefined && { version: semver(body.version, `${where}version`) }),
    ...(body.appId !== undefined && { appId: appId(body.appId, `${where}appId`) }),
    ...(body.window !== undefined && {
      window: windowField(body.window, `${where}window`, completeWindow),
    }),
    ...(body.features !== undefined && {
      features: featuresField(body.features, `${where}features`),
    }),
  };
}

export interface CreateProjectInput {
  name: string;
  url: string;
  platforms: Platform[];
  config: ProjectSettings;
}

export function parseCreateProject(body: Body): CreateProjectInput {
  onlyKnownFields(body, ['name', 'url', 'platforms', 'config'], '');
  const config = body.config === undefined ? {} : objectField(body.config, 'config');
  onlyKnownFields(config, ['window', 'features', 'appId', 'author', 'version'], 'config.');
  return {
    name: stringField(body.name, 'name'),
    url: webUrl(body.url, 'url', ['https:', 'http:']),
    platforms: subsetOf(body.platforms, PLATFORMS, 'platforms'),
    config: projectSettings(config, 'config.', true),
  };
}

export interface UpdateProjectInput extends ProjectSettings {
  name?: string;
  url?: string;
  platforms?: Platform[];
}

const UPDATABLE = ['name', 'url', 'platforms', 'appId', 'author', 'version', 'window', 'features'];

export function parseUpdateProject(body: Body): UpdateProjectInput {
  onlyKnownFields(body, UPDATABLE, '');
  if (Object.keys(body).length === 0) {
    throw badRequest(`Nothing to update; send at least one of ${list(UPDATABLE)}.`);
  }
  return {
    ...(body.name !== undefined && { name: stringField(body.name, 'name') }),
    ...(body.url !== undefined && { url: webUrl(body.url, 'url', ['https:', 'http:']) }),
    ...(body.platforms !== undefined && {
      platforms: subsetOf(body.platforms, PLATFORMS, 'platforms'),
    }),
    ...projectSettings(body, '', false),
  };
}

export interface TriggerBuildInput {
  platform: Platform;
  arch: Arch;
  version?: string;
}

export function parseTriggerBuild(body: Body): TriggerBuildInput {
  onlyKnownFields(body, ['platform', 'arch', 'version'], '');
  return {
    platform: oneOf(body.platform, PLATFORMS, 'platform'),
    arch: body.arch === undefined ? 'x64' : oneOf(body.arch, ARCHES, 'arch'),
    ...(body.version !== undefined && { version: semver(body.version, 'version') }),
  };
}

export interface CreateWebhookInput {
  url: string;
  events: EventType[];
  secret?: string;
}

export function parseCreateWebhook(body: Body): CreateWebhookInput {
  onlyKnownFields(body, ['url', 'events', 'secret'], '');
  return {
    url: webUrl(body.url, 'url', ['https:']),
    events: subsetOf(body.events, EVENT_TYPES, 'events'),
    ...(body.secret !== undefined && { secret: stringField(body.secret, 'secret') }),
  };
}

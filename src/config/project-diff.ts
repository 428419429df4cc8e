// What must change for a project to match its configuration: the PATCH body (only what differs)
// and a human description of each change, inert (it goes to the log and to the `changes` output).
import { commandText } from '../text/escape.ts';
import type { Project, UpdateProjectRequest } from '../service/schemas.ts';
import type { ProjectConfig } from './project-config.ts';

export interface FieldChange {
  /** `name`, `platforms`, `window.width`, … */
  field: string;
  from: unknown;
  to: unknown;
}

export interface ProjectDiff {
  patch: UpdateProjectRequest;
  changes: FieldChange[];
}

const SCALARS = ['name', 'url', 'appId', 'author', 'version'] as const;
const SECTIONS = ['window', 'features'] as const;

/** Compares the configured fields only: a field the configuration leaves out is never changed. */
export function diffProject(desired: ProjectConfig, current: Partial<Project>): ProjectDiff {
  const patch: UpdateProjectRequest = {};
  const changes: FieldChange[] = [];
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
    const to: Record<string, unknown> = withoutUndefined(desired[section] ?? {});
    const from: Record<string, unknown> = current[section] ?? {};
    const changed = Object.keys(to).filter((key) => to[key] !== from[key]);
    if (changed.length === 0) continue;
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
export function describeChanges(changes: readonly FieldChange[]): string {
  return changes
    .map((change) => `${change.field}: ${formatValue(change.from)} → ${formatValue(change.to)}`)
    .join(', ');
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '(unset)';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'string') return value === '' ? '""' : commandText(value, VALUE_CHARS);
  return commandText(JSON.stringify(value) ?? typeof value, VALUE_CHARS);
}

function sameMembers(first: readonly string[], second: readonly string[]): boolean {
  const left = new Set(first);
  const right = new Set(second);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// Reads a project configuration file (JSON or YAML) and validates it, reporting every problem with
// the key, the line and the file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { CONFIG_KEYS, ProjectConfig } from './project-config.ts';
import { ConfigFileError, ConfigFileReadError, type ConfigProblem } from './errors.ts';

type Format = 'json' | 'yaml';
type Path = readonly PropertyKey[];

const FORMATS: Readonly<Record<string, Format>> = {
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** Loads `configFile` (relative to `workspace` unless absolute). */
export async function loadProjectConfig(
  configFile: string,
  workspace: string,
): Promise<ProjectConfig> {
  const absolute = path.resolve(workspace, configFile);
  const format = FORMATS[path.extname(absolute).toLowerCase()];
  if (!format) {
    throw new ConfigFileReadError(
      configFile,
      'name it *.json, *.yaml or *.yml so its format is known',
    );
  }
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigFileReadError(
      configFile,
      code === 'ENOENT'
        ? `no such file in ${workspace} (check the path, and that the repository is checked out)`
        : String((error as Error).message),
    );
  }
  return parseProjectConfig(text, configFile, format);
}

/** Parses and validates the text of a configuration file; `file` only names it in messages. */
export function parseProjectConfig(text: string, file: string, format: Format): ProjectConfig {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  let data: unknown;
  if (format === 'json') {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ConfigFileError(file, [
        { key: '', message: `not valid JSON: ${(error as Error).message}` },
      ]);
    }
  } else {
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
  if (result.success) return result.data;
  const locate = (at: Path): number | undefined => {
    const offset = document.errors.length === 0 ? offsetOf(document, at) : undefined;
    return offset === undefined ? undefined : lines.linePos(offset).line;
  };
  const problems = result.error.issues.flatMap((issue) => describeIssue(issue, locate));
  throw new ConfigFileError(file, problems.sort(byLine));
}

function describeIssue(
  issue: z.core.$ZodIssue,
  locate: (at: Path) => number | undefined,
): ConfigProblem[] {
  if (issue.code === 'unrecognized_keys') {
    const parent = keyPath(issue.path);
    const allowed = CONFIG_KEYS[parent] ?? [];
    return issue.keys.map((key) => {
      const guess = closest(key, allowed);
      return {
        key: keyPath([...issue.path, key]),
        line: locate([...issue.path, key]),
        message:
          `unknown key${guess ? ` (did you mean "${guess}"?)` : ''}; ` +
          `allowed ${parent ? `in ${parent}` : 'at the top level'}: ${allowed.join(', ')}`,
      };
    });
  }
  return [{ key: keyPath(issue.path), line: locate(issue.path), message: issue.message }];
}

const byLine = (left: ConfigProblem, right: ConfigProblem): number =>
  (left.line ?? Infinity) - (right.line ?? Infinity) || 0;

function keyPath(at: Path): string {
  return at
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Offset of the key (in a mapping) or item (in a sequence) that `at` leads to. */
function offsetOf(document: Document, at: Path): number | undefined {
  let node: unknown = document.contents;
  let offset = (document.contents as { range?: [number] } | null)?.range?.[0];
  for (const part of at) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === part);
      if (!pair || !isScalar(pair.key)) return offset;
      offset = pair.key.range?.[0];
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as { range?: [number] } | undefined;
      if (!item) return offset;
      offset = item.range?.[0];
      node = item;
    } else {
      return offset;
    }
  }
  return offset;
}

/** The allowed key a misspelt one most likely meant (at most 2 edits away), if any. */
function closest(key: string, allowed: readonly string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

function editDistance(source: string, target: string): number {
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

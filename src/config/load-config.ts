// Parses a project configuration (JSON or YAML) and validates it, reporting every problem with
// the key, the line and the file. Bounded: the file is at most MAX_CONFIG_BYTES (read-config-file),
// YAML aliases expand at most MAX_ALIASES times, and a problem quotes at most a short, inert
// excerpt of the value it is about, never the file. A key given twice is refused in JSON as in
// YAML: parsers disagree on which one counts.
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type YAMLError,
  visit,
} from 'yaml';
import type { z } from 'zod';
import { commandText } from '../text/escape.ts';
import { CONFIG_KEYS, ProjectConfig } from './project-config.ts';
import { ConfigFileError, type ConfigProblem } from './errors.ts';
import { readConfigFile, type Format } from './read-config-file.ts';

type Path = readonly PropertyKey[];

/** yaml's own guard against entity expansion ("billion laughs"); the file's size bounds the rest. */
const MAX_ALIASES = 100;
/** A key from the file, in a message. */
const KEY_CHARS = 40;

/** Loads `configFile` (relative to `workspace` unless absolute; inside the workspace). */
export async function loadProjectConfig(
  configFile: string,
  workspace: string,
): Promise<ProjectConfig> {
  const { text, format } = await readConfigFile(configFile, workspace);
  return parseProjectConfig(text, configFile, format);
}

/** Parses and validates the text of a configuration file; `file` only names it in messages. */
export function parseProjectConfig(text: string, file: string, format: Format): ProjectConfig {
  const lines = new LineCounter();
  const lineOf = (offset: number): number => lines.linePos(offset).line;
  const document = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const duplicate = document.errors.find((error) => error.code === 'DUPLICATE_KEY');
  const fail = (problem: ConfigProblem): never => {
    throw new ConfigFileError(file, [problem]);
  };
  let data: unknown;
  if (format === 'json') {
    data = parseJson(text, lineOf, fail);
    // JSON.parse keeps the last of two equal keys; the YAML reading of the same text sees both.
    if (duplicate) fail(duplicateProblem(document, duplicate, lineOf));
  } else {
    if (duplicate) fail(duplicateProblem(document, duplicate, lineOf));
    const [syntaxError] = document.errors;
    if (syntaxError) {
      fail({
        key: '',
        line: lineOf(syntaxError.pos[0]),
        message: `not valid YAML: ${commandText(syntaxError.message, 100)}`,
      });
    }
    data = yamlData(document, fail);
  }
  const result = ProjectConfig.safeParse(data ?? {});
  if (result.success) return result.data;
  const locate = (at: Path): number | undefined => {
    const offset = document.errors.length === 0 ? offsetOf(document, at) : undefined;
    return offset === undefined ? undefined : lineOf(offset);
  };
  const problems = result.error.issues.flatMap((issue) => describeIssue(issue, locate));
  throw new ConfigFileError(file, problems.sort(byLine));
}

// V8's words before the position are its own ("Expected ',' or '}' after property value"); the
// other messages quote the text around the fault, so only their kind is kept.
const JSON_POSITION = / in JSON at position (\d+)/;

function parseJson(
  text: string,
  lineOf: (offset: number) => number,
  fail: (problem: ConfigProblem) => never,
): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = JSON_POSITION.exec(message);
    if (at) {
      return fail({
        key: '',
        line: lineOf(Number(at[1])),
        message: `not valid JSON: ${commandText(message.slice(0, at.index), 100)}`,
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

function yamlData(document: Document, fail: (problem: ConfigProblem) => never): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // yaml throws a ReferenceError for aliases past the bound and for an alias to no anchor; its
    // message may name the alias, so only its kind is kept.
    const message = (error as Error).message;
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

function duplicateProblem(
  document: Document,
  error: YAMLError,
  lineOf: (offset: number) => number,
): ConfigProblem {
  const [offset] = error.pos;
  let key = '';
  visit(document, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === offset) key = String(pair.key.value);
    },
  });
  return {
    key: commandText(key, KEY_CHARS),
    line: lineOf(offset),
    message: 'given twice in one object; keep one (parsers differ on which one counts)',
  };
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
      typeof part === 'number'
        ? `[${part}]`
        : `${i === 0 ? '' : '.'}${commandText(String(part), KEY_CHARS)}`,
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

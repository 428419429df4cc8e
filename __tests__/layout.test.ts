// The rooms of src/ and what each may import (CONTRIBUTING.md, "Rooms"): a file imports only its
// own room and the rooms its row lists, and no module imports itself back through others. The
// table in CONTRIBUTING.md is the rule's one source; the imports are read from each file's syntax
// tree in every form TypeScript accepts, so a new file or a new way of importing is held to the
// rule the moment it exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './support/source-files.ts';

/** Room → the rooms it may import besides itself. */
export type Rule = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The "Rooms" table of CONTRIBUTING.md as a rule. A first-column name `x/` is the room of
 * `src/x/` (or of `emulator/`), `src/x.ts` the entry file's own room `x.ts`. In "May import",
 * `nothing of ours` is the empty list and a leading `…` is everything the row directly above may
 * import, as that row expands, before the names after it.
 */
export function parseRooms(markdown: string): Rule {
  const section = markdown.split(/^## Rooms$/m)[1]?.split(/^## /m)[0];
  if (section === undefined) throw new Error('CONTRIBUTING.md has no "## Rooms" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const rule = new Map<string, Set<string>>();
  let above: Set<string> | undefined;
  for (const [, roomCell = '', , mayCell = ''] of rows) {
    const rooms = [...roomCell.matchAll(/`([^`]+)`/g)].map(([, name]) => roomName(name!));
    if (rooms.length === 0) throw new Error(`a Rooms row names no room: ${roomCell}`);
    const names =
      mayCell === 'nothing of ours' ? [] : mayCell.split(',').map((name) => name.trim());
    const allowed = new Set<string>();
    names.forEach((name, index) => {
      if (name !== '…') return void allowed.add(name);
      if (index !== 0 || above === undefined) {
        throw new Error(`"…" for ${roomCell} must lead the list and follow a row`);
      }
      for (const room of above) allowed.add(room);
    });
    for (const room of rooms) rule.set(room, allowed);
    above = allowed;
  }
  const unknown = [...rule].flatMap(([room, allowed]) =>
    [...allowed].filter((name) => !rule.has(name)).map((name) => `${room} → ${name}`),
  );
  if (unknown.length > 0)
    throw new Error(`the Rooms table lists unknown rooms: ${unknown.join(', ')}`);
  return rule;
}

function roomName(cellName: string): string {
  const entry = /^src\/([^/]+\.ts)$/.exec(cellName);
  if (entry) return entry[1]!;
  if (cellName.endsWith('/')) return cellName.slice(0, -1);
  throw new Error(`a Rooms row names ${cellName}, neither a room (x/) nor an entry (src/x.ts)`);
}

/** `src/<room>/…` → room, `src/<file>.ts` → that entry's room, `emulator/…` → emulator. */
function roomOf(file: string): string | undefined {
  const [top, second] = file.split('/');
  if (top === 'emulator') return 'emulator';
  if (top !== 'src' || second === undefined) return undefined;
  return second;
}

/** A module specifier as written, or null for `import(expression)` the rule cannot read. */
type Specifier = string | null;

// Each planted test checks the whole tree again; the files it leaves as they are are read once.
const read = new Map<string, Specifier[]>();

/** Every module a file names: static, re-export, type-only, dynamic, `require`, `import()` types. */
export function specifiersOf(file: string, text: string): Specifier[] {
  const key = `${file}\0${text}`;
  const known = read.get(key);
  if (known) return known;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Specifier[] = [];
  const literal = (node: ts.Node | undefined): Specifier =>
    node !== undefined && ts.isStringLiteralLike(node) ? node.text : null;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) found.push(literal(node.moduleSpecifier));
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        found.push(literal(node.moduleReference.expression));
      }
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (callee.kind === ts.SyntaxKind.ImportKeyword || isRequire) {
        found.push(literal(node.arguments[0]));
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(literal(node.argument.literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  read.set(key, found);
  return found;
}

/** tsconfig.json's `paths`: the package's name as the sources may spell it. */
const PATH_ALIASES: Record<string, string> = { 'desktop-build-action-sdk': 'src/sdk.ts' };

/**
 * Relative imports that leave the rooms on purpose, each with its reason (file → target, both
 * from the repository's root). Anything else outside src/ and emulator/ (test-kit/, scripts/, …)
 * is refused.
 */
const OUTSIDE_THE_ROOMS: Record<string, string> = {
  // The user agent carries the action's version, read from the one place it is written.
  'src/http/user-agent.ts → package.json': 'the version',
};

/** The file a specifier names (repository-relative), or undefined for a package of node_modules. */
function resolve(file: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (specifier in PATH_ALIASES) return PATH_ALIASES[specifier];
  if (!specifier.startsWith('.')) return undefined;
  const joined = path.posix.join(path.posix.dirname(file), specifier);
  const candidates = joined.endsWith('.js')
    ? [`${joined.slice(0, -3)}.ts`, joined]
    : joined.endsWith('.mjs')
      ? [`${joined.slice(0, -4)}.mts`, joined]
      : [joined, `${joined}.ts`, `${joined}/index.ts`];
  return candidates.find((candidate) => known.has(candidate)) ?? joined;
}

/**
 * Each file's imports of the rooms' files, every import the rule refuses (named by file, specifier
 * and the file it reaches), and the listed imports that leave the rooms.
 */
export function checkImports(
  sources: ReadonlyMap<string, string>,
  rule: Rule,
): { graph: Map<string, string[]>; refused: string[]; outside: string[] } {
  const known = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  const refused: string[] = [];
  const outside: string[] = [];
  for (const [file, text] of sources) {
    const room = roomOf(file);
    const allowed = room === undefined ? undefined : rule.get(room);
    if (allowed === undefined) {
      refused.push(`${file} is in no room of CONTRIBUTING.md's table`);
      continue;
    }
    const targets: string[] = [];
    for (const specifier of specifiersOf(file, text)) {
      if (specifier === null) {
        refused.push(`${file} imports a computed path the rule cannot read`);
        continue;
      }
      const target = resolve(file, specifier, known);
      if (target === undefined) continue;
      const targetRoom = roomOf(target);
      if (targetRoom === undefined) {
        const pair = `${file} → ${target}`;
        if (pair in OUTSIDE_THE_ROOMS) outside.push(pair);
        else refused.push(`${file} imports '${specifier}' (${target}), outside the rooms`);
        continue;
      }
      if (!known.has(target)) {
        refused.push(`${file} imports '${specifier}' (${target}), no file of the rooms`);
        continue;
      }
      targets.push(target);
      if (targetRoom !== room && !allowed.has(targetRoom)) {
        refused.push(
          `${file} imports '${specifier}' (${target}): ${room} may not import ${targetRoom}`,
        );
      }
    }
    graph.set(file, targets);
  }
  return { graph, refused, outside };
}

const rule = parseRooms(readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8'));
const tree = new Map(
  [...sourceFiles('src'), ...sourceFiles('emulator')].map((file) => [
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
  ]),
);
const { graph, refused, outside } = checkImports(tree, rule);

describe('the rooms of src/', () => {
  it('puts every file in a room of the table and every import where its row allows', () => {
    expect(refused).toEqual([]);
  });

  it('lists only imports that leave the rooms today, so a fixed one is struck off', () => {
    expect([...new Set(outside)].sort()).toEqual(Object.keys(OUTSIDE_THE_ROOMS).sort());
  });

  it('has no import circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('keeps the rule itself without a circle between rooms', () => {
    const lower = (room: string): Set<string> => {
      const all = new Set<string>();
      const add = (name: string) => {
        for (const next of rule.get(name) ?? []) {
          if (all.has(next)) continue;
          all.add(next);
          add(next);
        }
      };
      add(room);
      return all;
    };
    for (const room of rule.keys()) expect(lower(room).has(room), room).toBe(false);
  });

  it('has no row in the table for a room without files', () => {
    const used = new Set([...tree.keys()].map(roomOf));
    expect([...rule.keys()].filter((room) => !used.has(room))).toEqual([]);
  });

  it('reads the entry files their own lists, not "anything"', () => {
    expect([...rule.get('inputs.ts')!].sort()).toEqual(
      ['builds', 'config', 'publish', 'report', 'runner', 'service', 'shared', 'text'].sort(),
    );
    expect(rule.get('main.ts')).toEqual(new Set([...rule.get('inputs.ts')!, 'inputs.ts']));
    expect(rule.get('sdk.ts')!.has('main.ts')).toBe(false);
  });
});

describe('the Rooms table as the rule', () => {
  const table = (...rows: string[]) =>
    ['## Rooms', '| Room | Its job | May import |', '| - | - | - |', ...rows].join('\n');

  it('expands "…" to what the row above may import, as that row expands', () => {
    const parsed = parseRooms(
      table(
        '| `a/` | | nothing of ours |',
        '| `b/` | | a |',
        '| `c/` | | …, b |',
        '| `d/`, `src/e.ts` | | …, c |',
      ),
    );
    expect(parsed.get('a')).toEqual(new Set());
    expect(parsed.get('c')).toEqual(new Set(['a', 'b']));
    expect(parsed.get('d')).toEqual(new Set(['a', 'b', 'c']));
    expect(parsed.get('e.ts')).toEqual(new Set(['a', 'b', 'c']));
  });

  it('refuses "…" in the first row or after a name, and a name no row defines', () => {
    expect(() => parseRooms(table('| `a/` | | …, b |'))).toThrow(/must lead the list/);
    expect(() => parseRooms(table('| `a/` | | |', '| `b/` | | a, … |'))).toThrow(/must lead/);
    expect(() => parseRooms(table('| `a/` | | nowhere |'))).toThrow(/unknown rooms: a → nowhere/);
  });
});

describe('the rule against planted imports', () => {
  const planted = (file: string, text: string) =>
    checkImports(new Map([...tree, [file, `${tree.get(file) ?? ''}\n${text}\n`]]), rule).refused;

  it.each([
    ['a static import', `import { x } from '../report/outputs.js';`],
    ['a re-export', `export * from '../report/outputs.js';`],
    ['a type-only import', `import type { X } from '../report/outputs.js';`],
    ['a dynamic import', `export const load = () => import('../report/outputs.js');`],
    ['an import() type', `export type X = typeof import('../report/outputs.js');`],
    ['an import = require', `import outputs = require('../report/outputs.js');`],
    ['an extensionless path', `import { x } from '../report/outputs';`],
  ])('catches an upward import through a .js path: %s', (_form, line) => {
    expect(planted('src/text/planted.ts', line)).toEqual([
      expect.stringMatching(
        /^src\/text\/planted\.ts imports '\.\.\/report\/outputs(\.js)?' \(src\/report\/outputs\.ts\): text may not import report$/,
      ),
    ]);
  });

  it('catches an import inputs.ts is not listed for', () => {
    expect(planted('src/inputs.ts', `import { x } from './github/client.js';`)).toEqual([
      "src/inputs.ts imports './github/client.js' (src/github/client.ts): inputs.ts may not import github",
    ]);
    expect(planted('src/inputs.ts', `import { run } from './main.ts';`)).toEqual([
      "src/inputs.ts imports './main.ts' (src/main.ts): inputs.ts may not import main.ts",
    ]);
  });

  it('catches an import that leaves the rooms, a computed one, and a file outside them', () => {
    expect(planted('src/text/planted.ts', `import '../../test-kit/run-action.ts';`)).toEqual([
      "src/text/planted.ts imports '../../test-kit/run-action.ts' (test-kit/run-action.ts), outside the rooms",
    ]);
    expect(planted('src/text/planted.ts', `const m = await import(name);`)).toEqual([
      'src/text/planted.ts imports a computed path the rule cannot read',
    ]);
    expect(planted('src/loose.ts', '')).toEqual([
      "src/loose.ts is in no room of CONTRIBUTING.md's table",
    ]);
  });

  it('passes an import the row allows, through .js as through .ts', () => {
    expect(planted('src/report/planted.ts', `import { x } from '../publish/types.js';`)).toEqual(
      [],
    );
    expect(planted('src/main.ts', `import type { Plan } from './inputs.js';`)).toEqual([]);
  });
});

// The rooms of src/ and what each may import (CONTRIBUTING.md, "Rooms"): a lower room never imports
// an upper one, and no module imports itself back through others. Read from the sources as
// TypeScript reads their imports, so a new file is held to the rule the moment it exists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Room → the rooms it may import besides itself, lowest first. */
export const ROOMS: Record<string, readonly string[]> = {
  text: [],
  shared: ['text'],
  http: ['text', 'shared'],
  service: ['text', 'shared', 'http'],
  runner: ['text', 'shared', 'http', 'service'],
  github: ['text', 'shared', 'http', 'runner'],
  builds: ['text', 'shared', 'http', 'service', 'runner'],
  publish: ['text', 'shared', 'http', 'service', 'runner', 'github', 'builds'],
  report: ['text', 'shared', 'http', 'service', 'runner', 'github', 'builds', 'publish'],
  config: ['text', 'shared', 'http', 'service', 'runner'],
  webhooks: ['text', 'shared'],
  'project-action': ['text', 'shared', 'http', 'service', 'runner', 'config'],
  'webhook-action': ['text', 'shared', 'http', 'service', 'runner'],
  // main.ts, index.ts, inputs.ts and sdk.ts: the entry points and the plan they read.
  entry: [],
  // The emulator is a tool beside the product: it speaks the service's schemas, never the reverse.
  emulator: ['text', 'shared', 'http', 'service', 'runner', 'webhooks'],
};
const ENTRY_FILES = new Set(['main.ts', 'index.ts', 'inputs.ts', 'sdk.ts']);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** `src/<room>/…`, a file in src/ itself (an entry), or `emulator/…`. */
function roomOf(file: string): string {
  const [top, second, ...rest] = file.split(path.sep);
  if (top === 'emulator') return 'emulator';
  if (top !== 'src' || second === undefined) throw new Error(`${file} is outside the rooms`);
  if (rest.length === 0) {
    if (!ENTRY_FILES.has(second)) throw new Error(`src/${second} belongs in a room`);
    return 'entry';
  }
  return second;
}

/** The project's own modules a file imports (static, dynamic and type-only alike). */
function localImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.') && name.endsWith('.ts'))
    .map((name) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), name)));
}

const files = [...sources('src'), ...sources('emulator')];
const graph = new Map(files.map((file) => [file, localImports(file)]));

describe('the rooms of src/', () => {
  it('puts every file in a room the rule knows', () => {
    const unknown = files.filter((file) => !(roomOf(file) in ROOMS));
    expect(unknown).toEqual([]);
  });

  it('never imports an upper room from a lower one', () => {
    const upward: string[] = [];
    for (const [file, imports] of graph) {
      const room = roomOf(file);
      for (const target of imports) {
        const targetRoom = roomOf(target);
        const allowed =
          room === 'entry' || targetRoom === room || ROOMS[room]!.includes(targetRoom);
        if (!allowed) upward.push(`${file} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
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
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('names every room in CONTRIBUTING.md, where maintainers read the rule', () => {
    const contributing = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const rooms = Object.keys(ROOMS).filter((room) => room !== 'entry');
    expect(rooms.filter((room) => !contributing.includes(`\`${room}/\``))).toEqual([]);
  });

  it('keeps the rule itself without a circle between rooms', () => {
    const lower = (room: string): Set<string> => {
      const all = new Set<string>();
      const add = (name: string) => {
        for (const next of ROOMS[name] ?? []) {
          if (all.has(next)) continue;
          all.add(next);
          add(next);
        }
      };
      add(room);
      return all;
    };
    for (const room of Object.keys(ROOMS)) expect(lower(room).has(room), room).toBe(false);
  });
});

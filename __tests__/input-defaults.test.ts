// Each input's default is written in action.yml, README's Inputs table and (for the main action)
// the parser's INPUT_DEFAULTS: they must agree in names, defaults and required-ness.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { INPUT_DEFAULTS, INPUT_NAMES } from '../src/inputs.ts';
import { parseProjectInputs } from '../src/project-action/inputs.ts';
import { parseWebhookInputs } from '../src/webhook-action/inputs.ts';
import { readContext } from '../src/runner/context.ts';

const root = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

interface Declared {
  required?: boolean;
  default?: string;
}

const declaredInputs = (file: string): Record<string, Declared> =>
  (parse(readFileSync(path.join(root, file), 'utf8')) as { inputs: Record<string, Declared> })
    .inputs;

/** README's table of inputs under the heading that starts with `heading`: name → default cell. */
function readmeDefaults(markdown: string, heading: string): Map<string, string> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  const header = lines.findIndex(
    (line, i) => i > start && /^\|\s*input\s*\|\s*default\s*\|/.test(line),
  );
  const rows = new Map<string, string>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [names = '', cell = ''] = line
      .split('|')
      .slice(1)
      .map((part) => part.trim());
    for (const name of names.split(',')) rows.set(name.trim().replace(/^`|`$/g, ''), cell);
  }
  return rows;
}

/**
 * What README's default cell must say for what action.yml declares: `required` for a required
 * input, the default as one literal in backticks; words (a computed default: "the tag of
 * GITHUB_REF", "required unless `delete`") or nothing only where action.yml's default is empty.
 */
function cellProblem(declared: Declared, cell: string): string | undefined {
  const literal = /^`([^`]*)`$/.exec(cell)?.[1];
  if (declared.required === true) {
    return cell === 'required'
      ? undefined
      : `required in action.yml, README says ${cell || 'nothing'}`;
  }
  if (cell === 'required') return 'README says required, action.yml does not';
  const value = declared.default ?? '';
  if (value !== '') {
    return literal === value
      ? undefined
      : `action.yml's default is ${value}, README says ${cell || 'nothing'}`;
  }
  return literal === undefined ? undefined : `action.yml's default is empty, README says ${cell}`;
}

function readmeProblems(declared: Record<string, Declared>, cells: Map<string, string>): string[] {
  const names = new Set([...Object.keys(declared), ...cells.keys()]);
  return [...names].flatMap((name) => {
    const input = declared[name];
    const cell = cells.get(name);
    if (input === undefined) return [`${name}: in README, not in action.yml`];
    if (cell === undefined) return [`${name}: in action.yml, not in README`];
    const problem = cellProblem(input, cell);
    return problem === undefined ? [] : [`${name}: ${problem}`];
  });
}

/** The parser's defaults against action.yml's; an expression (`${{ … }}`) is the runner's. */
function parserProblems(
  declared: Record<string, Declared>,
  parser: Readonly<Record<string, string | undefined>>,
): string[] {
  return Object.entries(declared).flatMap(([name, input]) => {
    const value = input.default ?? '';
    const expected = value.startsWith('${{') ? '' : value;
    const held = parser[name] ?? '';
    return held === expected
      ? []
      : [`${name}: action.yml's default is ${value || 'empty'}, the parser's ${held || 'empty'}`];
  });
}

const sections = [
  ['action.yml', '## Inputs'],
  ['project/action.yml', '### `acme/desktop-build-action/project@v1`'],
  ['webhook/action.yml', '### `acme/desktop-build-action/webhook@v1`'],
] as const;

describe('input defaults', () => {
  it.each(sections)('%s and README agree on names, defaults and required', (file, heading) => {
    const cells = readmeDefaults(readme, heading);
    expect(cells.size).toBeGreaterThan(3);
    expect(readmeProblems(declaredInputs(file), cells)).toEqual([]);
  });

  it("action.yml and the parser's INPUT_DEFAULTS agree", () => {
    const declared = declaredInputs('action.yml');
    expect(Object.keys(declared).sort()).toEqual([...INPUT_NAMES].sort());
    expect(parserProblems(declared, INPUT_DEFAULTS)).toEqual([]);
  });

  it.each([
    [
      'project/action.yml',
      (read: (name: string) => string) =>
        parseProjectInputs(read, readContext({ GITHUB_WORKSPACE: '/work/repo' })),
      { 'project-id': 'proj_1' },
    ],
    [
      'webhook/action.yml',
      parseWebhookInputs,
      { url: 'https://hooks.example.com/a', events: 'build.queued' },
    ],
  ] as const)(
    "%s's parser reads an empty input as action.yml's default",
    (file, parseAction, given) => {
      const base: Record<string, string> = {
        'api-key': 'dbs_key',
        'base-url': 'https://api.example.com/v1',
        ...given,
      };
      const defaults = Object.fromEntries(
        Object.entries(declaredInputs(file)).map(([name, input]) => [name, input.default ?? '']),
      );
      const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';
      expect(parseAction(read({ ...defaults, ...base }))).toEqual(parseAction(read(base)));
    },
  );

  it('catches what it is there to catch (the checks can fail)', () => {
    const declared: Record<string, Declared> = {
      a: { required: true },
      b: { default: 'true' },
      c: { default: '' },
      d: { default: '${{ github.token }}' },
    };
    const cells = readmeDefaults(
      '## X\n| input | default | meaning |\n| - | - | - |\n' +
        '| `a` | | |\n| `b` | `false` | |\n| `c` | `x` | |\n| `e` | | |\n',
      '## X',
    );
    expect(readmeProblems(declared, cells)).toEqual([
      'a: required in action.yml, README says nothing',
      "b: action.yml's default is true, README says `false`",
      "c: action.yml's default is empty, README says `x`",
      'd: in action.yml, not in README',
      'e: in README, not in action.yml',
    ]);
    expect(parserProblems(declared, { b: '15', d: '${{ github.token }}' })).toEqual([
      "b: action.yml's default is true, the parser's 15",
      "d: action.yml's default is ${{ github.token }}, the parser's ${{ github.token }}",
    ]);
  });
});

// Every fixed span of time is written once, in src/shared/timing.ts, with its reason: a module-level
// `…_MS` constant whose value is a figure (`3_000`, `5 * MINUTE`) anywhere else in src/ fails here.
// A retry policy's figures stay beside the loop they pace (timing.ts says why); a span a user sets
// is an input, with its default in INPUT_DEFAULTS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.ts';

const HOME = 'src/shared/timing.ts';
const UNITS = new Set(['SECOND', 'MINUTE', 'HOUR']);

/** Whether `node` is a figure: numbers and the units, joined by arithmetic. */
function isFigure(node: ts.Expression): boolean {
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isIdentifier(node)) return UNITS.has(node.text);
  if (ts.isParenthesizedExpression(node)) return isFigure(node.expression);
  if (ts.isBinaryExpression(node)) return isFigure(node.left) && isFigure(node.right);
  return false;
}

/** The module-level `…_MS` constants of `text` whose value is a figure, as `file: NAME`. */
function spansIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.isVariableStatement(statement)) return [];
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) &&
      declaration.name.text.endsWith('_MS') &&
      declaration.initializer !== undefined &&
      isFigure(declaration.initializer)
        ? [`${file}: ${declaration.name.text}`]
        : [],
    );
  });
}

describe('the spans of time', () => {
  it('are written in src/shared/timing.ts only', () => {
    const found = sourceFiles('src', /\.ts$/).flatMap((file) =>
      spansIn(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found.filter((place) => place.startsWith(`${HOME}: `)).length).toBeGreaterThan(10);
    expect(found.filter((place) => !place.startsWith(`${HOME}: `))).toEqual([]);
  });

  it('are found as figures, and told from values that are no figure', () => {
    const planted = [
      'const POLL_MS = 3_000;',
      'export const WAIT_MS = 5 * MINUTE, OTHER = 2;',
      'const LIMIT_MS = (2 + 1) * SECOND;',
      'const ALIAS_MS = REQUEST_TIMEOUT_MS;',
      "const EPOCH_MS = Date.parse('2000-01-01T00:00:00Z');",
      'function f() { const LOCAL_MS = 10; return LOCAL_MS; }',
    ];
    expect(planted.map((text) => spansIn('planted.ts', text))).toEqual([
      ['planted.ts: POLL_MS'],
      ['planted.ts: WAIT_MS'],
      ['planted.ts: LIMIT_MS'],
      [],
      [],
      [],
    ]);
  });
});

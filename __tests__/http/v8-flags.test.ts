// Setting a V8 flag at run time is something Node does not promise to honour, so the action does it
// in one documented place only: borrowCollector in src/http/memory.ts, with the figure it earns.
// Every file of src/ is read as a syntax tree, so a new call, in whatever spelling, fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.ts';

const NAME = 'setFlagsFromString';

/** Each mention of setFlagsFromString in `text` (named, quoted, imported), with its function. */
function flagSettersIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const named = ts.isIdentifier(node) || ts.isPrivateIdentifier(node);
    const quoted = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if ((named || quoted) && node.text === NAME) found.push(`${file}: ${enclosingFunction(node)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function enclosingFunction(node: ts.Node): string {
  for (let at = node.parent; at !== undefined; at = at.parent) {
    if (ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) {
      return at.name?.getText() ?? '(anonymous)';
    }
  }
  return '(top level)';
}

describe('the V8 flag switch', () => {
  it('is set in src/ only by borrowCollector of http/memory.ts', () => {
    const found = sourceFiles('src').flatMap((file) =>
      flagSettersIn(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(['src/http/memory.ts: borrowCollector']));
  });

  it('is found in every spelling, outside a function too', () => {
    const planted = [
      "import { setFlagsFromString as set } from 'node:v8';",
      "const v8 = require('v8'); v8['setFlagsFromString']('--expose-gc');",
      "function later() { return import('v8').then(({ setFlagsFromString }) => setFlagsFromString('--x')); }",
      'process.binding("v8")[`setFlagsFromString`]("--x");',
    ];
    expect(planted.map((text) => flagSettersIn('planted.ts', text).length)).toEqual([1, 1, 2, 1]);
    expect(flagSettersIn('planted.ts', planted[2]!)).toEqual([
      'planted.ts: later',
      'planted.ts: later',
    ]);
  });
});

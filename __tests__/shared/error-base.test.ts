// Every error class of the action extends the one base (ActionError, src/shared/errors.ts), so each is
// named after its class and carries its facts the same way; only the base extends Error.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TunnelRefusedError } from '../../src/http/dispatcher.ts';
import { UnusableBodyError } from '../../src/service/transport.ts';
import { ActionError } from '../../src/shared/errors.ts';
import {
  AssetLongerThanListedError,
  GitHubAnswerError,
  IncompleteAnswerError,
  RepositoryNameError,
} from '../../src/github/errors.ts';
import { parseRepository } from '../../src/github/client.ts';
import { WriterThreadStoppedError } from '../../src/service/hashing/thread-writer.ts';
import { UnexpectedAnswerError } from '../../src/github/artifact-service.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const BASE = path.join(SRC, 'shared', 'errors.ts');

// A class (named or not, generic or not) whose superclass is one of JavaScript's own errors.
const EXTENDS_BUILTIN_ERROR =
  /\bclass\b(?:\s+([\w$]+))?(?:\s*<[^{]*?>)?\s+extends\s+(?:globalThis\.)?((?:Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error)\b(?![.\w$])/g;

/** `file:line: class X extends Error` for each class in `text` that extends a built-in error. */
function builtinErrorSubclasses(file: string, text: string): string[] {
  return [...text.matchAll(EXTENDS_BUILTIN_ERROR)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: class ${match[1] ?? '(anonymous)'} extends ${match[2]}`;
  });
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.[cm]?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

describe('one base for every error class', () => {
  it('finds the ways a class can extend a built-in error, and nothing else', () => {
    const text = [
      'export class A extends Error {}',
      'class B<T extends object> extends TypeError {',
      'const C = class extends globalThis.RangeError {};',
      'class D extends ActionError {}',
      'class E extends ErrorBase {}',
      'interface F extends Error {}',
    ].join('\n');
    expect(builtinErrorSubclasses('x.ts', text)).toEqual([
      'x.ts:1: class A extends Error',
      'x.ts:2: class B extends TypeError',
      'x.ts:3: class (anonymous) extends RangeError',
    ]);
  });

  it('no class in src/ extends Error (or another built-in error) but ActionError itself', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => file !== BASE)
      .flatMap((file) =>
        builtinErrorSubclasses(path.relative(SRC, file), readFileSync(file, 'utf8')),
      );
    expect(offenders).toEqual([]);
    expect(builtinErrorSubclasses('errors.ts', readFileSync(BASE, 'utf8'))).toEqual([
      'errors.ts:5: class ActionError extends Error',
    ]);
  });

  it('keeps the names and fields that callers read of the classes moved under it', () => {
    const moved = [
      [new TunnelRefusedError(407), 'TunnelRefusedError'],
      [new UnusableBodyError({ fieldPath: 'id', problem: 'is missing' }), 'UnusableBodyError'],
      [new UnexpectedAnswerError('no ok'), 'UnexpectedAnswerError'],
      [
        new GitHubAnswerError('GET /x', 404, { headers: {}, data: undefined }, 'Not Found'),
        'GitHubAnswerError',
      ],
    ] as const;
    for (const [error, name] of moved) {
      expect(error).toBeInstanceOf(ActionError);
      expect(error.name).toBe(name);
      expect(String(error)).toMatch(new RegExp(`^${name}: `));
    }
    expect(new TunnelRefusedError(502).statusCode).toBe(502);
    expect(new UnusableBodyError({ fieldPath: 'id', problem: 'is missing' }, false)).toMatchObject({
      fieldPath: 'id',
      problem: 'is missing',
      final: false,
    });
  });
});

describe('the throws that were plain Errors', () => {
  it('a repository that is not owner/name is a RepositoryNameError naming it, inertly', () => {
    for (const given of ['', 'owner', 'a/b/c', 'owner/']) {
      expect(() => parseRepository(given)).toThrow(RepositoryNameError);
    }
    const error = (() => {
      try {
        parseRepository('x\n::error::y');
      } catch (caught) {
        return caught as RepositoryNameError;
      }
    })();
    expect(error).toBeInstanceOf(ActionError);
    expect(error?.repository).toBe('x\n::error::y');
    expect(error?.message).not.toContain('\n');
    expect(parseRepository('octo/app')).toEqual({ owner: 'octo', repo: 'app' });
  });

  it('name what was asked and what the answer lacked, or how far it went', () => {
    const incomplete = new IncompleteAnswerError('the creation of the comment', 'a comment id');
    expect(incomplete).toBeInstanceOf(ActionError);
    expect(incomplete).toMatchObject({
      what: 'the creation of the comment',
      missing: 'a comment id',
    });
    expect(String(incomplete)).toMatch(
      /^IncompleteAnswerError: GitHub answered the creation of the comment without a comment id;/,
    );
    expect(new AssetLongerThanListedError(7, 100)).toMatchObject({
      name: 'AssetLongerThanListedError',
      assetId: 7,
      listedBytes: 100,
    });
    expect(new WriterThreadStoppedError(1)).toMatchObject({
      name: 'WriterThreadStoppedError',
      exitCode: 1,
    });
  });
});

// What is wrong with an answer that failed its schema, said without quoting the value: an
// answer's text may carry a newline and a workflow command. The build service's schemas and
// GitHub's alike report through it.
import type { z } from 'zod';

/** What is wrong with an answer: the field (a dotted path) and the problem, without its value. */
export interface FieldProblem {
  fieldPath: string;
  problem: string;
}

// Path segments are the schema's own keys and array indexes; anything else (a key taken from the
// body) is not shown.
const pathSegment = (key: PropertyKey): string =>
  typeof key === 'number' || (typeof key === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(key))
    ? String(key)
    : '?';

/** The first problem of a failed parse, as a field path and a text that never quotes the value. */
export function shapeProblem(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldProblem {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])];
  const fieldPath = path.length > 0 ? path.map(pathSegment).join('.') : '(body)';
  if (issue === undefined) return { fieldPath, problem: 'is invalid' };
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return { fieldPath, problem: 'is missing' };
  }
  const problem = issue.message.startsWith('is ') ? issue.message : `is invalid (${issue.message})`;
  return { fieldPath, problem };
}

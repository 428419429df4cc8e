import type { z } from '../vendor/zod/index.js';
/** What is wrong with an answer: the field (a dotted path) and the problem, without its value. */
export interface FieldProblem {
    fieldPath: string;
    problem: string;
}
/** The first problem of a failed parse, as a field path and a text that never quotes the value. */
export declare function shapeProblem(error: z.ZodError, prefix?: readonly PropertyKey[]): FieldProblem;

import { ActionError } from '../shared/errors.ts';
/** The secret given is no secret: empty, only whitespace, or not a string (an unset variable). */
export declare class WebhookSecretError extends ActionError {
    /** `typeof` what was given, or `empty string`. */
    readonly given: string;
    constructor(given: string);
}
/** The body given is not the request's bytes (a parsed object, or nothing). */
export declare class WebhookBodyError extends ActionError {
    /** `typeof` what was given. */
    readonly given: string;
    constructor(given: string);
}
/** Throws WebhookSecretError or WebhookBodyError when either is not what a signature needs. */
export declare function signPayload(secret: string, body: string | Buffer): string;
/**
 * True only when `header` is the signature of `rawBody`; a missing, repeated (Node gives an array)
 * or malformed header is simply false. Throws WebhookSecretError or WebhookBodyError for a secret or body that cannot be right,
 * whatever the header: check the secret once at start (`signPayload(secret, '')` throws too).
 */
export declare function verifySignature(secret: string, rawBody: string | Buffer, header: string | readonly string[] | undefined | null): boolean;

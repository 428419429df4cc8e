// The base of every failure the action and its sub-actions report, as @actions/artifact does it:
// the name is the class's own, the facts a user or a caller needs are fields on the instance, and
// the message says what happened and how to fix it.

export abstract class ActionError extends Error {
  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    // new.target is the concrete class, so a subclass never has to set its own name.
    this.name = new.target.name;
  }
}

/** The message of anything thrown; what is not an Error is shown as a string. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Anything thrown, as an Error (a thrown string or value becomes the message). */
export const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/** The code of what failed (ECONNRESET, UND_ERR_SOCKET), wherever a few causes deep it is wrapped. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

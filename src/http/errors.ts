// Failures of an HTTP exchange whoever answers: the build service or GitHub.
import { ActionError } from '../shared/errors.ts';

/** Who is on the other end of an exchange, as a message names it. */
export type Answerer = 'the build service' | 'GitHub';

/** The most a client reads of one endpoint's answer, and whose answer it is. */
export interface AnswerBound {
  maxBytes: number;
  /** What was asked, as messages name it: `GET /builds/:buildId`, `the upload of "app.dmg"`. */
  endpoint: string;
  answerer: Answerer;
}

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${bytes} bytes (${(bytes / 1024 / 1024).toFixed(1)} MiB)`
    : `${bytes} bytes`;

const advice: Record<Answerer, string> = {
  'the build service': 'The service is misbehaving; retry later, or report it to the service.',
  GitHub: 'GitHub (or a proxy on the way) is misbehaving; retry later.',
};

/**
 * An answer longer than the client reads for its endpoint: refused when Content-Length announced
 * it, or as soon as that many bytes had come. Final: the same request gets the same answer.
 */
export class ResponseTooLargeError extends ActionError {
  readonly endpoint: string;
  readonly limitBytes: number;
  readonly answerer: Answerer;
  /** The announced length; undefined when the body was cut off while it streamed. */
  readonly sizeBytes: number | undefined;

  constructor({ endpoint, maxBytes, answerer }: AnswerBound, sizeBytes?: number) {
    super(
      (sizeBytes === undefined
        ? `${endpoint} answered with more than ${sizeText(maxBytes)}, the most this client ` +
          'reads from it; reading stopped there. '
        : `${endpoint} announced an answer of ${sizeText(sizeBytes)}, more than the ` +
          `${sizeText(maxBytes)} this client reads from it; it was not read. `) + advice[answerer],
    );
    this.endpoint = endpoint;
    this.limitBytes = maxBytes;
    this.answerer = answerer;
    this.sizeBytes = sizeBytes;
  }
}

/**
 * An answer nested deeper than the client reads from its endpoint: refused as its bytes came,
 * before anything of it was built. Final, like ResponseTooLargeError.
 */
export class AnswerTooDeepError extends ActionError {
  readonly endpoint: string;
  readonly maxDepth: number;
  readonly answerer: Answerer;

  constructor({ endpoint, answerer }: Omit<AnswerBound, 'maxBytes'>, maxDepth: number) {
    super(
      `${endpoint} answered with JSON nested more than ${maxDepth} levels deep, deeper than ` +
        `any answer of it can be; it was not parsed. ${advice[answerer]}`,
    );
    this.endpoint = endpoint;
    this.maxDepth = maxDepth;
    this.answerer = answerer;
  }
}

/** An answer refused for its size or its nesting: asking again gets the same answer. */
export type RefusedAnswerError = ResponseTooLargeError | AnswerTooDeepError;

export const isRefusedAnswer = (error: unknown): error is RefusedAnswerError =>
  error instanceof ResponseTooLargeError || error instanceof AnswerTooDeepError;

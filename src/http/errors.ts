// Failures of an HTTP exchange whoever answers: the build service or GitHub.
import { ActionError } from '../shared/errors.ts';

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${bytes} bytes (${(bytes / 1024 / 1024).toFixed(1)} MiB)`
    : `${bytes} bytes`;

/**
 * An answer longer than the client reads for its endpoint: refused when Content-Length announced
 * it, or as soon as that many bytes had come. Final: the same request gets the same answer.
 */
export class ResponseTooLargeError extends ActionError {
  readonly endpoint: string;
  readonly limitBytes: number;
  /** The announced length; undefined when the body was cut off while it streamed. */
  readonly sizeBytes: number | undefined;

  constructor(endpoint: string, limitBytes: number, sizeBytes?: number) {
    super(
      (sizeBytes === undefined
        ? `${endpoint} answered with more than ${sizeText(limitBytes)}, the most this client ` +
          'reads from it; reading stopped there. '
        : `${endpoint} announced an answer of ${sizeText(sizeBytes)}, more than the ` +
          `${sizeText(limitBytes)} this client reads from it; it was not read. `) +
        'The service is misbehaving; retry later, or report it to the service.',
    );
    this.endpoint = endpoint;
    this.limitBytes = limitBytes;
    this.sizeBytes = sizeBytes;
  }
}

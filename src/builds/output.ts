// The step's output: process.stdout, each print waiting until the stream has written it out, so the
// process holds one chunk however slowly the runner reads and a printer can reuse its buffer. Lines
// that must stay together (a log group, the stop-commands around a batch) are printed alone:
// @actions/core writes straight to process.stdout, so writes from elsewhere are held while they
// print and follow them in order.
import { EOL } from 'node:os';
import type { Writable } from 'node:stream';

/** Prints after everything printed before it; resolves once the stream has written it out. */
export type Print = (text: string | Uint8Array) => Promise<void>;

export interface Output {
  /**
   * Runs `work`, which prints with the `print` it is given; every other write to the stream waits
   * until `work` ends, so nothing lands among its lines. Calls take turns.
   */
  printAlone<T>(work: (print: Print) => Promise<T>): Promise<T>;
}

type Write = Writable['write'];

export class StreamOutput implements Output {
  readonly #stream: Writable;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(stream: Writable) {
    this.#stream = stream;
  }

  printAlone<T>(work: (print: Print) => Promise<T>): Promise<T> {
    const printed = this.#turn.then(() => this.#holdingOthers(work));
    this.#turn = printed.catch(() => {});
    return printed;
  }

  async #holdingOthers<T>(work: (print: Print) => Promise<T>): Promise<T> {
    const stream = this.#stream;
    const ownWrite = Object.hasOwn(stream, 'write');
    const write = stream.write;
    const printNow = write.bind(stream) as (
      text: string | Uint8Array,
      written: (error?: Error | null) => void,
    ) => boolean;
    const held: Parameters<Write>[] = [];
    stream.write = ((...args: Parameters<Write>) => {
      held.push(args);
      return true;
    }) as Write;
    try {
      return await work(
        (text) =>
          new Promise<void>((resolve, reject) => {
            printNow(text, (error) => (error ? reject(error) : resolve()));
          }),
      );
    } finally {
      if (ownWrite) stream.write = write;
      else delete (stream as Partial<Writable>).write;
      for (const args of held) stream.write(...args);
    }
  }
}

export const stdoutOutput: Output = new StreamOutput(process.stdout);

export const lines = (texts: readonly string[]): string => `${texts.join(EOL)}${EOL}`;

// How a build's log reaches the step's output: printed whole as one group when the build ends
// (several builds), or printed after each read inside the build's own group, opened at the first
// (a single build, watched live), and closed at its end or when the build is left unfinished.
// Workflow commands stop around the service's lines only, so the action's own warnings still work;
// the action's notes on the log (what of it could not be kept, and why) come last in its group.
import { commandText } from '../text/escape.ts';
import { messageOf } from '../shared/errors.ts';
import { lines, type Output, type Print } from '../runner/log.ts';

export const NO_LINES = '(the service returned no log lines)';

/** A log's printed lines, in pieces, each valid until the next one is asked for. */
export type Pieces = AsyncIterable<Uint8Array>;

/** What the action says under a log: what of it could not be kept, and why. */
export interface LogState {
  /** Why the log stopped making sense; undefined while it makes sense. */
  readonly disorder: string | undefined;
  /** Why its lines are no longer kept; undefined while they are. */
  readonly lost: unknown;
}

/** The action's own lines under a log, made inert. */
export function logNotes({ disorder, lost }: LogState, live: boolean): string[] {
  const notes: string[] = [];
  if (disorder !== undefined) {
    notes.push(
      commandText(
        `(The service's log ${disorder}; its lines are shown ` +
          (live ? 'as taken, then the rest of its last reading' : 'in time order') +
          ', each once.)',
        500,
      ),
    );
  }
  if (lost !== undefined) {
    notes.push(
      commandText(
        '(Lines of this log were lost: its file under RUNNER_TEMP could not be written ' +
          `(${messageOf(lost)}); only the lines written before are shown.)`,
        500,
      ),
    );
  }
  return notes;
}

/** Each piece written out before the next is read. */
async function printPieces(print: Print, pieces: Pieces): Promise<void> {
  for await (const piece of pieces) await print(piece);
}

/**
 * Prints the whole group, titled `title`, with every other write held, so no other build's output
 * lands inside it. `body` undefined: the service listed no line.
 */
export function printWholeGroup(
  output: Output,
  title: string,
  body: Pieces | undefined,
  notes: readonly string[],
): Promise<void> {
  return output.printAlone((print) =>
    print.stopped(
      [`::group::${commandText(title)}`],
      () => (body === undefined ? print(lines([NO_LINES])) : printPieces(print, body)),
      [...notes, '::endgroup::'],
    ),
  );
}

/** A log printed as it is read, inside one group. */
export class LiveGroup {
  readonly #title: string;
  readonly #output: Output;
  /** Bytes `start` to `end` of the log's lines taken in order. */
  readonly #bytes: (start: number, end: number) => Pieces;
  /** The bytes of the lines taken in order printed so far. */
  #printed = 0;
  #open = false;

  constructor(title: string, output: Output, bytes: (start: number, end: number) => Pieces) {
    this.#title = title;
    this.#output = output;
    this.#bytes = bytes;
  }

  /** Prints the lines taken in order up to byte `end` that it has not printed yet. */
  printNew(end: number): Promise<void> {
    return this.#output.printAlone((print) => this.#printNew(print, end));
  }

  /**
   * The build ended: prints what it has not printed yet up to byte `end`, then `added` (the rest
   * of a disordered log's last reading), then `notes`, and closes the group.
   */
  end(end: number, added: Pieces | undefined, notes: readonly string[]): Promise<void> {
    return this.#output.printAlone(async (print) => {
      await this.#printNew(print, end);
      if (added !== undefined) await this.#printBatch(print, () => printPieces(print, added));
      if (!this.#open) await this.#printBatch(print, () => print(lines([NO_LINES])));
      await print(lines([...notes, '::endgroup::']));
      this.#open = false;
    });
  }

  /**
   * The build was left unfinished (the step stopped waiting, or lost it): an open group is closed
   * under `notes`, so that what the step prints next is not inside it.
   */
  closeUnfinished(notes: readonly string[]): Promise<void> {
    return this.#output.printAlone(async (print) => {
      if (!this.#open) return;
      await print(lines([...notes, '::endgroup::']));
      this.#open = false;
    });
  }

  async #printNew(print: Print, end: number): Promise<void> {
    const start = this.#printed;
    if (end <= start) return;
    await this.#printBatch(print, () => printPieces(print, this.#bytes(start, end)));
    this.#printed = end;
  }

  async #printBatch(print: Print, printLines: () => Promise<void>): Promise<void> {
    const groupStart = this.#open ? [] : [`::group::${commandText(this.#title)}`];
    this.#open = true;
    await print.stopped(groupStart, printLines, []);
  }
}

// The step's log: the one writer of process.stdout, which the runner reads for text and workflow
// commands. Every part of the action prints here, never to the stream or @actions/core's printing
// functions, so one place keeps the order and keeps a group whole: while `printAlone` prints a
// group, every other print waits in order and follows the group. What waits is bounded
// (HOLD_BYTES): past it the waiting lines are printed at once, in order, inside the group, after a
// note, with workflow commands resumed around them so an annotation or a mask among them still
// works. A group's own prints each wait until the stream has written them out, so the process holds
// one chunk however slowly the runner reads, and a printer can reuse its buffer.
// The stream is the log's one dependency (`LogWriter`): a test hands it a collector and reads what
// was printed, never spying on process.stdout.
// Lines a library prints itself (@actions/artifact's uploader) do not pass here and can land inside
// a group.
import type { AnnotationProperties } from '@actions/core';
import { randomBytes } from 'node:crypto';
import { EOL } from 'node:os';

/** Other prints wait at most this many bytes for a group; past it they are printed inside it. */
export const HOLD_BYTES = 1024 * 1024;

/** Prints after everything printed before it; resolves once the stream has written it out. */
export interface Print {
  (text: string | Uint8Array): Promise<void>;
  /**
   * Prints `before`, then what `printLines` prints with workflow commands stopped (the runner runs
   * none of its lines), then `after`. Commands resume, on a line of their own, even on a failure.
   */
  stopped(
    before: readonly string[],
    printLines: () => Promise<void>,
    after: readonly string[],
  ): Promise<void>;
}

export interface Output {
  /**
   * Runs `work`, which prints with the `print` it is given; every other print waits until `work`
   * ends (or HOLD_BYTES of them wait), so nothing lands among its lines. Calls take turns.
   */
  printAlone<T>(work: (print: Print) => Promise<T>): Promise<T>;
}

/** Where the step log's text goes: process.stdout in a run, a collector in a test. */
export interface LogWriter {
  /** Calls `written` once the text is out: a group's prints wait for it. */
  write(text: string | Uint8Array, written?: (error?: Error | null) => void): boolean;
}

export const lines = (texts: readonly string[]): string => `${texts.join(EOL)}${EOL}`;

/** Fresh and unguessable each time: a line of the service's cannot resume commands. */
const stopToken = (): string => randomBytes(16).toString('hex');

// As @actions/core writes a workflow command (its helpers are not exported).
const escapeData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string =>
  escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function workflowCommand(
  name: string,
  message: string,
  properties: Record<string, string | number | undefined> = {},
): string {
  const shown = Object.entries(properties)
    .filter(([, value]) => value !== undefined && value !== '' && value !== 0)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${name}${shown.length > 0 ? ` ${shown.join(',')}` : ''}::${escapeData(message)}`;
}

const annotation = (
  name: string,
  message: string | Error,
  { title, file, startLine, endLine, startColumn, endColumn }: AnnotationProperties = {},
): string =>
  workflowCommand(name, message instanceof Error ? message.toString() : message, {
    title,
    file,
    line: startLine,
    endLine,
    col: startColumn,
    endColumn,
  });

const endsLine = (text: string | Uint8Array): boolean =>
  typeof text === 'string' ? text.endsWith('\n') : text.at(-1) === 0x0a;

export class StepLog implements Output {
  #writer: LogWriter;
  readonly #holdBytes: number;
  #turn: Promise<unknown> = Promise.resolve();
  /** Set while a group prints alone: every other print waits here. */
  #held: string[] | undefined;
  #heldBytes = 0;
  /** The group's last print ended inside a line. */
  #midLine = false;
  /** The token of the group's stop-commands, while they are stopped. */
  #stoppedBy: string | undefined;

  constructor(writer: LogWriter, { holdBytes = HOLD_BYTES } = {}) {
    this.#writer = writer;
    this.#holdBytes = holdBytes;
  }

  /**
   * Sends every later print to `writer` until the returned function puts the previous one back:
   * how a test reads what the one step log printed (test-kit/step-log-capture.ts).
   */
  writeTo(writer: LogWriter): () => void {
    const previous = this.#writer;
    this.#writer = writer;
    return () => {
      this.#writer = previous;
    };
  }

  // Fields, not methods: callers pass them on (an Octokit log, a choice of two).
  readonly info = (message: string): void => this.#say(message);
  readonly debug = (message: string): void => this.#say(workflowCommand('debug', message));
  readonly notice = (message: string | Error, properties?: AnnotationProperties): void =>
    this.#say(annotation('notice', message, properties));
  readonly warning = (message: string | Error, properties?: AnnotationProperties): void =>
    this.#say(annotation('warning', message, properties));
  readonly error = (message: string | Error, properties?: AnnotationProperties): void =>
    this.#say(annotation('error', message, properties));
  /** An error annotation, and the step fails when the process exits (@actions/core's setFailed). */
  readonly setFailed = (message: string | Error): void => {
    process.exitCode = 1;
    this.error(message);
  };
  /** The runner masks `secret` in every line printed after this (in order, like any print). */
  readonly setSecret = (secret: string): void => this.#say(workflowCommand('add-mask', secret));
  readonly startGroup = (name: string): void => this.#say(workflowCommand('group', name));
  readonly endGroup = (): void => this.#say(workflowCommand('endgroup', ''));

  /** `work` between a group's first and last line; other prints may land inside it. */
  async group<T>(name: string, work: () => Promise<T>): Promise<T> {
    this.startGroup(name);
    try {
      return await work();
    } finally {
      this.endGroup();
    }
  }

  printAlone<T>(work: (print: Print) => Promise<T>): Promise<T> {
    const printed = this.#turn.then(() => this.#holdingOthers(work));
    this.#turn = printed.catch(() => {});
    return printed;
  }

  #say(line: string): void {
    const text = `${line}${EOL}`;
    if (this.#held === undefined) {
      this.#writer.write(text);
      return;
    }
    this.#held.push(text);
    this.#heldBytes += Buffer.byteLength(text);
    if (this.#heldBytes > this.#holdBytes) this.#printHeld(true);
  }

  async #holdingOthers<T>(work: (print: Print) => Promise<T>): Promise<T> {
    this.#held = [];
    this.#midLine = false;
    const print = Object.assign((text: string | Uint8Array) => this.#printOwn(text), {
      stopped: (
        before: readonly string[],
        printLines: () => Promise<void>,
        after: readonly string[],
      ) => this.#printStopped(before, printLines, after),
    });
    try {
      return await work(print);
    } finally {
      this.#printHeld(false);
      this.#held = undefined;
    }
  }

  #printOwn(text: string | Uint8Array): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.#writer.write(text, (error) => (error ? reject(error) : resolve()));
    });
    if (text.length > 0) this.#midLine = !endsLine(text);
    return written;
  }

  async #printStopped(
    before: readonly string[],
    printLines: () => Promise<void>,
    after: readonly string[],
  ): Promise<void> {
    const token = stopToken();
    const stopping = this.#printOwn(lines([...before, `::stop-commands::${token}`]));
    this.#stoppedBy = token;
    await stopping;
    try {
      await printLines();
    } finally {
      const resume = `::${this.#stoppedBy}::`;
      const resuming = this.#printOwn(`${this.#midLine ? EOL : ''}${lines([resume, ...after])}`);
      this.#stoppedBy = undefined;
      await resuming;
    }
  }

  /**
   * Writes what waited, in order. Past the bound the group is still printing: the lines go in on
   * lines of their own, after a note, with commands resumed for them and stopped again after.
   */
  #printHeld(overflowing: boolean): void {
    const held = this.#held ?? [];
    if (held.length === 0) return;
    this.#held = [];
    this.#heldBytes = 0;
    if (!overflowing) {
      for (const text of held) this.#writer.write(text);
      return;
    }
    const stopped = this.#stoppedBy;
    const opening = [
      ...(stopped === undefined ? [] : [`::${stopped}::`]),
      `(More than ${this.#holdBytes} bytes of the action's own lines waited for this group: ` +
        'they follow here, in order.)',
    ];
    this.#writer.write(`${this.#midLine ? EOL : ''}${lines(opening)}`);
    for (const text of held) this.#writer.write(text);
    if (stopped !== undefined) {
      this.#stoppedBy = stopToken();
      this.#writer.write(lines([`::stop-commands::${this.#stoppedBy}`]));
    }
    this.#midLine = false;
  }
}

/** The step's log, on process.stdout. */
export const stepLog = new StepLog(process.stdout);

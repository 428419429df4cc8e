// Every answer is bounded in size and in time, over real sockets: a huge answer is refused early
// (announced or streamed) and reading stops there; a logs body that trickles ends at the request
// timeout; bytes that are not UTF-8 cost a character, never the answer.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ResponseShapeError,
  ResponseTooLargeError,
  TimeoutError,
} from '../../src/service/errors.ts';
import { MAX_LOG_ANSWER_BYTES, MAX_LOG_TEXT_BYTES } from '../../src/service/log-stream.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import type { LogEntry } from '../../src/service/schemas.ts';
import { MAX_JSON_ANSWER_BYTES } from '../../src/service/transport.ts';
import { buildAnswer, clientFor, pump, useStandIns } from './stand-in.ts';

const MiB = 1024 * 1024;
/** The answer of the issue: 700 MB, made of one reused buffer. */
const HUGE = 700 * 1000 * 1000;
const FILLER = Buffer.alloc(MiB, ' ');
const LOG_HEAD = '{"buildId":"build_1","logs":[';

const entry = (message: string, second = 0) =>
  JSON.stringify({ timestamp: `2026-01-01T00:00:0${second}Z`, level: 'info', message });
/** `text` as bytes, each `~` replaced by 0xff, which is never UTF-8. */
const withOddBytes = (text: string) =>
  Buffer.from(text).map((byte) => (byte === 0x7e ? 0xff : byte));

describe('answer size', () => {
  const standIn = useStandIns();

  /** A stand-in whose every answer is `HUGE` bytes; `written` resolves to what it sent. */
  async function hugeService(status: number, head: string, announce: boolean) {
    const sent: Promise<number>[] = [];
    const service = await standIn((_req, res) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(announce && { 'content-length': String(HUGE) }),
      });
      sent.push(pump(res, head, FILLER, HUGE));
    });
    return { ...service, written: async () => Promise.all(sent) };
  }

  it('refuses a Get Build that announces 700 MB before reading it, once', async () => {
    const service = await hugeService(200, '{"id":"build_1","padding":"', true);
    const client = clientFor(service.baseUrl);
    try {
      const error = await client.getBuild('build_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({
        endpoint: 'GET /builds/:buildId',
        limitBytes: MAX_JSON_ANSWER_BYTES,
        sizeBytes: HUGE,
        answerer: 'the build service',
      });
      expect((error as Error).message).toMatch(
        /^GET \/builds\/:buildId announced an answer of 700000000 bytes \(667\.6 MiB\), more than the 16777216 bytes \(16\.0 MiB\)/,
      );
      expect((error as Error).message).toMatch(/report it to the service\.$/);
      expect(service.requests).toHaveLength(1);
      const [written] = await service.written();
      expect(written).toBeLessThan(MAX_JSON_ANSWER_BYTES);
    } finally {
      await client.close();
    }
  });

  it('stops reading a streamed Get Build as soon as it passes the limit, and says so', async () => {
    const service = await hugeService(200, '{"id":"build_1","padding":"', false);
    const client = clientFor(service.baseUrl);
    try {
      const error = await client.getBuild('build_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ limitBytes: MAX_JSON_ANSWER_BYTES, sizeBytes: undefined });
      expect((error as Error).message).toMatch(
        /^GET \/builds\/:buildId answered with more than 16777216 bytes \(16\.0 MiB\)/,
      );
      expect(service.requests).toHaveLength(1);
      // What was in flight when the client stopped (socket buffers) is all it cost.
      const [written] = await service.written();
      expect(written).toBeLessThan(MAX_JSON_ANSWER_BYTES + 32 * MiB);
    } finally {
      await client.close();
    }
  });

  it('bounds the logs stream by its own limit, announced or streamed', async () => {
    const announced = await hugeService(200, LOG_HEAD, true);
    const streamed = await hugeService(200, LOG_HEAD, false);
    const options = { from: () => 0, onEntry: () => {} };
    const clients = [clientFor(announced.baseUrl), clientFor(streamed.baseUrl)];
    try {
      const [refused, stopped] = await Promise.all(
        clients.map((client) => client.readBuildLog('build_1', options).catch((e: unknown) => e)),
      );
      expect(refused).toBeInstanceOf(ResponseTooLargeError);
      expect(refused).toMatchObject({
        endpoint: 'GET /builds/:buildId/logs',
        limitBytes: MAX_LOG_ANSWER_BYTES,
        sizeBytes: HUGE,
      });
      expect(stopped).toBeInstanceOf(ResponseTooLargeError);
      expect(stopped).toMatchObject({ limitBytes: MAX_LOG_ANSWER_BYTES, sizeBytes: undefined });
      expect([...announced.requests, ...streamed.requests]).toHaveLength(2);
      const [[refusedAfter], [stoppedAfter]] = await Promise.all([
        announced.written(),
        streamed.written(),
      ]);
      expect(refusedAfter).toBeLessThan(MAX_LOG_ANSWER_BYTES);
      expect(stoppedAfter).toBeLessThan(MAX_LOG_ANSWER_BYTES + 32 * MiB);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it('cuts a 60 MB log line to its first million characters; the entries after it arrive', async () => {
    const [open, close] = entry('~', 1).split('~') as [string, string];
    const service = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const head = `${LOG_HEAD}${entry('before', 0)},${open}`;
      void pump(res, head, Buffer.alloc(MiB, 'x'), 60 * MiB, `${close},${entry('after', 2)}]}`);
    });
    const client = clientFor(service.baseUrl);
    const entries: LogEntry[] = [];
    try {
      const read = await client.readBuildLog('build_1', {
        from: () => 0,
        onEntry: (logEntry) => entries.push(logEntry),
      });
      expect(read).toMatchObject({ changed: true, entries: 3 });
      expect(entries.map((logEntry) => logEntry.message.length)).toEqual([
        'before'.length,
        expect.any(Number),
        'after'.length,
      ]);
      const long = entries[1]!.message;
      expect(long.startsWith('x'.repeat(MAX_LOG_TEXT_BYTES))).toBe(true);
      expect(long.slice(MAX_LOG_TEXT_BYTES)).toBe(
        ` … (cut: longer than ${MAX_LOG_TEXT_BYTES} bytes)`,
      );
    } finally {
      await client.close();
    }
  });

  it('reads only the start of a huge error answer: the status decides', async () => {
    const service = await hugeService(500, '{"error":{"message":"disk full"},"padding":"', false);
    const events: RetryEvent[] = [];
    const client = clientFor(service.baseUrl, { events });
    try {
      const error = await client.getBuild('build_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 500, attempts: 2 });
      expect(events.map((event) => event.reason)).toEqual(['HTTP 500']);
      for (const written of await service.written()) {
        expect(written).toBeLessThan(MAX_JSON_ANSWER_BYTES);
      }
    } finally {
      await client.close();
    }
  });
});

describe('answer time', () => {
  const standIn = useStandIns();

  /** A logs endpoint that sends a byte every 20 ms, forever: never silent, never done. */
  const trickle = () =>
    standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(LOG_HEAD);
      // real time: a server that really trickles, holding the socket open
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });

  it('ends a logs read that trickles at the request timeout, as a timeout, retried', async () => {
    const service = await trickle();
    const events: RetryEvent[] = [];
    const client = clientFor(service.baseUrl, { timeoutMs: 300, events });
    try {
      const error = await client
        .readBuildLog('build_1', { from: () => 0, onEntry: () => {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ endpoint: 'GET /builds/:buildId/logs', timeoutMs: 300 });
      expect(events.map((event) => event.reason)).toEqual(['no answer within 300 ms']);
      expect(service.requests).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it('shortens the read to the time left before the deadline', async () => {
    const service = await trickle();
    const client = clientFor(service.baseUrl, { deadline: Date.now() + 300 });
    try {
      const error = await client
        .readBuildLog('build_1', { from: () => 0, onEntry: () => {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).timeoutMs).toBeLessThanOrEqual(300);
    } finally {
      await client.close();
    }
  });
});

describe('bytes that are not UTF-8', () => {
  const standIn = useStandIns();

  it('cost one character of one log message; the entries after it still arrive', async () => {
    const body = Buffer.concat([
      Buffer.from(`${LOG_HEAD}${entry('first', 0)},`),
      withOddBytes(entry('bad ~ byte', 1)),
      Buffer.from(`,${entry('third', 2)},`),
    ]);
    const accent = Buffer.from(`${entry('caf\u00e9', 3)}]}`);
    const split = accent.indexOf(0xc3) + 1;
    const service = await standIn(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body);
      // A character split between two chunks is one character, not two odd bytes.
      res.write(accent.subarray(0, split));
      // real time: two writes apart, so the character arrives split across two chunks
      await sleep(20);
      res.end(accent.subarray(split));
    });
    const events: RetryEvent[] = [];
    const client = clientFor(service.baseUrl, { events });
    const entries: LogEntry[] = [];
    try {
      const read = await client.readBuildLog('build_1', {
        from: () => 0,
        onEntry: (logEntry) => entries.push(logEntry),
      });
      expect(read).toMatchObject({ changed: true, entries: 4 });
      expect(entries.map((logEntry) => logEntry.message)).toEqual([
        'first',
        'bad \ufffd byte',
        'third',
        'caf\u00e9',
      ]);
      expect(events).toEqual([]);
      expect(service.requests).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('cost one character in Get Build too, and a broken id is still refused by its form', async () => {
    const odd = (fields: Record<string, unknown>) =>
      withOddBytes(JSON.stringify(buildAnswer(fields)));
    const service = await standIn((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        req.url === '/v1/builds/build_1' ? odd({ version: '1.0.0~' }) : odd({ id: 'build_2~' }),
      );
    });
    const client = clientFor(service.baseUrl);
    try {
      expect(await client.getBuild('build_1')).toMatchObject({ version: '1.0.0\ufffd' });
      const error = await client.getBuild('build_2').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseShapeError);
      expect(error).toMatchObject({ fieldPath: 'id' });
    } finally {
      await client.close();
    }
  });
});

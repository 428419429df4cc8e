// The publish benchmark's GitHub: the test kit's stand-ins of the releases API (with its upload
// endpoint) and of the artifact backend, in their own process so the bytes they keep (artifact
// blobs are held in memory) never count as the action's. Release assets are digested as they
// arrive, as GitHub does, and their bytes dropped: holding and joining 512 MiB bodies made the
// stand-in, not the uploader, the slow end of case (b), for curl and the action alike.
// Every upload they receive (release asset POSTs and artifact blob PUTs) and every workflow
// artifact finalized (the Twirp call that makes it exist) is written to the log file named in argv
// as one JSON line: when its request arrived (headers read), when its response was sent, its
// declared length and status (and, finalized, the artifact's id from the answer).
// Prints one JSON line with where it serves, then serves until stdin closes.
import { appendFileSync } from 'node:fs';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { startArtifactBackend } from '../test-kit/stand-ins/artifact-backend.ts';
import { startReleasesApi } from '../test-kit/stand-ins/releases-api.ts';

export interface UploadRecord {
  kind: 'release asset' | 'artifact blob' | 'artifact finalized';
  url: string;
  /** Epoch ms (sub-ms precision) when the request's headers were read. */
  start: number;
  /** Epoch ms when the response was handed to the socket. */
  end: number;
  bytes: number;
  status: number;
  /** `artifact finalized`: the id the backend answered with (`builds` output's `artifactId`). */
  artifactId?: string;
}

const [token = 'ghs_bench_token', logFile] = process.argv.slice(2);
if (!logFile) throw new Error('usage: publish-github.ts <token> <upload log file>');
const now = () => performance.timeOrigin + performance.now();

// The stand-ins keep no timings, so every server of this process reports its upload requests here.
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  if (event === 'request') {
    const [req, res] = args as [IncomingMessage, ServerResponse];
    const url = req.url ?? '';
    const kind =
      req.method === 'POST' && url.startsWith('/uploads/')
        ? 'release asset'
        : req.method === 'PUT' && url.startsWith('/blob/')
          ? 'artifact blob'
          : req.method === 'POST' && url.endsWith('/FinalizeArtifact')
            ? 'artifact finalized'
            : undefined;
    if (kind) {
      const start = now();
      // The request body is the stand-in's to read; the artifact's id is in the (small) answer.
      let answer = '';
      if (kind === 'artifact finalized') {
        const end = res.end.bind(res) as (...all: unknown[]) => ServerResponse;
        res.end = ((...all: unknown[]) => {
          if (typeof all[0] === 'string' || Buffer.isBuffer(all[0])) answer = String(all[0]);
          return end(...all);
        }) as typeof res.end;
      }
      res.once('finish', () => {
        const artifactId = answer
          ? (JSON.parse(answer) as { artifact_id?: string }).artifact_id
          : undefined;
        const record: UploadRecord = {
          kind,
          url,
          start,
          end: now(),
          bytes: Number(req.headers['content-length'] ?? NaN),
          status: res.statusCode,
          ...(artifactId === undefined ? {} : { artifactId }),
        };
        appendFileSync(logFile, `${JSON.stringify(record)}\n`);
      });
    }
  }
  return (emit as (this: Server, ...all: unknown[]) => boolean).call(this, event, ...args);
} as typeof Server.prototype.emit;

const backend = await startArtifactBackend();
const api = await startReleasesApi({ token, keepAssetBytesUpTo: 1024 * 1024 });
process.stdout.write(`${JSON.stringify({ apiUrl: api.url, env: backend.env })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void Promise.all([api.close(), backend.close()]));

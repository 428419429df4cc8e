// One POST of a release asset to the upload URL GitHub gave for the release, streamed from disk
// (streamedUpload). The token goes to that URL only: no redirect is followed.
import type { Dispatcher } from 'undici';
import { DEFAULT_USER_AGENT } from '../http/user-agent.ts';
import { jsonOf, serviceMessageOf } from '../http/error-body.ts';
import { boundedJson } from '../http/bounded-body.ts';
import { commandText } from '../text/escape.ts';
import { GitHubAnswerError } from './errors.ts';
import { streamedUpload } from '../http/streamed-upload.ts';
import { parseAssetAnswer, type ReleaseAsset } from './release-answers.ts';

export interface UploadTransport {
  /** The action's one proxy-aware dispatcher (createDispatcher). */
  dispatcher: Dispatcher;
  /** The GitHub token; sent to the release's own upload URL and nowhere else. */
  token: string;
  /** Ends every upload in flight (the step's deadline, or a signal). */
  signal?: AbortSignal;
}

export interface UploadedFile {
  path: string;
  size: number;
  /** The name asked for; it is the label too. */
  name: string;
  contentType: string;
}

/** An asset's JSON is ~1 KB; this bounds what a broken answer can make the runner hold. */
const MAX_ANSWER_BYTES = 1024 * 1024;

// RFC 6570 form-style query expansion, as Octokit expands `{?name,label}`.
const encodeQueryValue = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The release's `upload_url` template with the asset's name and label filled in. */
export function uploadUrlFor(template: string, name: string): URL {
  const url = new URL(template.replace(/\{[^}]*\}$/, ''));
  url.search = `?name=${encodeQueryValue(name)}&label=${encodeQueryValue(name)}`;
  return url;
}

/**
 * Uploads `file` once. Throws GitHubAnswerError for a non-2xx answer, the signal's reason when it
 * aborts, and undici's error when the connection fails.
 */
export async function postAsset(
  transport: UploadTransport,
  uploadUrl: string,
  file: UploadedFile,
): Promise<ReleaseAsset> {
  try {
    return await exchange(transport, uploadUrl, file);
  } catch (error) {
    if (transport.signal?.aborted) throw transport.signal.reason;
    throw error;
  }
}

async function exchange(
  transport: UploadTransport,
  uploadUrl: string,
  file: UploadedFile,
): Promise<ReleaseAsset> {
  const what = `the upload of "${commandText(file.name)}"`;
  const answer = await streamedUpload({
    dispatcher: transport.dispatcher,
    method: 'POST',
    url: uploadUrlFor(uploadUrl, file.name),
    headers: {
      authorization: `token ${transport.token}`,
      accept: 'application/vnd.github+json',
      'user-agent': DEFAULT_USER_AGENT,
      'content-type': file.contentType,
    },
    file,
    signal: transport.signal,
  });
  if (!answer.ok) {
    throw new GitHubAnswerError(
      what,
      answer.status,
      { headers: answer.headers, data: jsonOf(answer.text) },
      serviceMessageOf(answer.text, [transport.token]),
    );
  }
  const bound = { maxBytes: MAX_ANSWER_BYTES, endpoint: what, answerer: 'GitHub' } as const;
  return parseAssetAnswer(await boundedJson(answer.body, answer.headers, bound), what);
}

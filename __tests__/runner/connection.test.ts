// Masking as the runner sees it: one `::add-mask::` command per spelling of each secret input.
import { afterEach, describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/runner/connection.ts';
import { maskSecretInputs } from '../../src/inputs.ts';
import { maskProjectSecrets } from '../../src/project-action/inputs.ts';
import { maskWebhookSecrets } from '../../src/webhook-action/inputs.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';

const KEY = 'Dbs_Live/Key+42=';

afterEach(() => {
  delete process.env['INPUT_API-KEY'];
  delete process.env['INPUT_GITHUB-TOKEN'];
  delete process.env.INPUT_SECRET;
});

/** What masking the inputs `names` (read from the runner's INPUT_ variables) prints. */
const masks = (...names: string[]): string[] =>
  maskedBy(() =>
    maskSecrets(...names.map((name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '')),
  );

function maskedBy(mask: () => void): string[] {
  const captured = captureStepLog();
  try {
    mask();
  } finally {
    captured.restore();
  }
  return (
    captured
      .lines()
      .filter((line) => line.startsWith('::add-mask::'))
      // The runner undoes the command's escaping of `%`, CR and LF before it masks.
      .map((line) =>
        line
          .slice('::add-mask::'.length)
          .replace(/%0D/g, '\r')
          .replace(/%0A/g, '\n')
          .replace(/%25/g, '%'),
      )
  );
}

describe('maskSecrets', () => {
  it('masks the key as given, lower- and upper-cased, URL-encoded and base64-encoded', () => {
    process.env['INPUT_API-KEY'] = KEY;
    const base64 = Buffer.from(KEY).toString('base64');
    // A spelling that equals another (unpadded base64 and base64url often do) is masked once.
    expect(masks('api-key').sort()).toEqual(
      [
        ...new Set([
          KEY,
          KEY.toLowerCase(),
          KEY.toUpperCase(),
          encodeURIComponent(KEY),
          base64,
          base64.replace(/=+$/, ''),
          Buffer.from(KEY).toString('base64url'),
        ]),
      ].sort(),
    );
  });

  it('masks every secret input it is given, and nothing for an empty one', () => {
    process.env['INPUT_API-KEY'] = KEY;
    process.env.INPUT_SECRET = 'whsec_abc';
    const masked = masks('api-key', 'secret');
    expect(masked).toContain('whsec_abc');
    expect(masked).toContain(Buffer.from('whsec_abc').toString('base64'));
    delete process.env['INPUT_API-KEY'];
    delete process.env.INPUT_SECRET;
    expect(masks('api-key', 'secret')).toEqual([]);
  });

  it('masks each line of a secret that holds line breaks, as the runner masks line by line', () => {
    process.env['INPUT_GITHUB-TOKEN'] = 'ghs_first_line\n::error title=x::forged';
    const masked = masks('github-token');
    expect(masked).toContain('ghs_first_line');
    expect(masked).toContain('::error title=x::forged');
    expect(masked).toContain('ghs_first_line\n::error title=x::forged');
  });
});

describe("each action's secret inputs", () => {
  it('are read and masked by its inputs module', () => {
    process.env['INPUT_API-KEY'] = 'dbs_key_1';
    process.env['INPUT_GITHUB-TOKEN'] = 'ghs_token_1';
    process.env.INPUT_SECRET = 'whsec_1';
    expect(maskedBy(maskSecretInputs)).toEqual(
      expect.arrayContaining(['dbs_key_1', 'ghs_token_1']),
    );
    expect(maskedBy(maskSecretInputs)).not.toContain('whsec_1');
    expect(maskedBy(maskProjectSecrets)).toContain('dbs_key_1');
    expect(maskedBy(maskProjectSecrets)).not.toContain('ghs_token_1');
    expect(maskedBy(maskWebhookSecrets)).toEqual(expect.arrayContaining(['dbs_key_1', 'whsec_1']));
  });
});

// Command-line flags of the emulator CLI, parsed into options and initial faults (pure).
import { parseArgs } from 'node:util';
import { ARCHES, PLATFORMS, type Arch, type Platform } from '../src/service/schemas.ts';
import type { BuildRule, BuildTarget, EmulatorOptions, PerBuild } from './options.ts';
import { ActionError } from '../src/shared/errors.ts';

export const DEFAULT_CLI_API_KEY = 'dbs_local_emulator_key';
const DEFAULT_CLI_BUILDING_MS = 8000;

export const USAGE = `Usage: npm run emulator -- [flags]

  --host <addr>              listen address (default 127.0.0.1)
  --port <n>                 API port (default 8080; 0 picks a free one)
  --artifact-port <n>        artifact host port (default 0: a free one)
  --api-key <key>            the accepted API key (default ${DEFAULT_CLI_API_KEY})
  --tls-cert <file>          serve both origins over https with this certificate (PEM) ...
  --tls-key <file>           ... and this private key (PEM); clients trust its CA through
                             NODE_EXTRA_CA_CERTS
  --public-host <name>       the host name written into the URLs it hands out (default: --host)
  --queued-ms <ms>           time a build stays queued (default 1000)
  --building-ms <times>      time a build stays building (default 8000): <ms>, and/or per target
                             <platform>[/<arch>]=<ms>, comma-separated; the most specific wins,
                             e.g. 8000,mac=12000,linux/x64=300
  --log-interval-ms <ms>     gap between log lines while building (default: the build's
                             building-ms / 8)
  --log-lines <n>            log lines written at each interval (default 1)
  --artifact-size <size>     artifact size: bytes or 512KiB / 64MiB / 1GiB / 10MB (default 8MiB)
  --webhook-retry-delay-ms <ms>  delay between webhook delivery attempts (default 1000)
  --webhook-target <origin>  deliver webhooks to this origin instead (e.g. http://127.0.0.1:9000)
  --fail <rule>              builds matching <platform>[/<arch>][@<version>] fail (repeatable)
  --hang <rule>              builds matching the rule never finish (repeatable)
  --inject-log-line <text>   a line written into every build log (repeatable)
  --ignore-range             the artifact host ignores Range requests
  --help                     show this text`;

export interface CliConfig {
  options: EmulatorOptions;
  /** PEM files for https; read by the CLI. */
  tlsFiles: { cert: string; key: string } | undefined;
  failBuilds: BuildRule[];
  hangBuilds: BuildRule[];
  injectLogLines: string[];
  ignoreRange: boolean;
}

/** A refusal of the command line; the CLI prints it with the usage text. */
export class CliUsageError extends ActionError {
  constructor(message: string) {
    super(message);
  }
}

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = UNITS[match?.[2]?.toLowerCase() ?? '-'];
  if (match === null || unit === undefined) {
    throw new CliUsageError(
      `--artifact-size: '${text}' is not a size (e.g. 1048576, 512KiB, 64MiB).`,
    );
  }
  return Math.round(Number(match[1]) * unit);
}

function parseCount(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new CliUsageError(`--${flag}: '${text}' is not a whole number.`);
  return Number(text);
}

/** `mac`, `windows/arm64`, `*\/arm64`, `linux/x64@1.2.3`. */
export function parseRule(text: string, flag: string): BuildRule {
  const match = /^([a-z*]+)(?:\/([a-z0-9*]+))?(?:@(\S+))?$/.exec(text.trim());
  const [, platform = '', arch, version] = match ?? [];
  const rule: BuildRule = {};
  if (
    match === null ||
    (platform !== '*' && !(PLATFORMS as readonly string[]).includes(platform))
  ) {
    throw new CliUsageError(
      `--${flag}: '${text}' is not <platform>[/<arch>][@<version>] with platform ${PLATFORMS.join(', ')} or *.`,
    );
  }
  if (platform !== '*') rule.platform = platform as Platform;
  if (arch !== undefined && arch !== '*') {
    if (!(ARCHES as readonly string[]).includes(arch)) {
      throw new CliUsageError(
        `--${flag}: arch '${arch}' must be one of ${ARCHES.join(', ')} or *.`,
      );
    }
    rule.arch = arch as Arch;
  }
  if (version !== undefined) rule.version = version;
  return rule;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const BUILDING_MS_FORM =
  '<ms> or <platform>[/<arch>]=<ms>, comma-separated (e.g. 8000,mac=12000,linux/x64=300)';

/**
 * `--building-ms`: `8000`, or a default plus overrides by platform or platform/arch
 * (`8000,mac=12000,linux/x64=300`); the most specific entry for a build wins. Without a default
 * entry, `fallback` is the default. A plain number stays a number.
 */
export function parseBuildingMs(text: string, fallback: number): PerBuild {
  const times = new Map<string, number>();
  for (const item of text.split(',').map((part) => part.trim())) {
    const match = /^(?:([a-z]+)(?:\/([a-z0-9]+))?=)?(\d+)$/.exec(item);
    if (match === null) {
      const where = item === text.trim() ? `'${item}'` : `'${item}' in '${text}'`;
      throw new CliUsageError(`--building-ms: ${where} is not ${BUILDING_MS_FORM}.`);
    }
    const [, platform, arch, ms = ''] = match;
    if (platform !== undefined && !(PLATFORMS as readonly string[]).includes(platform)) {
      throw new CliUsageError(
        `--building-ms: platform '${platform}' in '${item}' must be one of ${PLATFORMS.join(', ')}.`,
      );
    }
    if (arch !== undefined && !(ARCHES as readonly string[]).includes(arch)) {
      throw new CliUsageError(
        `--building-ms: arch '${arch}' in '${item}' must be one of ${ARCHES.join(', ')}.`,
      );
    }
    const target = [platform, arch].filter((part) => part !== undefined).join('/');
    if (times.has(target)) {
      throw new CliUsageError(
        `--building-ms: '${text}' gives ${target === '' ? 'the default' : `'${target}'`} twice.`,
      );
    }
    // A longer timer would overflow and fire at once.
    if (Number(ms) > MAX_TIMER_MS) {
      throw new CliUsageError(
        `--building-ms: ${ms} in '${item}' is more than ${MAX_TIMER_MS} ms, the longest timer.`,
      );
    }
    times.set(target, Number(ms));
  }
  const byDefault = times.get('') ?? fallback;
  if (times.size === 1 && times.has('')) return byDefault;
  return (build: BuildTarget) =>
    times.get(`${build.platform}/${build.arch}`) ?? times.get(build.platform) ?? byDefault;
}

// Keeps the registered path and query, so a local receiver can tell webhooks apart.
function webhookTarget(text: string): (registered: URL) => URL {
  let origin: URL;
  try {
    origin = new URL(text);
  } catch {
    throw new CliUsageError(`--webhook-target: '${text}' is not a URL like http://127.0.0.1:9000.`);
  }
  return (registered) => new URL(`${registered.pathname}${registered.search}`, origin);
}

/** Parses the flags; null means `--help`. */
export function parseCliArgs(args: string[]): CliConfig | null {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'artifact-port': { type: 'string' },
        'api-key': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'public-host': { type: 'string' },
        'queued-ms': { type: 'string' },
        'building-ms': { type: 'string' },
        'log-interval-ms': { type: 'string' },
        'log-lines': { type: 'string' },
        'artifact-size': { type: 'string' },
        'webhook-retry-delay-ms': { type: 'string' },
        'webhook-target': { type: 'string' },
        fail: { type: 'string', multiple: true },
        hang: { type: 'string', multiple: true },
        'inject-log-line': { type: 'string', multiple: true },
        'ignore-range': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help === true) return null;
  const options: EmulatorOptions = {
    host: v.host ?? '127.0.0.1',
    port: parseCount(v.port, 'port') ?? 8080,
    artifactPort: parseCount(v['artifact-port'], 'artifact-port') ?? 0,
    apiKey: v['api-key'] ?? DEFAULT_CLI_API_KEY,
    queuedMs: parseCount(v['queued-ms'], 'queued-ms') ?? 1000,
    buildingMs:
      v['building-ms'] === undefined
        ? DEFAULT_CLI_BUILDING_MS
        : parseBuildingMs(v['building-ms'], DEFAULT_CLI_BUILDING_MS),
    artifactSize: v['artifact-size'] === undefined ? 8 * 1024 ** 2 : parseSize(v['artifact-size']),
    webhookRetryDelayMs: parseCount(v['webhook-retry-delay-ms'], 'webhook-retry-delay-ms') ?? 1000,
  };
  if (v['public-host'] !== undefined) options.publicHost = v['public-host'];
  const [cert, key] = [v['tls-cert'], v['tls-key']];
  if ((cert === undefined) !== (key === undefined)) {
    throw new CliUsageError('--tls-cert and --tls-key go together: give both, or neither.');
  }
  const logIntervalMs = parseCount(v['log-interval-ms'], 'log-interval-ms');
  if (logIntervalMs !== undefined) options.logIntervalMs = logIntervalMs;
  const logLines = parseCount(v['log-lines'], 'log-lines');
  if (logLines !== undefined) options.logLinesPerInterval = logLines;
  if (v['webhook-target'] !== undefined) options.webhookTarget = webhookTarget(v['webhook-target']);
  return {
    options,
    tlsFiles: cert !== undefined && key !== undefined ? { cert, key } : undefined,
    failBuilds: (v.fail ?? []).map((rule) => parseRule(rule, 'fail')),
    hangBuilds: (v.hang ?? []).map((rule) => parseRule(rule, 'hang')),
    injectLogLines: v['inject-log-line'] ?? [],
    ignoreRange: v['ignore-range'] === true,
  };
}

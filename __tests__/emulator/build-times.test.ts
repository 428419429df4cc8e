// Build times per target: staggered builds over real HTTP, the per-build log gap, and the
// --building-ms flag that sets them from the command line.
import { afterEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseBuildingMs, parseCliArgs } from '../../emulator/cli-args.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { BuildTarget } from '../../emulator/options.ts';
import { buildTiming } from '../../emulator/per-build.ts';
import { call, createProject, finished, triggerBuild } from './helpers.ts';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const MAC_ARM: BuildTarget = { platform: 'mac', arch: 'arm64' };
const MAC_X64: BuildTarget = { platform: 'mac', arch: 'x64' };
const LINUX_X64: BuildTarget = { platform: 'linux', arch: 'x64' };
const LINUX_ARM: BuildTarget = { platform: 'linux', arch: 'arm64' };
const WINDOWS: BuildTarget = { platform: 'windows', arch: 'x64' };

describe('buildingMs per build', () => {
  it('finishes a quick linux build while a slow mac build is still building', async () => {
    emulator = await startEmulator({
      queuedMs: 10,
      buildingMs: (build) => (build.platform === 'mac' ? 60_000 : 40),
    });
    const project = await createProject(emulator);
    const mac = await triggerBuild(emulator, project.id, { platform: 'mac', arch: 'arm64' });
    const linux = await triggerBuild(emulator, project.id, { platform: 'linux' });

    expect((await finished(emulator, linux.id)).status).toBe('success');
    const slow = await call(emulator, 'GET', `/builds/${mac.id}`);
    expect(slow.body).toMatchObject({ status: 'building', artifactUrl: null });
    expect((await call(emulator, 'GET', `/builds/${mac.id}/download`)).status).toBe(409);
    // Its own log gap is 60 s / 8: nothing but the start line yet, while linux logged as it built.
    const macLogs = await call(emulator, 'GET', `/builds/${mac.id}/logs`);
    expect(macLogs.body.logs).toHaveLength(1);
    expect(macLogs.body.logs[0].message).toMatch(/started/);
    const linuxLogs = await call(emulator, 'GET', `/builds/${linux.id}/logs`);
    expect(linuxLogs.body.logs.length).toBeGreaterThan(2);
  });

  it('asks the function with the build target and version', () => {
    const asked: BuildTarget[] = [];
    const buildingMs = (build: BuildTarget) => {
      asked.push(build);
      return 100;
    };
    buildTiming({ buildingMs }, { ...MAC_ARM, version: '1.2.3' });
    expect(asked).toEqual([{ platform: 'mac', arch: 'arm64', version: '1.2.3' }]);
  });

  it('gives each build a log gap of its own buildingMs / 8 unless one gap is given', () => {
    const buildingMs = (build: BuildTarget) => (build.platform === 'mac' ? 8000 : 800);
    expect(buildTiming({ buildingMs }, MAC_ARM)).toEqual({ buildingMs: 8000, logIntervalMs: 1000 });
    expect(buildTiming({ buildingMs }, LINUX_X64)).toEqual({ buildingMs: 800, logIntervalMs: 100 });
    expect(buildTiming({ buildingMs, logIntervalMs: 50 }, MAC_ARM).logIntervalMs).toBe(50);
    expect(buildTiming({ buildingMs: 0 }, LINUX_X64).logIntervalMs).toBe(5);
  });

  it('keeps a plain number the same for every build, its log gap buildingMs / 8', () => {
    for (const target of [MAC_ARM, LINUX_X64, WINDOWS]) {
      expect(buildTiming({ buildingMs: 2000 }, target)).toEqual({
        buildingMs: 2000,
        logIntervalMs: 250,
      });
    }
  });
});

describe('--building-ms', () => {
  it('keeps a plain number a number, and 8000 by default', () => {
    expect(parseCliArgs(['--building-ms', '60'])?.options.buildingMs).toBe(60);
    expect(parseCliArgs([])?.options.buildingMs).toBe(8000);
    expect(parseBuildingMs('0', 8000)).toBe(0);
  });

  it('takes a default and overrides by platform or platform/arch, the most specific winning', () => {
    const times = parseCliArgs(['--building-ms', '8000,mac=9000,linux/x64=300'])?.options
      .buildingMs;
    if (typeof times !== 'function') throw new Error('expected a function of the build');
    expect(times(MAC_ARM)).toBe(9000);
    expect(times(MAC_X64)).toBe(9000);
    expect(times(LINUX_X64)).toBe(300);
    expect(times(LINUX_ARM)).toBe(8000);
    expect(times(WINDOWS)).toBe(8000);

    // Order does not matter, and without a default entry the CLI's own default stays.
    const specific = parseBuildingMs('mac/arm64=12000, mac=9000', 8000);
    if (typeof specific !== 'function') throw new Error('expected a function of the build');
    expect([specific(MAC_ARM), specific(MAC_X64), specific(WINDOWS)]).toEqual([12000, 9000, 8000]);
  });

  it.each([
    ['', /'' is not <ms> or <platform>\[\/<arch>\]=<ms>/],
    [
      'fast',
      /--building-ms: 'fast' is not <ms> or <platform>\[\/<arch>\]=<ms>.*e\.g\. 8000,mac=12000/,
    ],
    ['8000,mac=-5', /--building-ms: 'mac=-5' in '8000,mac=-5' is not <ms>/],
    ['8000,mac=1.5s', /'mac=1\.5s' in '8000,mac=1\.5s' is not/],
    ['8000,', /'' in '8000,' is not/],
    ['beos=100', /--building-ms: platform 'beos' in 'beos=100' must be one of mac, windows, linux/],
    ['mac/ppc=100', /--building-ms: arch 'ppc' in 'mac\/ppc=100' must be one of x64, arm64/],
    [
      'linux=2147483648',
      /--building-ms: 2147483648 in 'linux=2147483648' is more than 2147483647 ms/,
    ],
    ['100,200', /--building-ms: '100,200' gives the default twice/],
    ['mac=1,mac=2', /--building-ms: 'mac=1,mac=2' gives 'mac' twice/],
  ])('refuses %j, naming the flag, the value and what is allowed', (value, message) => {
    expect(() => parseCliArgs(['--building-ms', value])).toThrow(CliUsageError);
    expect(() => parseCliArgs(['--building-ms', value])).toThrow(message);
  });
});

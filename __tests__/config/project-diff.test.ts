import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/service/schemas.ts';
import { describeChanges, diffProject } from '../../src/config/project-diff.ts';

const current: Project = {
  id: 'proj_1',
  name: 'a',
  url: 'https://app.example.com',
  platforms: ['mac'],
  author: 'Acme',
  version: '1.0.0',
  appId: 'com.example.a',
  window: { width: 1024, height: 768, resizable: true },
  features: { autoUpdate: true, tray: false, menuBar: true },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('diffProject', () => {
  it('puts only the changed fields in the patch and describes each change', () => {
    const { patch, changes } = diffProject(
      { name: 'b', url: current.url, platforms: ['mac', 'linux'], author: 'Acme' },
      current,
    );
    expect(patch).toEqual({ name: 'b', platforms: ['mac', 'linux'] });
    expect(describeChanges(changes)).toBe('name: a → b, platforms: [mac] → [mac, linux]');
  });

  it('finds nothing to do when the configured fields match, whatever the platform order', () => {
    const diff = diffProject(
      { name: 'a', platforms: ['mac'], window: { width: 1024, height: 768 }, features: {} },
      current,
    );
    expect(diff).toEqual({ patch: {}, changes: [] });
    expect(
      diffProject({ platforms: ['linux', 'mac'] }, { ...current, platforms: ['mac', 'linux'] }),
    ).toEqual({ patch: {}, changes: [] });
  });

  it('sends a changed section whole, keeping the keys the configuration leaves out', () => {
    const { patch, changes } = diffProject(
      { window: { width: 1280, height: 768 }, features: { tray: true } },
      current,
    );
    expect(patch).toEqual({
      window: { width: 1280, height: 768, resizable: true },
      features: { autoUpdate: true, tray: true, menuBar: true },
    });
    expect(describeChanges(changes)).toBe('window.width: 1024 → 1280, features.tray: false → true');
  });

  it('describes fields the project does not have yet as unset', () => {
    const { patch, changes } = diffProject(
      { appId: 'com.example.b', window: { width: 800, height: 600, resizable: false } },
      { ...current, appId: undefined, window: undefined },
    );
    expect(patch).toEqual({
      appId: 'com.example.b',
      window: { width: 800, height: 600, resizable: false },
    });
    expect(describeChanges(changes)).toBe(
      'appId: (unset) → com.example.b, window.width: (unset) → 800, window.height: (unset) → 600, window.resizable: (unset) → false',
    );
  });
});

describe('describeChanges', () => {
  it('shows each value on one line, inert and cut short (it is logged and an output)', () => {
    const text = describeChanges([
      { field: 'name', from: 'x\n::error::forged\r\n::add-mask::y', to: 'b' },
      { field: 'author', from: `${'a'.repeat(5000)}`, to: 'Setup \u202egpj.exe' },
    ]);
    expect(text).toBe(
      `name: x ::error::forged ::add-mask::y → b, author: ${'a'.repeat(99)}… → Setup gpj.exe`,
    );
  });
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Files that run longest, longest first: they start at once, so the run does not end waiting on
// one of them. A clean clone has no timings from an earlier run, and vitest would order by size.
const LONGEST_FIRST = [
  '__tests__/e2e/hostile-service.e2e.test.ts',
  '__tests__/e2e/pr-comment-github.e2e.test.ts',
  '__tests__/e2e/local-action.e2e.test.ts',
  '__tests__/e2e/publish-pipeline.e2e.test.ts',
  '__tests__/e2e/publish-github-answers.e2e.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Two projects: `unit` for the edit loop (npm run test:unit), `integration` for whatever spawns the
// bundled action or reads it. `npm test` runs both.
export default defineConfig({
  // examples/ import the SDK by its package name, as its users do; here that name is the source
  // (the packed package is tested in __tests__/sdk/package.itg.test.ts). tsconfig.json's `paths`
  // says the same to the type check.
  resolve: {
    alias: { 'desktop-build-action-sdk': path.resolve(import.meta.dirname, 'src/sdk.ts') },
  },
  test: {
    setupFiles: ['__tests__/setup.ts'],
    // A test's output (its console, and through __tests__/setup.ts what the runs it starts print)
    // is shown when it fails, not when it passes.
    silent: 'passed-only',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // vitest's default is one worker fewer than the cores: one file at a time on 2 cores. Most
    // integration files wait (on timers, sockets, the action's own process) far more than they
    // compute, so more files than cores run at once.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure functions and in-process servers that leave no state behind: one module graph for
          // every file halves the loop's time.
          isolate: false,
          include: ['__tests__/**/*.test.ts'],
          exclude: ['__tests__/**/*.itg.test.ts', '__tests__/**/*.e2e.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['__tests__/**/*.itg.test.ts', '__tests__/**/*.e2e.test.ts'],
        },
      },
    ],
  },
});

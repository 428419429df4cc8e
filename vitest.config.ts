import { defineConfig } from 'vitest/config';

// Two projects: `unit` for the edit loop (npm run test:unit), `integration` for whatever spawns the
// bundled action or rebuilds it. `npm test` runs both.
export default defineConfig({
  test: {
    setupFiles: ['__tests__/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
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

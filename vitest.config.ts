import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'warn' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/dynamo-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/dynamo-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A page's answer on a loaded 2-core machine can take more than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});

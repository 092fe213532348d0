import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'warn' },
    // Two files at a time even on two cores (the default leaves one core idle): most of an integration file's time is
    // spent waiting on DynamoDB Local, the queues and the simulators, so the suite's wall time is nearly halved.
    maxWorkers: 2,
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
        },
      },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});

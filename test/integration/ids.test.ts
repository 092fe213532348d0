import { beforeAll, describe, expect, it } from 'vitest';
import { blockIdAllocator, MAX_ID, nextId } from '#shared/db/ids';
import { db, tableName } from '#shared/db/client';
import { useFreshTable } from '../support/table.ts';

describe('id allocator', () => {
  beforeAll(async () => {
    await useFreshTable();
  });

  it('gives unique ids to concurrent callers of many containers', async () => {
    // Prepare: eight "containers" drawing from one sequence, with small blocks to force refills.
    const containers = Array.from({ length: 8 }, () => blockIdAllocator(db, tableName, 'concurrency', 7));

    // Act
    const ids = await Promise.all(containers.flatMap((c) => Array.from({ length: 60 }, () => c.next())));

    // Assess
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(1);
    expect(ids.every((id) => Number.isSafeInteger(id) && id <= MAX_ID)).toBe(true);
  });

  it('writes once per block, not once per id', async () => {
    let writes = 0;
    const counting = () => {
      const client = db();
      return { send: (command: unknown) => (writes++, client.send(command as never)) } as unknown as ReturnType<typeof db>;
    };
    const allocator = blockIdAllocator(counting, tableName, 'writes', 100);

    for (let i = 0; i < 250; i++) await allocator.next();

    expect(writes).toBe(3);
  });

  it('draws from the sequence of the table in use when the process moves to another table', async () => {
    await useFreshTable();
    const first = await nextId();
    await nextId();

    await useFreshTable();
    const inNewTable = await nextId();

    // A fresh table's sequence starts at 1: the rest of the old table's block is not handed out there.
    expect(first).toBe(1);
    expect(inNewTable).toBe(1);
  });
});

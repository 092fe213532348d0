import { describe, expect, it } from 'vitest';
import { readPaging } from '#shared/http/paging';

describe('page and size', () => {
  it('default to 0 and 20, and take plain decimal integers up to 100 per page', () => {
    expect(readPaging({})).toEqual({ page: 0, size: 20 });
    expect(readPaging({ page: '2', size: '100' })).toEqual({ page: 2, size: 100 });
  });

  it.each([' 1', '1e1', '0x10', '1.0', '-1', '', '+3', '0', '101'])('refuses size=%j with a 400 naming it', (size) => {
    expect(() => readPaging({ size })).toThrow(expect.objectContaining({ kind: 'validation', details: { field: 'size' } }));
  });
});

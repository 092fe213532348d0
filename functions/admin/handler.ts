import { groupHandler } from '#shared/http/kit';
import { applicationOperations } from './applications.ts';
import { financeOperations } from './finance.ts';
import { userOperations } from './users.ts';

export const handler = groupHandler('admin', {
  ...applicationOperations,
  ...userOperations,
  ...financeOperations,
});

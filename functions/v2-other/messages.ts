import { sendOrScheduleRoute } from '#shared/http/send-answer';
import { sendOrSchedule } from '#shared/wiring/send';
import type { Operations } from '#shared/http/kit';
import type { v2OtherContract } from './contract.ts';

// POST /api/external/v2/mensagens: the v2 send, same operation and same answers as the API-key send (a scheduled one too).
export const messageOperations: Operations<'v2-other', typeof v2OtherContract> = {
  'POST /api/external/v2/mensagens': sendOrScheduleRoute(sendOrSchedule),
};

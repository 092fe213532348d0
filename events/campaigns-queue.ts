// Contract of the campaigns queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';

/** Work of the campaigns queue: the next slice of this campaign (its creation, a resume, the schedule, the last slice). */
export const campaignWork = z.object({
  aplicacaoId: z.number(),
  campanhaId: z.number(),
});

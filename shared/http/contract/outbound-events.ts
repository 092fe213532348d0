// The events the service sends to the providers' webhooks (shared/domain/appointments/events.ts appointmentEvent,
// POSTed by shared/operations/outbound-delivery.ts with the Standard Webhooks headers, which the
// generator adds). The body is `{type, timestamp, data: {agendamento}}`, the same appointment view as
// GET /api/external/v2/agendamentos/{id}.
import * as z from 'zod/mini';
import type { AppointmentEventType } from '#shared/domain/appointments/events';
import { named, timestamp } from './kit.ts';
import { appointment } from './resources.ts';

const payload = <T extends AppointmentEventType>(type: T, name: string) =>
  named(
    name,
    z.object({
      type: z.literal(type),
      timestamp,
      data: z.object({ agendamento: appointment }),
    }),
  );

const common =
  'Sent to the active webhooks of the appointment’s provider (the `prestador` it was created with) that list this event, whoever made the ' +
  'move, only when the status changes into it (a repeated PATCH sends nothing). `timestamp` is when the move happened (local date-time; ' +
  'the `webhook-timestamp` header carries epoch seconds). `data.agendamento` is the appointment after the move; its ' +
  'last history entry is the move. `webhook-id` is `msg_<agendamentoId>_<history index>`: the same on every retry, so drop duplicates on ' +
  'it. Any 2xx answer is a success; anything else (also a redirect, or no answer within the timeout, 15 s by default) is retried, by ' +
  'default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up.';

export const outboundEvents: Record<AppointmentEventType, { summary: string; description: string; payload: z.ZodMiniType }> = {
  AGENDAMENTO_CONFIRMADO: {
    summary: 'An appointment was confirmed',
    description: `The appointment moved into CONFIRMADO: the patient confirmed (WhatsApp reply) or the application did (v2 PATCH). ${common}`,
    payload: payload('AGENDAMENTO_CONFIRMADO', 'AppointmentConfirmedEvent'),
  },
  AGENDAMENTO_CANCELADO: {
    summary: 'An appointment was cancelled',
    description:
      `The appointment moved into CANCELADO: the patient cancelled (WhatsApp reply) or the application did (v2 PATCH, whose \`observacao\`, ` +
      `the reason, is in the last history entry). ${common}`,
    payload: payload('AGENDAMENTO_CANCELADO', 'AppointmentCancelledEvent'),
  },
  AGENDAMENTO_REALIZADO: {
    summary: 'An appointment was carried out',
    description: `The appointment moved into REALIZADO: its execution was registered (POST /api/external/prestador/v1/execucao with resultado REALIZADO). ${common}`,
    payload: payload('AGENDAMENTO_REALIZADO', 'AppointmentCarriedOutEvent'),
  },
  AGENDAMENTO_FALTOU: {
    summary: 'The patient did not attend an appointment',
    description: `The appointment moved into FALTOU: a no-show was registered (POST /api/external/prestador/v1/execucao with resultado FALTOU). ${common}`,
    payload: payload('AGENDAMENTO_FALTOU', 'AppointmentNoShowEvent'),
  },
};

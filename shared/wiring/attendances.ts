// The attendances' wiring, the same for the admin panel (functions/admin-whatsapp/attendances.ts) and the v2 API
// (functions/v2-other/attendances.ts): the DynamoDB repositories and reads of shared/operations/attendances.ts.
import { conversationRefs, dynamoAttendanceRepository, openAttendanceId, patientNames } from '#shared/db/attendances';
import { inboundMessagesByKeys } from '#shared/db/inbound-messages';
import { messagesByIds } from '#shared/db/messages';
import { dynamoSectorRepository } from '#shared/db/sectors';
import type { AttendanceDeps } from '#shared/operations/attendances';

export const attendanceDeps = (): AttendanceDeps => ({
  attendances: dynamoAttendanceRepository(),
  sectors: dynamoSectorRepository(),
  patientNames,
  openAttendanceId,
  conversationRefs,
  inboundMessagesByKeys,
  messagesByIds,
});

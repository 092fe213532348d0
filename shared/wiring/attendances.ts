// The attendances' wiring, the same for the admin panel (functions/admin-whatsapp/attendances.ts) and the v2 API
// (functions/v2-other/attendances.ts): the DynamoDB repositories and reads of shared/operations/attendances.ts's moves
// and lists. The console's conversation reads (ConversationDeps) are admin-whatsapp's own.
import { dynamoAttendanceRepository, patientNames } from '#shared/db/attendances';
import { dynamoSectorRepository } from '#shared/db/sectors';
import type { AttendanceDeps } from '#shared/operations/attendances';

export const attendanceDeps = (): AttendanceDeps => ({
  attendances: dynamoAttendanceRepository(),
  sectors: dynamoSectorRepository(),
  patientNames,
});

import { groupHandler } from '#shared/http/kit';
import { attendanceOperations } from './attendances.ts';
import { messageOperations } from './messages.ts';
import { patientOperations } from './patients.ts';

export const handler = groupHandler('v2-other', { ...messageOperations, ...attendanceOperations, ...patientOperations });

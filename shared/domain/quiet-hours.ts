// Quiet hours (#36): the daily window, in the service's time zone, in which an application's campaigns and its
// appointment flow's reminders may go out. Outside it they wait for its next opening and resume by themselves;
// a send the API is asked for directly is never held (the caller chose the moment).
import { addDays, instantOfLocal, localDateTime } from '#shared/domain/time';

/** `HH:mm` local times; the window is [inicio, fim) of each day, inicio before fim; fim `24:00` is the day's end. */
export interface SendWindow {
  horarioEnvioInicio: string;
  horarioEnvioFim: string;
}

export const defaultSendWindow: SendWindow = { horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' };

/** Whether `at` falls inside the window. */
export const insideWindow = (window: SendWindow, at: Date): boolean => {
  const time = localDateTime(at).slice(11, 16);
  return time >= window.horarioEnvioInicio && time < window.horarioEnvioFim;
};

/** `at` itself when it is inside the window, otherwise the window's next opening. */
export function windowOpensAt(window: SendWindow, at: Date): Date {
  if (insideWindow(window, at)) return at;
  const local = localDateTime(at);
  const day = local.slice(11, 16) < window.horarioEnvioInicio ? local.slice(0, 10) : addDays(local.slice(0, 10), 1);
  // An opening in a skipped hour (a daylight-saving change, if the zone ever has one again) is an hour later on the
  // clock: the opening read with the offset in force before the change, `at`'s (00:30 skipped: 00:30 -03:00, 01:30 -02:00).
  const opening = `${day}T${window.horarioEnvioInicio}:00`;
  const offsetBefore = Date.parse(`${local}Z`) - Math.floor(at.getTime() / 1000) * 1000;
  return instantOfLocal(opening) ?? new Date(Date.parse(`${opening}Z`) - offsetBefore);
}

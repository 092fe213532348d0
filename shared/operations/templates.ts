// Moving a template, as the admin's routes and the provider's review results do: the state machine
// decides (shared/domain/templates.ts), the repository writes conditioned on the version read.
import type { AppointmentRepository } from '#shared/domain/appointments/repository';
import type { TemplateRepository } from '#shared/domain/templates';
import { decideTemplateAction, type Template, type TemplateAction } from '#shared/domain/templates';
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import { wakeAppointmentsOf, type FlowQueueDeps } from '#shared/operations/flow-queue';
import { log } from '#shared/log';

/** The template's moves, dated by `now` (the system's clock unless a test pins it). */
export function templateMoves(templates: TemplateRepository, now: Clock = systemClock) {
  /** Writes `changes` over `before`, whatever its state (a field the provider gave, or a state restored). */
  const write = async (before: Template, changes: Partial<Template>): Promise<Template> => {
    const after: Template = { ...before, ...changes, versao: before.versao + 1, atualizadoEm: localDateTime(now()) };
    await templates.save(before, after);
    if (after.estado !== before.estado) {
      log.info('template moved', { aplicacaoId: before.aplicacaoId, templateId: before.id, de: before.estado, para: after.estado });
    }
    return after;
  };
  /** The template after `action` (409 / 400 when refused); a move to the state it is in, without changes, writes nothing. */
  const act = async (before: Template, action: TemplateAction, changes: Partial<Template> = {}): Promise<Template> => {
    const estado = decideTemplateAction(before.estado, action) ?? before.estado;
    if (estado === before.estado && Object.keys(changes).length === 0) return before;
    return write(before, { ...changes, estado });
  };
  return { act, write };
}

/** Applies the provider's review result (at submission, or later by its event) and wakes the appointments waiting for the template. */
export async function settleReview(
  deps: FlowQueueDeps & { templates: TemplateRepository; appointments: Pick<AppointmentRepository, 'allInStatus'> },
  template: Template,
  estado: Template['estado'],
  motivo: string | null,
): Promise<Template> {
  if (estado === template.estado || estado === 'EM_ANALISE') return template;
  const action: TemplateAction = estado === 'APROVADO' ? 'aprovar' : estado === 'REJEITADO' ? 'rejeitar' : 'pausar';
  const after = await templateMoves(deps.templates).act(template, action, estado === 'REJEITADO' ? { motivoRejeicao: motivo } : {});
  if (after.estado === 'APROVADO') await wakeAppointmentsOf(deps, after);
  return after;
}

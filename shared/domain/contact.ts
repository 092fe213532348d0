// Demo requests (`POST /api/contato`): a visitor of the public site asks for a demonstration.
// The request is stored first and the administrator is told by e-mail after; a failed e-mail
// does not lose the request (it is stored, the failure is logged with the request id only).
import * as z from 'zod/mini';
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';

/** Text field: trimmed, then bounded. */
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
/** Optional text: absent, null and blank all mean "not given". */
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(text(max)),
    z.transform((v) => (v ? v : undefined)),
  );

export const demoRequestInput = z.object({
  nome: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254), z.email()),
  empresa: optionalText(200),
  telefone: optionalText(40),
  perfil: optionalText(100),
  mensagem: optionalText(5000),
});
export type DemoRequestInput = z.infer<typeof demoRequestInput>;

export interface DemoRequest extends DemoRequestInput {
  id: number;
  /** Local date-time without zone (America/Sao_Paulo), e.g. `2026-11-22T01:53:56`. */
  criadoEm: string;
}

export interface DemoRequestRepository {
  /** Stores a new request (never overwrites one with the same id). */
  create(request: DemoRequest): Promise<void>;
}

export interface DemoRequestNotifier {
  send(mail: { to: string; subject: string; text: string; replyTo?: string }): Promise<void>;
}

export interface DemoRequestDeps {
  repository: DemoRequestRepository;
  /** Absent when the deployment sends no e-mail (no verified sender, or no recipient). */
  notify?: { mail: () => Promise<DemoRequestNotifier>; adminEmail: string };
  nextId: () => Promise<number>;
  now?: Clock;
  /** Told about a failed notification (the request is already stored). */
  onNotificationFailure?: (id: number, error: unknown) => void;
}

export interface DemoRequestReceipt {
  id: number;
  status: 'RECEBIDO';
  mensagem: string;
  criadoEm: string;
  /** Whether the administrator's e-mail went out. */
  notificado: boolean;
}

export function notificationMail(request: DemoRequest, adminEmail: string) {
  const line = (label: string, value: string | undefined) => `${label}: ${value ?? '-'}`;
  return {
    to: adminEmail,
    // Only the id in the subject: no visitor text reaches a header.
    subject: `Nova solicitação de demonstração #${request.id}`,
    replyTo: request.email,
    text: [
      'Uma nova solicitação de demonstração foi recebida.',
      '',
      line('Id', String(request.id)),
      line('Recebida em', request.criadoEm),
      line('Nome', request.nome),
      line('E-mail', request.email),
      line('Empresa', request.empresa),
      line('Telefone', request.telefone),
      line('Perfil', request.perfil),
      '',
      'Mensagem:',
      request.mensagem ?? '-',
    ].join('\n'),
  };
}

/** Stores the request, then notifies the administrator. The input is already validated. */
export async function registerDemoRequest(input: DemoRequestInput, deps: DemoRequestDeps): Promise<DemoRequestReceipt> {
  const request: DemoRequest = {
    id: await deps.nextId(),
    criadoEm: localDateTime((deps.now ?? systemClock)()),
    ...input,
  };
  await deps.repository.create(request);

  let notificado = false;
  if (deps.notify) {
    try {
      const mail = await deps.notify.mail();
      await mail.send(notificationMail(request, deps.notify.adminEmail));
      notificado = true;
    } catch (error) {
      deps.onNotificationFailure?.(request.id, error);
    }
  }
  return { id: request.id, status: 'RECEBIDO', mensagem: 'Solicitação recebida', criadoEm: request.criadoEm, notificado };
}

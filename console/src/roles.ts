// What each role sees: its navigation and its pages, in one place. The provider (prestador) and
// on-call physician (plantonista) portals join here as their own lists of areas.
import type { FunctionComponent } from 'preact';
import type { Session } from './session';
import { Inicio } from './pages/inicio';
import { Mensagens } from './pages/mensagens';
import { Extrato } from './pages/extrato';
import { Agendamentos } from './pages/agendamentos';
import { Atendimentos } from './pages/atendimentos';
import { Templates } from './pages/templates';
import { Configuracoes } from './pages/configuracoes';
import { Aplicacoes } from './pages/aplicacoes';

export interface Area {
  /** The path segment after /console/ ('' for the first page). */
  path: string;
  /** The link's name in the main navigation and the page's heading. */
  label: string;
  page: FunctionComponent;
}

const tenantAdmin: Area[] = [
  { path: '', label: 'Início', page: Inicio },
  { path: 'mensagens', label: 'Mensagens', page: Mensagens },
  { path: 'extrato', label: 'Extrato', page: Extrato },
  { path: 'agendamentos', label: 'Agendamentos', page: Agendamentos },
  { path: 'atendimentos', label: 'Atendimentos', page: Atendimentos },
  { path: 'templates', label: 'Templates', page: Templates },
  { path: 'configuracoes', label: 'Configurações', page: Configuracoes },
];

const platformAdmin: Area[] = [...tenantAdmin, { path: 'aplicacoes', label: 'Aplicações', page: Aplicacoes }];

export function areasOf(session: Session): Area[] {
  if (session.role === 'admin') return session.plataforma ? platformAdmin : tenantAdmin;
  return [];
}

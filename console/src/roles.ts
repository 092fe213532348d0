// Each area of the console (console/src/areas.ts) with its page: what a role sees is its areas' pages.
import type { FunctionComponent } from 'preact';
import { areasFor, type AreaPath, type ConsoleArea } from './areas';
import type { Session } from './session';
import { Inicio } from './pages/inicio';
import { Mensagens } from './pages/mensagens';
import { Extrato } from './pages/extrato';
import { Campanhas } from './pages/campanhas';
import { Agendamentos } from './pages/agendamentos';
import { Atendimentos } from './pages/atendimentos';
import { Templates } from './pages/templates';
import { Configuracoes } from './pages/configuracoes';
import { Aplicacoes } from './pages/aplicacoes';
import { Credenciais } from './pages/prestador/credenciais';
import { Webhooks } from './pages/prestador/webhooks';
import { Agenda } from './pages/prestador/agenda';
import { Disponibilidade } from './pages/plantonista/disponibilidade';
import { Perfil } from './pages/plantonista/perfil';
import { PerfilBusca } from './pages/plantonista/perfil-busca';
import { Preferencias } from './pages/plantonista/preferencias';

export type Area = ConsoleArea & { page: FunctionComponent };

const pages: Record<AreaPath, FunctionComponent> = {
  '': Inicio,
  mensagens: Mensagens,
  extrato: Extrato,
  campanhas: Campanhas,
  agendamentos: Agendamentos,
  atendimentos: Atendimentos,
  templates: Templates,
  configuracoes: Configuracoes,
  aplicacoes: Aplicacoes,
  credenciais: Credenciais,
  webhooks: Webhooks,
  agenda: Agenda,
  disponibilidade: Disponibilidade,
  perfil: Perfil,
  'perfil-busca': PerfilBusca,
  preferencias: Preferencias,
};

export const areasOf = (session: Session): Area[] =>
  areasFor(session.role, session.plataforma).map((area) => ({ ...area, page: pages[area.path] }));

/** The area at `path` (the first segment after /console/): the bare /console/ is a role's first area (a provider or a physician has no Início). */
export const areaAt = (areas: readonly Area[], path: string): Area | undefined =>
  areas.find((a) => a.path === path) ?? (path === '' ? areas[0] : undefined);

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
};

export const areasOf = (session: Session): Area[] =>
  areasFor(session.role, session.plataforma).map((area) => ({ ...area, page: pages[area.path] }));

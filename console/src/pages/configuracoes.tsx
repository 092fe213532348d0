// Configurações: the application's own settings, one section at a time (/console/configuracoes/<seção>),
// each in its own file under pages/configuracoes/.
import type { FunctionComponent, JSX } from 'preact';
import { Page } from '../components';
import { BASE, useRoute } from '../router';
import { Provedor } from './configuracoes/provedor';
import { Setores } from './configuracoes/setores';
import { Fluxo } from './configuracoes/fluxo';
import { Assistente } from './configuracoes/assistente';
import { CarimboTempo } from './configuracoes/carimbo';
import { WebhooksEntrada } from './configuracoes/webhooks';
import { ChaveApi } from './configuracoes/chave-api';
import { ClientesOAuth } from './configuracoes/oauth';
import { Integracoes } from './configuracoes/integracoes';
import { Usuarios } from './configuracoes/usuarios';

interface Section {
  path: string;
  label: string;
  page: FunctionComponent;
}

const sections: Section[] = [
  { path: 'provedor', label: 'Provedor', page: Provedor },
  { path: 'setores', label: 'Setores', page: Setores },
  { path: 'fluxo-agendamentos', label: 'Fluxo de agendamentos', page: Fluxo },
  { path: 'assistente-ia', label: 'Assistente de IA', page: Assistente },
  { path: 'carimbo-tempo', label: 'Carimbo do tempo', page: CarimboTempo },
  { path: 'webhooks-entrada', label: 'Webhooks de entrada', page: WebhooksEntrada },
  { path: 'chave-api', label: 'Chave de API', page: ChaveApi },
  { path: 'clientes-oauth', label: 'Clientes OAuth2', page: ClientesOAuth },
  { path: 'integracoes', label: 'Integrações', page: Integracoes },
  { path: 'usuarios', label: 'Usuários', page: Usuarios },
];

export function Configuracoes(): JSX.Element {
  const route = useRoute();
  const section = sections.find((s) => s.path === route.rest[0]) ?? (route.rest[0] ? undefined : sections[0]);
  const Current = section?.page;
  return (
    <Page title="Configurações">
      <div class="sections">
        <nav aria-label="Seções de configurações" class="section-nav">
          <ul>
            {sections.map((s) => (
              <li key={s.path}>
                <a href={`${BASE}configuracoes/${s.path}`} aria-current={s === section ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section class="section-body" aria-labelledby="section-title">
          <h2 id="section-title">{section?.label ?? 'Seção não encontrada'}</h2>
          {Current ? <Current key={section.path} /> : <p>Escolha uma das seções ao lado.</p>}
        </section>
      </div>
    </Page>
  );
}

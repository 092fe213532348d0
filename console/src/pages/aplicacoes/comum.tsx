// What the Aplicações sections share: their sub-navigation, the provider names, the active badge.
import type { JSX } from 'preact';
import { BASE } from '../../router';

export const providerLabels = {
  link: 'Link (envio manual)',
  provider_a: 'provider_a',
  provider_b: 'provider_b',
} as const;

export function ActiveBadge(props: { ativo: boolean }): JSX.Element {
  return <span class={`badge ${props.ativo ? 'badge-aprovado' : 'badge-arquivado'}`}>{props.ativo ? 'Ativa' : 'Inativa'}</span>;
}

export function SectionNav(props: { current: 'lista' | 'tarifas' | 'detalhe' }): JSX.Element {
  return (
    <nav aria-label="Seções de Aplicações" class="tabs">
      <a href={`${BASE}aplicacoes`} aria-current={props.current === 'lista' ? 'page' : undefined}>
        Aplicações
      </a>
      <a href={`${BASE}aplicacoes/tarifas`} aria-current={props.current === 'tarifas' ? 'page' : undefined}>
        Tarifas
      </a>
    </nav>
  );
}

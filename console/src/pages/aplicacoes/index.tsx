// Aplicações (platform administrators only; roles.ts shows it to them alone): the applications list
// and registration (/console/aplicacoes), one application (/console/aplicacoes/{id}: balance, credits,
// refunds, activation) and the tariff catalogue (/console/aplicacoes/tarifas).
import type { JSX } from 'preact';
import { useRoute } from '../../router';
import { DetalheAplicacao } from './detalhe';
import { ListaAplicacoes } from './lista';
import { Tarifas } from './tarifas';

export function Aplicacoes(): JSX.Element {
  const section = useRoute().rest[0];
  if (section === 'tarifas') return <Tarifas />;
  if (section && /^\d+$/.test(section)) return <DetalheAplicacao key={section} id={Number(section)} />;
  return <ListaAplicacoes />;
}

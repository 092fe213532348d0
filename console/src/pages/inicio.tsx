// Início: balance, spend today and this month, messages by status today and over 30 days, a low-balance
// warning, the provider and its numbers. One GET (/api/admin/resumo), refreshed every 30 s.
import type { JSX } from 'preact';
import { api, type Paths } from '../api/client';
import { Alert, Loading, Page, Table, useLoad } from '../components';
import { messageStatusLabel, sendStatuses, providerLabel, type SendStatus } from '../labels';
import { day, money } from '../format';

type Overview = Paths['/api/admin/resumo']['get']['responses'][200]['content']['application/json'];

export function Inicio(): JSX.Element {
  const overview = useLoad(() => api.GET('/api/admin/resumo'), [], 30_000);
  const o = overview.data;
  return (
    <Page title="Início">
      {overview.error && <Alert>{overview.error}</Alert>}
      {!o ? (
        <Loading what="o resumo" />
      ) : (
        <>
          {o.saldoBaixo && (
            <Alert kind="warning">
              Saldo baixo: {money(o.saldo)} está abaixo de {money(o.limiteSaldoBaixo)}. Adicione créditos para não interromper os envios.
            </Alert>
          )}
          <div class="cards">
            <Card title="Saldo" value={money(o.saldo)} testId="saldo" />
            <Card title="Gasto hoje" value={money(o.gastoHoje)} testId="gasto-hoje" />
            <Card title="Gasto no mês" value={money(o.gastoMes)} testId="gasto-mes" />
            <article class="card" aria-labelledby="provedor-title">
              <h2 id="provedor-title">Provedor</h2>
              <p class="big">{providerLabel[o.provider]}</p>
              <ul class="plain" aria-label="Números de WhatsApp">
                {o.numerosWhatsapp.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </article>
          </div>
          <h2>Mensagens hoje</h2>
          <ul class="status-counts" aria-label="Mensagens hoje por status">
            {sendStatuses.map((s) => (
              <li key={s} class={`status-${s}`}>
                <span class="count">{o.mensagensHoje[s]}</span> {messageStatusLabel[s]}
              </li>
            ))}
          </ul>
          <ThirtyDays days={o.dias} />
        </>
      )}
    </Page>
  );
}

function Card(props: { title: string; value: string; testId: string }): JSX.Element {
  const id = `${props.testId}-title`;
  return (
    <article class="card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      <p class="big" data-testid={props.testId}>
        {props.value}
      </p>
    </article>
  );
}

/** Stacked bars of each day's messages by status, and the same figures as a table for screen readers and copying. */
function ThirtyDays(props: { days: Overview['dias'] }): JSX.Element {
  const width = 720;
  const height = 180;
  const bar = width / props.days.length;
  const max = Math.max(1, ...props.days.map((d) => sendStatuses.reduce((n, s) => n + d.mensagens[s], 0)));
  return (
    <section aria-labelledby="dias-title">
      <h2 id="dias-title">Mensagens nos últimos 30 dias</h2>
      <svg class="chart" viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-labelledby="dias-title dias-desc">
        <desc id="dias-desc">Barras empilhadas por status, um dia por barra; a tabela abaixo tem os mesmos números.</desc>
        {props.days.map((d, i) => {
          let y = height;
          return (
            <g key={d.data}>
              {sendStatuses.map((s: SendStatus) => {
                const h = (d.mensagens[s] / max) * height;
                y -= h;
                return h > 0 ? <rect key={s} class={`bar-${s}`} x={i * bar + 2} y={y} width={bar - 4} height={h} /> : null;
              })}
            </g>
          );
        })}
        <line class="axis" x1="0" y1={height} x2={width} y2={height} />
        {props.days.map((d, i) =>
          i % 7 === props.days.length % 7 || i === props.days.length - 1 ? (
            <text key={d.data} class="tick" x={i * bar + bar / 2} y={height + 15} text-anchor="middle">
              {day(d.data).slice(0, 5)}
            </text>
          ) : null,
        )}
      </svg>
      <ul class="legend" aria-hidden="true">
        {sendStatuses.map((s) => (
          <li key={s}>
            <span class={`swatch bar-${s}`} /> {messageStatusLabel[s]}
          </li>
        ))}
      </ul>
      <details>
        <summary>Ver os números por dia</summary>
        <Table label="Mensagens e gasto por dia">
          <thead>
            <tr>
              <th scope="col">Dia</th>
              {sendStatuses.map((s) => (
                <th key={s} scope="col" class="num">
                  {messageStatusLabel[s]}
                </th>
              ))}
              <th scope="col" class="num">
                Gasto
              </th>
            </tr>
          </thead>
          <tbody>
            {props.days.map((d) => (
              <tr key={d.data}>
                <th scope="row">{day(d.data)}</th>
                {sendStatuses.map((s) => (
                  <td key={s} class="num">
                    {d.mensagens[s]}
                  </td>
                ))}
                <td class="num">{money(d.gasto)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </section>
  );
}

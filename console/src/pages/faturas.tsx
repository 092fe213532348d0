// An application's plan and its invoices (docs/invoices.md): on Extrato the tenant's admin sees its own; on an
// application's page (Aplicações) the platform admin also puts it on a plan and marks an open invoice paid, which
// credits the invoice's credits to the balance (one "Fatura do plano" entry of the statement).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { Alert, Loading, Select, Table, useLoad, useSubmit } from '../components';
import { ConfirmDialog } from '../dialog';
import { day, money, when } from '../format';
import { problem } from '../refusal';
import type { components } from '../api/schema';

type Invoice = components['schemas']['PlanInvoice'];

const statusLabel: Record<Invoice['status'], string> = { ABERTA: 'Em aberto', PAGA: 'Paga', CANCELADA: 'Cancelada' };
const statusBadge: Record<Invoice['status'], string> = { ABERTA: 'badge-em_analise', PAGA: 'badge-aprovado', CANCELADA: 'badge-arquivado' };

const loadInvoices = (id: number) => api.GET('/api/admin/aplicacoes/{id}/faturas', { params: { path: { id } } });

/** The plan in force: the newest invoice's (a plan change always issues one). */
function CurrentPlan(props: { invoices: readonly Invoice[] }): JSX.Element {
  const newest = props.invoices[0];
  if (!newest) return <p data-testid="plano-atual">Nenhum plano contratado.</p>;
  return (
    <p data-testid="plano-atual">
      Plano <strong>{newest.planoNome}</strong>: {money(newest.valor)} por mês, creditados ao saldo quando a fatura é paga.
    </p>
  );
}

function InvoiceTable(props: { invoices: readonly Invoice[]; onPay?: (invoice: Invoice) => void; busy?: boolean }): JSX.Element {
  return (
    <Table>
      <caption>Faturas, da mais recente para a mais antiga.</caption>
      <thead>
        <tr>
          <th scope="col">Fatura</th>
          <th scope="col">Mês</th>
          <th scope="col">Plano</th>
          <th scope="col" class="num">
            Valor
          </th>
          <th scope="col" class="num">
            Créditos
          </th>
          <th scope="col">Vencimento</th>
          <th scope="col">Situação</th>
          {props.onPay && <th scope="col">Ação</th>}
        </tr>
      </thead>
      <tbody>
        {props.invoices.map((i) => (
          <tr key={i.id} data-testid={`fatura-${i.id}`}>
            <td>{i.id}</td>
            <td>{i.mes}</td>
            <td>{i.planoNome}</td>
            <td class="num">{money(i.valor)}</td>
            <td class="num">{money(i.creditos)}</td>
            <td>{day(i.vencimento)}</td>
            <td>
              <span class={`badge ${statusBadge[i.status]}`}>{statusLabel[i.status]}</span>
              {i.pagaEm && <span class="muted"> em {when(i.pagaEm)}</span>}
            </td>
            {props.onPay && (
              <td>
                {i.status === 'ABERTA' && (
                  <button type="button" class="secondary" disabled={props.busy} onClick={() => props.onPay?.(i)}>
                    Marcar como paga<span class="visually-hidden"> a fatura {i.id}</span>
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Extrato: the tenant's plan and invoices, read only. */
export function PlanoEFaturas(props: { aplicacaoId: number }): JSX.Element {
  const invoices = useLoad(() => loadInvoices(props.aplicacaoId), [props.aplicacaoId]);
  return (
    <section class="panel" aria-labelledby="plano-faturas-title">
      <h2 id="plano-faturas-title">Plano e faturas</h2>
      {invoices.error && <Alert>{invoices.error}</Alert>}
      {!invoices.data ? (
        !invoices.error && <Loading what="as faturas" />
      ) : (
        <>
          <CurrentPlan invoices={invoices.data} />
          {invoices.data.length > 0 && <InvoiceTable invoices={invoices.data} />}
        </>
      )}
    </section>
  );
}

/** Aplicações: the platform admin's plan chooser and invoices, each open one payable by hand. */
export function PlanoAplicacao(props: { aplicacaoId: number; onChanged: () => void }): JSX.Element {
  const invoices = useLoad(() => loadInvoices(props.aplicacaoId), [props.aplicacaoId]);
  const plans = useLoad(() => api.GET('/api/planos/ativos'), []);
  const [planoId, setPlanoId] = useState('');
  const { refusal, done, busy, submit } = useSubmit();
  const [paying, setPaying] = useState<Invoice>();
  const [payBusy, setPayBusy] = useState(false);
  const [payNotice, setPayNotice] = useState<string>();
  const [payRefusal, setPayRefusal] = useState<string>();

  const change = (event: Event) =>
    submit(
      event,
      () => (planoId ? undefined : { field: 'planoId', message: 'Escolha um plano.' }),
      async () => {
        const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/plano', {
          params: { path: { id: props.aplicacaoId } },
          body: { planoId: Number(planoId) },
        });
        if (!data) return { refusal: problem(error, response.status) };
        invoices.reload();
        return {
          done: data.fatura
            ? `Plano alterado. Fatura ${data.fatura.id} de ${money(data.fatura.valor)} emitida, vencendo em ${day(data.fatura.vencimento)}.`
            : 'A aplicação já está nesse plano.',
        };
      },
    );

  const pay = async (invoice: Invoice) => {
    setPayBusy(true);
    setPayNotice(undefined);
    setPayRefusal(undefined);
    try {
      const { data, error, response } = await api.POST('/api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar', {
        params: { path: { id: props.aplicacaoId, faturaId: invoice.id } },
      });
      if (data) {
        setPayNotice(`Fatura ${data.id} paga: ${money(data.creditos)} creditados ao saldo.`);
        props.onChanged();
      } else setPayRefusal(problem(error, response.status).message);
      invoices.reload();
    } catch {
      setPayRefusal(problem(undefined).message);
    } finally {
      setPayBusy(false);
      setPaying(undefined);
    }
  };

  return (
    <section class="panel" aria-labelledby="plano-title">
      <h2 id="plano-title">Plano e faturas</h2>
      {invoices.error && <Alert>{invoices.error}</Alert>}
      {invoices.data && <CurrentPlan invoices={invoices.data} />}
      {done && <Alert kind="info">{done}</Alert>}
      {refusal && <Alert>{refusal.message}</Alert>}
      <form onSubmit={(e) => void change(e)} noValidate class="filters">
        <Select
          label="Plano"
          value={planoId}
          onChange={(e) => setPlanoId(e.currentTarget.value)}
          options={[
            ['', 'Escolha um plano'],
            ...(plans.data ?? []).map((p) => [String(p.id), `${p.nome} (${money(p.precoMensal)} por mês)`] as const),
          ]}
        />
        <button type="submit" disabled={busy}>
          Mudar plano
        </button>
      </form>
      <p class="muted">Mudar de plano emite a fatura do novo plano na hora e cancela as faturas em aberto do plano anterior.</p>
      {payNotice && <Alert kind="info">{payNotice}</Alert>}
      {payRefusal && <Alert>{payRefusal}</Alert>}
      {!invoices.data
        ? !invoices.error && <Loading what="as faturas" />
        : invoices.data.length > 0 && <InvoiceTable invoices={invoices.data} busy={payBusy} onPay={setPaying} />}
      {paying && (
        <ConfirmDialog
          title={`Marcar a fatura ${paying.id} como paga?`}
          confirm="Marcar como paga"
          busy={payBusy}
          onConfirm={() => void pay(paying)}
          onCancel={() => setPaying(undefined)}
        >
          <p>
            {money(paying.creditos)} serão creditados ao saldo da aplicação, uma única vez. Use quando o pagamento foi recebido fora do
            gateway.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

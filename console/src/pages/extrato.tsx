// Extrato: the statement with the running balance after each entry, filtered by period and referenciaTipo,
// and the same filtered period as CSV (the API builds it; the page only saves it); below, the application's plan and
// its invoices (./faturas.tsx).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { Alert, Field, Loading, Page, Pager, Select, Table, useLoad } from '../components';
import { referenciaTipoLabel } from '../labels';
import { problem } from '../refusal';
import { money, when } from '../format';
import { session } from '../session';
import { PlanoEFaturas } from './faturas';

const PAGE_SIZE = 50;

interface Filters {
  de: string;
  ate: string;
  referenciaTipo: string;
}

const none: Filters = { de: '', ate: '', referenciaTipo: '' };

const queryOf = (f: Filters) => ({
  ...(f.de ? { de: f.de } : {}),
  ...(f.ate ? { ate: f.ate } : {}),
  ...(f.referenciaTipo ? { referenciaTipo: f.referenciaTipo } : {}),
});

export function Extrato(): JSX.Element {
  const aplicacaoId = session()?.aplicacaoId;
  const [draft, setDraft] = useState<Filters>(none);
  const [filters, setFilters] = useState<Filters>(none);
  const [page, setPage] = useState(0);
  const [exportError, setExportError] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const statement = useLoad(
    () => api.GET('/api/admin/extrato', { params: { query: { page, size: PAGE_SIZE, ...queryOf(filters) } } }),
    [filters, page],
  );
  const beside = (field: string) => (statement.errorField === field ? statement.error : undefined);
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: event.currentTarget.value });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(undefined);
    const { data, error, response } = await api.GET('/api/admin/extrato/csv', { params: { query: queryOf(filters) }, parseAs: 'blob' });
    setExporting(false);
    if (!data) {
      setExportError(problem(error, response.status).message);
      return;
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'extrato.csv';
    const link = document.createElement('a');
    link.href = URL.createObjectURL(data);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  return (
    <Page
      title="Extrato"
      actions={
        <button type="button" class="secondary" disabled={exporting} onClick={() => void exportCsv()}>
          Exportar CSV
        </button>
      }
    >
      <form
        class="filters"
        aria-label="Filtrar o extrato"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(0);
          setFilters(draft);
        }}
      >
        <Field label="De" type="date" value={draft.de} onInput={set('de')} error={beside('de')} />
        <Field label="Até" type="date" value={draft.ate} onInput={set('ate')} error={beside('ate')} />
        <Select
          label="Tipo de lançamento"
          value={draft.referenciaTipo}
          onChange={set('referenciaTipo')}
          options={[['', 'Todos'], ...Object.entries(referenciaTipoLabel)]}
        />
        <button type="submit">Filtrar</button>
      </form>
      {exportError && <Alert>Não foi possível exportar: {exportError}</Alert>}
      {statement.error && !['de', 'ate'].includes(statement.errorField ?? '') && <Alert>{statement.error}</Alert>}
      {!statement.data ? (
        <Loading what="o extrato" />
      ) : statement.data.content.length === 0 ? (
        <p>Nenhum lançamento nesse período.</p>
      ) : (
        <>
          <Table>
            <caption>{statement.data.totalElements} lançamentos, do mais recente para o mais antigo.</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Descrição</th>
                <th scope="col">Tipo</th>
                <th scope="col" class="num">
                  Valor
                </th>
                <th scope="col" class="num">
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.data.content.map((e) => (
                <tr key={e.id}>
                  <td>{when(e.criadoEm)}</td>
                  <td>{e.descricao}</td>
                  <td>{referenciaTipoLabel[e.referenciaTipo] ?? e.referenciaTipo}</td>
                  <td class={`num ${e.tipo === 'DEBIT' ? 'debit' : 'credit'}`}>
                    {e.tipo === 'DEBIT' ? '−' : '+'}
                    {money(e.valor)}
                  </td>
                  <td class="num">{money(e.saldoPosterior)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={statement.data.number} pages={statement.data.totalPages} onPage={setPage} />
        </>
      )}
      {aplicacaoId !== undefined && <PlanoEFaturas aplicacaoId={aplicacaoId} />}
    </Page>
  );
}

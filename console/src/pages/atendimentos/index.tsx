// Atendimentos, the inbox: the queue (FILA) and the attendances in progress, by sector, beside the open
// attendance's conversation (/console/atendimentos/<id>). Everything polls every 5 s while the tab is
// visible, so a new patient in the queue or a new message shows without a reload.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Page, Select, useLoad } from '../../components';
import { phone } from '../../format';
import { BASE, navigate, useRoute } from '../../router';
import { session } from '../../session';
import { Conversa } from './conversa';
import { POLL_MS, waited, type InboxItem } from './model';

const PAGE_SIZE = 20;

export function Atendimentos(): JSX.Element {
  const route = useRoute();
  const setorId = /^[1-9]\d{0,15}$/.test(route.query.get('setor') ?? '') ? Number(route.query.get('setor')) : undefined;
  const openId = route.rest[0];
  const search = setorId ? `?setor=${setorId}` : '';
  // Bumped after the operator takes or closes an attendance, so the lists read it at once.
  const [changes, setChanges] = useState(0);

  const sectors = useLoad(() => api.GET('/api/admin/whatsapp/setores'), []);
  const chooseSector = (value: string) => {
    const params = value ? `?setor=${value}` : '';
    navigate(`${BASE}atendimentos${openId ? `/${openId}` : ''}${params}`, true);
  };

  return (
    <Page title="Atendimentos">
      <div class="inbox">
        <div class="inbox-lists">
          <Select
            label="Setor"
            value={setorId ? String(setorId) : ''}
            options={[['', 'Todos os setores'], ...(sectors.data ?? []).map((s) => [String(s.id), s.nome] as const)]}
            onChange={(e) => chooseSector(e.currentTarget.value)}
          />
          {sectors.error && <Alert>{sectors.error}</Alert>}
          <Lista status="FILA" title="Fila" setorId={setorId} openId={openId} search={search} changes={changes} />
          <Lista status="EM_ANDAMENTO" title="Em andamento" setorId={setorId} openId={openId} search={search} changes={changes} />
        </div>
        <div class="conversation-panel">
          {openId ? (
            <Conversa key={openId} id={openId} onChanged={() => setChanges((n) => n + 1)} />
          ) : (
            <p class="muted">Escolha um atendimento da fila ou em andamento para ler a conversa.</p>
          )}
        </div>
      </div>
    </Page>
  );
}

function Lista(props: {
  status: 'FILA' | 'EM_ANDAMENTO';
  title: string;
  setorId: number | undefined;
  openId: string | undefined;
  search: string;
  changes: number;
}): JSX.Element {
  const { status, setorId } = props;
  // The first pages, as many as the operator asked for with "Mais", read again together at each poll.
  const [pages, setPages] = useState(1);
  const list = useLoad(
    async () => {
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, page) =>
          api.GET('/api/admin/atendimentos', { params: { query: { status, page, size: PAGE_SIZE, ...(setorId ? { setorId } : {}) } } }),
        ),
      );
      const failed = answers.find((a) => !a.data);
      if (failed) return failed;
      const last = answers.at(-1)!;
      // The queue moves between the pages' reads: an attendance that slid to the next page is shown once.
      const seen = new Set<number>();
      const content = answers.flatMap((a) => a.data!.content).filter((a) => !seen.has(a.id) && seen.add(a.id));
      return { ...last, data: { ...last.data!, content } };
    },
    [status, setorId, pages, props.changes],
    POLL_MS,
  );
  const me = Number(session()?.userId);
  const items: InboxItem[] = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;
  const headingId = `lista-${status}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {props.title} <span class="badge">{list.data ? total : '…'}</span>
      </h2>
      {list.error && <Alert>{list.error}</Alert>}
      <ul class="inbox-list" aria-labelledby={headingId}>
        {items.map((a) => (
          <li key={a.id}>
            <a href={`${BASE}atendimentos/${a.id}${props.search}`} aria-current={String(a.id) === props.openId ? 'page' : undefined}>
              <strong>{a.paciente.nome ?? phone(a.paciente.telefone)}</strong>
              {a.canal === 'APP' && (
                <>
                  {' '}
                  <span class="badge app" title="Escreveu pelo aplicativo: a resposta vai para o chat do aplicativo.">
                    App
                  </span>
                </>
              )}
              <div class="muted">
                {a.paciente.nome ? `${phone(a.paciente.telefone)} · ` : ''}
                {a.setor.nome ?? a.setor.codigo ?? `Setor ${a.setor.id}`}
              </div>
              <div class="muted">
                {status === 'FILA'
                  ? `Esperando ${waited(a.esperaSegundos ?? 0)}`
                  : a.atendenteId === me
                    ? 'Com você'
                    : `Com o atendente nº ${a.atendenteId ?? '?'}`}
                {` · ${a.mensagens} ${a.mensagens === 1 ? 'mensagem' : 'mensagens'}`}
              </div>
            </a>
          </li>
        ))}
        {list.data && items.length === 0 && (
          <li class="muted empty">{status === 'FILA' ? 'Ninguém na fila.' : 'Nenhum atendimento em andamento.'}</li>
        )}
      </ul>
      {items.length < total && (
        <div class="pager">
          <button type="button" class="secondary" disabled={list.loading} onClick={() => setPages(pages + 1)}>
            Mais
          </button>
          <span class="muted">
            {items.length} de {total}
          </span>
        </div>
      )}
    </section>
  );
}

// One application: its data and balance, activating or deactivating it (with what deactivating does,
// before it is done), its campaigns' pace, its plan and invoices (one marked paid), adding credit in reais, and
// refunding a debit of its statement once.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { ActiveBadge, Alert, ApplicationsNav, Field, FormError, Loading, Page, useLoad, useSubmit } from '../../components';
import { providerLabel } from '../../labels';
import { errorAt, problem } from '../../refusal';
import type { components } from '../../api/schema';
import { ConfirmDialog } from '../../dialog';
import { money, when } from '../../format';
import { parseReais } from './reais';
import { PlanoAplicacao } from '../faturas';

type Application = components['schemas']['AdminApplicationWithBalance'];

export function DetalheAplicacao(props: { id: number }): JSX.Element {
  const app = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id: props.id } } }), [props.id]);
  const a = app.data;
  return (
    <Page title={a ? `Aplicação ${a.nome}` : `Aplicação ${props.id}`} actions={a && <ActiveBadge ativo={a.ativo} />}>
      <ApplicationsNav current="detalhe" />
      {app.error && <Alert>{app.error}</Alert>}
      {!a ? (
        !app.error && <Loading what="a aplicação" />
      ) : (
        <>
          <div class="cards">
            <article class="card" aria-labelledby="saldo-aplicacao-title">
              <h2 id="saldo-aplicacao-title">Saldo</h2>
              <p class="big" data-testid="saldo-aplicacao">
                {a.saldo === null ? '—' : money(a.saldo)}
              </p>
            </article>
            <article class="card" aria-labelledby="dados-title">
              <h2 id="dados-title">Dados</h2>
              <dl class="facts">
                <dt>ID</dt>
                <dd>{a.id}</dd>
                <dt>Slug</dt>
                <dd>{a.slug}</dd>
                <dt>Provedor</dt>
                <dd>{providerLabel[a.provider]}</dd>
                <dt>Chave da API</dt>
                <dd>{a.apiKey ?? '—'}</dd>
                <dt>Números WhatsApp</dt>
                <dd>{a.numerosWhatsapp.length ? a.numerosWhatsapp.join(', ') : 'Nenhum'}</dd>
                <dt>Criada em</dt>
                <dd>{when(a.criadoEm)}</dd>
              </dl>
            </article>
          </div>
          <Situacao app={a} onChanged={app.reload} />
          <Ritmo app={a} onChanged={app.reload} />
          <PlanoAplicacao aplicacaoId={a.id} onChanged={app.reload} />
          <Credito app={a} onChanged={app.reload} />
          <Estorno app={a} onChanged={app.reload} />
        </>
      )}
    </Page>
  );
}

function Situacao(props: { app: Application; onChanged: () => void }): JSX.Element {
  const { app } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const setActive = async (ativo: boolean) => {
    setBusy(true);
    setRefusal(undefined);
    setNotice(undefined);
    try {
      const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/ativo', {
        params: { path: { id: app.id } },
        body: { ativo },
      });
      if (data) {
        setNotice(data.ativo ? `Aplicação ${data.nome} ativada.` : `Aplicação ${data.nome} desativada.`);
        props.onChanged();
      } else setRefusal(problem(error, response.status).message);
    } catch {
      setRefusal(problem(undefined).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section class="panel" aria-labelledby="situacao-title">
      <h2 id="situacao-title">Situação</h2>
      {notice && <Alert kind="info">{notice}</Alert>}
      {refusal && <Alert>{refusal}</Alert>}
      <p>
        {app.ativo
          ? 'A aplicação está ativa: sua chave de API é aceita e ela pode enviar mensagens.'
          : 'A aplicação está inativa: sua chave de API é recusada e ela não envia mensagens.'}
      </p>
      {app.ativo ? (
        <button type="button" class="danger" onClick={() => setConfirming(true)} disabled={busy}>
          Desativar aplicação
        </button>
      ) : (
        <button type="button" onClick={() => void setActive(true)} disabled={busy}>
          Ativar aplicação
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Desativar a aplicação ${app.nome}?`}
          confirm="Desativar"
          danger
          busy={busy}
          onConfirm={() => void setActive(false)}
          onCancel={() => setConfirming(false)}
        >
          <p>A partir de agora:</p>
          <ul>
            <li>a chave de API da aplicação é recusada (401) em toda chamada;</li>
            <li>os envios de mensagens dela são recusados (403);</li>
            <li>os tokens OAuth já emitidos continuam valendo até expirar.</li>
          </ul>
          <p>O saldo e os dados são mantidos, e a aplicação pode ser ativada de novo.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function Ritmo(props: { app: Application; onChanged: () => void }): JSX.Element {
  const [ritmo, setRitmo] = useState(String(props.app.mensagensPorSegundo));
  const { refusal, done, busy, submit } = useSubmit();
  const mensagensPorSegundo = Number(ritmo.trim());

  const save = (event: Event) =>
    submit(
      event,
      () =>
        !/^\d+$/.test(ritmo.trim()) || mensagensPorSegundo < 1 || mensagensPorSegundo > 1000
          ? { field: 'mensagensPorSegundo', message: 'Digite um número inteiro de 1 a 1000.' }
          : undefined,
      async () => {
        const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/ritmo', {
          params: { path: { id: props.app.id } },
          body: { mensagensPorSegundo },
        });
        if (!data) return { refusal: problem(error, response.status) };
        props.onChanged();
        return { done: `Ritmo de ${data.mensagensPorSegundo} mensagens por segundo salvo.` };
      },
    );

  return (
    <section class="panel" aria-labelledby="ritmo-title">
      <h2 id="ritmo-title">Ritmo das campanhas</h2>
      <p class="muted">
        Quantas mensagens de campanha a aplicação inicia por segundo, somando todos os envios em andamento: o limite do número dela no
        provedor (80 por padrão no WhatsApp). Envios pela API não entram nesse ritmo.
      </p>
      {done && <Alert kind="info">{done}</Alert>}
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormError refusal={refusal} fields={['mensagensPorSegundo']} />
        <Field
          label="Mensagens por segundo"
          inputMode="numeric"
          autocomplete="off"
          hint="De 1 a 1000."
          value={ritmo}
          onInput={(e) => setRitmo(e.currentTarget.value)}
          error={errorAt(refusal, 'mensagensPorSegundo')}
          required
        />
        <button type="submit" disabled={busy}>
          Salvar ritmo
        </button>
      </form>
    </section>
  );
}

function Credito(props: { app: Application; onChanged: () => void }): JSX.Element {
  const [valor, setValor] = useState('');
  const [descricao, setDescricao] = useState('');
  const { refusal, done, busy, submit } = useSubmit();
  const decimal = parseReais(valor);

  const save = (event: Event) =>
    submit(
      event,
      () =>
        decimal === undefined
          ? { field: 'valor', message: 'Digite um valor em reais, como 1.234,56 ou 1234.56 (até dois decimais).' }
          : undefined,
      async () => {
        const { data, error, response } = await api.POST('/api/admin/aplicacoes/{id}/creditos', {
          params: { path: { id: props.app.id } },
          body: { valor: decimal ?? '' /* checked above */, ...(descricao.trim() ? { descricao: descricao.trim() } : {}) },
        });
        if (!data) return { refusal: problem(error, response.status) };
        setValor('');
        setDescricao('');
        props.onChanged();
        return { done: `Crédito de ${money(data.valor)} lançado (lançamento ${data.id}). Saldo agora: ${money(data.saldoPosterior)}.` };
      },
    );

  return (
    <section class="panel" aria-labelledby="credito-title">
      <h2 id="credito-title">Adicionar crédito</h2>
      {done && <Alert kind="info">{done}</Alert>}
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormError refusal={refusal} fields={['valor', 'descricao']} />
        <div class="field-row">
          <Field
            label="Valor (R$)"
            inputMode="decimal"
            autocomplete="off"
            hint={decimal ? `Será creditado ${money(decimal)}.` : 'Ex.: 1.234,56 ou 1234.56'}
            value={valor}
            onInput={(e) => setValor(e.currentTarget.value)}
            error={errorAt(refusal, 'valor')}
            required
          />
          <Field
            label="Descrição (opcional)"
            value={descricao}
            onInput={(e) => setDescricao(e.currentTarget.value)}
            error={errorAt(refusal, 'descricao')}
          />
        </div>
        <button type="submit" disabled={busy}>
          Adicionar crédito
        </button>
      </form>
    </section>
  );
}

function Estorno(props: { app: Application; onChanged: () => void }): JSX.Element {
  const [lancamento, setLancamento] = useState('');
  const [motivo, setMotivo] = useState('');
  const { refusal, done, busy, submit } = useSubmit();
  const lancamentoId = Number(lancamento.trim());

  const save = (event: Event) =>
    submit(
      event,
      () =>
        !/^\d+$/.test(lancamento.trim()) || !Number.isSafeInteger(lancamentoId) || lancamentoId < 1
          ? { field: 'lancamentoId', message: 'Digite o número do lançamento de débito, como aparece no extrato.' }
          : undefined,
      async () => {
        const { data, error, response } = await api.POST('/api/admin/aplicacoes/{id}/estornos', {
          params: { path: { id: props.app.id } },
          body: { lancamentoId, ...(motivo.trim() ? { motivo: motivo.trim() } : {}) },
        });
        if (!data) {
          // 404 (no such entry) and 409 (already refunded) name no field, but the entry typed is what they are about.
          const p = problem(error, response.status);
          return { refusal: p.field === 'motivo' ? p : { ...p, field: 'lancamentoId' } };
        }
        setLancamento('');
        setMotivo('');
        props.onChanged();
        return {
          done: `Lançamento ${lancamentoId} estornado: ${money(data.valor)} devolvidos. Saldo agora: ${money(data.saldoPosterior)}.`,
        };
      },
    );

  return (
    <section class="panel" aria-labelledby="estorno-title">
      <h2 id="estorno-title">Estornar um débito</h2>
      <p class="muted">
        Devolve ao saldo o valor de um lançamento de débito do extrato da aplicação. Cada lançamento só pode ser estornado uma vez.
      </p>
      {done && <Alert kind="info">{done}</Alert>}
      <form onSubmit={(e) => void save(e)} noValidate>
        <div class="field-row">
          <Field
            label="Número do lançamento"
            inputMode="numeric"
            autocomplete="off"
            hint="O número (id) do débito no extrato da aplicação."
            value={lancamento}
            onInput={(e) => setLancamento(e.currentTarget.value)}
            error={errorAt(refusal, 'lancamentoId')}
            required
          />
          <Field
            label="Motivo (opcional)"
            value={motivo}
            onInput={(e) => setMotivo(e.currentTarget.value)}
            error={errorAt(refusal, 'motivo')}
          />
        </div>
        <button type="submit" disabled={busy}>
          Estornar
        </button>
      </form>
    </section>
  );
}

// Setores: the application's departments (the default GERAL first), each with its WhatsApp numbers and
// attendants; create and edit inline.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Checkboxes, Field, FormError, Loading, Table, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import { session } from '../../session';

type Sector = Schemas['WhatsappSector'];

export function Setores(): JSX.Element {
  const id = session()!.aplicacaoId;
  const list = useLoad(() => api.GET('/api/admin/whatsapp/setores'), []);
  const app = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id]);
  // Attendants are the application's portal users (not its patients): the first 100 of them.
  const users = useLoad(() => api.GET('/api/admin/usuarios', { params: { query: { size: 100 } } }), []);
  const [editing, setEditing] = useState<Sector | 'novo' | undefined>();
  const [done, setDone] = useState<string>();

  const attendants = (users.data?.content ?? []).filter((u) => u.role !== 'paciente').map((u) => [u.id, `${u.nome} (${u.email})`] as const);
  const numbers = (app.data?.numerosWhatsapp ?? []).map((n) => [n, n] as const);
  const userName = (userId: number) => users.data?.content.find((u) => u.id === userId)?.nome ?? `usuário nº ${userId}`;

  return (
    <>
      {list.error && <Alert>{list.error}</Alert>}
      {done && (
        <Alert kind="info">
          <span data-testid="setor-salvo">{done}</span>
        </Alert>
      )}
      {editing ? (
        <SectorForm
          key={editing === 'novo' ? 'novo' : editing.id}
          sector={editing === 'novo' ? undefined : editing}
          numbers={numbers}
          attendants={attendants}
          onCancel={() => setEditing(undefined)}
          onSaved={(sector, created) => {
            setEditing(undefined);
            setDone(`Setor ${sector.codigo} ${created ? 'criado' : 'salvo'}.`);
            list.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <button
            type="button"
            onClick={() => {
              setDone(undefined);
              setEditing('novo');
            }}
          >
            Novo setor
          </button>
        </div>
      )}
      {!list.data ? (
        <Loading what="os setores" />
      ) : (
        <Table>
          <caption>Setores da aplicação</caption>
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Nome</th>
              <th scope="col">Números</th>
              <th scope="col">Atendentes</th>
              <th scope="col" class="num">
                Atendimentos abertos
              </th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.codigo} {s.padrao && <span class="badge">padrão</span>}
                </td>
                <td>{s.nome}</td>
                <td>{s.numeros.join(', ') || '—'}</td>
                <td>{s.atendentes.map(userName).join(', ') || '—'}</td>
                <td class="num">{s.atendimentosAbertos}</td>
                <td>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Editar o setor ${s.codigo}`}
                    onClick={() => {
                      setDone(undefined);
                      setEditing(s);
                    }}
                  >
                    Editar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

function SectorForm(props: {
  sector: Sector | undefined;
  numbers: readonly (readonly [string, string])[];
  attendants: readonly (readonly [number, string])[];
  onCancel: () => void;
  onSaved: (sector: Sector, created: boolean) => void;
}): JSX.Element {
  const { sector } = props;
  const [codigo, setCodigo] = useState(sector?.codigo ?? '');
  const [nome, setNome] = useState(sector?.nome ?? '');
  const [numeros, setNumeros] = useState<string[]>(sector?.numeros ?? []);
  const [atendentes, setAtendentes] = useState<number[]>(sector?.atendentes ?? []);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  // Numbers and attendants the sector has that the lists above do not show still appear, checked.
  const numberOptions = [...props.numbers, ...numeros.filter((n) => !props.numbers.some(([v]) => v === n)).map((n) => [n, n] as const)];
  const attendantOptions = [
    ...props.attendants,
    ...atendentes.filter((a) => !props.attendants.some(([v]) => v === a)).map((a) => [a, `usuário nº ${a}`] as const),
  ];

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const body = { codigo, nome, numeros, atendentes };
    const answer = sector
      ? await api.PUT('/api/admin/whatsapp/setores/{id}', { params: { path: { id: sector.id } }, body })
      : await api.POST('/api/admin/whatsapp/setores', { body });
    setBusy(false);
    if (!answer.data) return setRefusal(problem(answer.error, answer.response.status));
    props.onSaved(answer.data, !sector);
  };

  const title = sector ? `Editar o setor ${sector.codigo}` : 'Novo setor';
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="setor-form-title" class="form-block panel" noValidate>
      <h3 id="setor-form-title">{title}</h3>
      <FormError refusal={refusal} fields={['codigo', 'nome', 'numeros', 'atendentes']} />
      <Field
        label="Código"
        value={codigo}
        required
        hint="De 1 a 40 letras, dígitos, - ou _; guardado em maiúsculas e único na aplicação."
        error={errorAt(refusal, 'codigo')}
        onInput={(e) => setCodigo(e.currentTarget.value)}
      />
      <Field label="Nome" value={nome} required error={errorAt(refusal, 'nome')} onInput={(e) => setNome(e.currentTarget.value)} />
      <Checkboxes
        legend="Números do setor"
        hint={numberOptions.length ? 'Cada número pertence a um setor só.' : 'A aplicação ainda não tem números (seção Provedor).'}
        options={numberOptions}
        checked={numeros}
        error={errorAt(refusal, 'numeros')}
        onChange={setNumeros}
      />
      <Checkboxes
        legend="Atendentes"
        hint={attendantOptions.length ? 'Usuários do console que atendem as conversas deste setor.' : 'Nenhum usuário para escolher.'}
        options={attendantOptions}
        checked={atendentes}
        error={errorAt(refusal, 'atendentes')}
        onChange={setAtendentes}
      />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          {sector ? 'Salvar setor' : 'Criar setor'}
        </button>
      </div>
    </form>
  );
}

// Usuários: the application's portal users, a page at a time (never a password), and a new one.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Field, FormError, Loading, Pager, Select, Table, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';

type Role = Schemas['AdminPortalUser']['role'];

const roles: readonly (readonly [Role, string])[] = [
  ['admin', 'Administrador (console)'],
  ['prestador', 'Prestador'],
  ['plantonista', 'Plantonista'],
  ['paciente', 'Paciente'],
];
const roleName = (role: Role) => roles.find(([r]) => r === role)?.[1] ?? role;

const PAGE_SIZE = 20;

export function Usuarios(): JSX.Element {
  const [page, setPage] = useState(0);
  const list = useLoad(() => api.GET('/api/admin/usuarios', { params: { query: { page, size: PAGE_SIZE } } }), [page]);
  const [created, setCreated] = useState<string>();
  return (
    <>
      {created && <Alert kind="info">{created}</Alert>}
      <NewUser
        onCreated={(user) => {
          setCreated(`Usuário ${user.nome} (${user.email}) criado.`);
          list.reload();
        }}
      />
      {list.error && <Alert>{list.error}</Alert>}
      {!list.data ? (
        <Loading what="os usuários" />
      ) : (
        <>
          <Table>
            <caption>Usuários da aplicação ({list.data.totalElements})</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">E-mail</th>
                <th scope="col">Perfil</th>
                <th scope="col">Detalhe</th>
              </tr>
            </thead>
            <tbody>
              {list.data.content.map((u) => (
                <tr key={u.id}>
                  <td>{u.nome}</td>
                  <td>{u.email}</td>
                  <td>
                    {roleName(u.role)}
                    {u.plataforma && <span class="badge">plataforma</span>}
                  </td>
                  <td>{u.prestadorId ? `prestador nº ${u.prestadorId}` : (u.telefone ?? '—')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={list.data.number} pages={list.data.totalPages} onPage={setPage} label="Páginas de usuários" />
        </>
      )}
    </>
  );
}

function NewUser(props: { onCreated: (user: Schemas['AdminPortalUser']) => void }): JSX.Element {
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const [senha, setSenha] = useState('');
  const [telefone, setTelefone] = useState('');
  const [prestadorId, setPrestadorId] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const err = (name: string) => errorAt(refusal, name);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.POST('/api/admin/usuarios', {
      body: {
        nome,
        email: email.trim(),
        role,
        ...(role === 'paciente' ? { telefone } : { senha }),
        // Not a number goes as null: the API names the field.
        ...(role === 'prestador' && { prestadorId: Number(prestadorId) }),
      },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setNome('');
    setEmail('');
    setSenha('');
    setTelefone('');
    setPrestadorId('');
    props.onCreated(data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="usuario-novo-title" class="form-block" noValidate>
      <h3 id="usuario-novo-title">Novo usuário</h3>
      <FormError refusal={refusal} fields={['nome', 'email', 'role', 'senha', 'telefone', 'prestadorId']} />
      <Field label="Nome" value={nome} required autocomplete="off" error={err('nome')} onInput={(e) => setNome(e.currentTarget.value)} />
      <Field
        label="E-mail"
        type="email"
        value={email}
        required
        autocomplete="off"
        error={err('email')}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <Select label="Perfil" options={roles} value={role} error={err('role')} onChange={(e) => setRole(e.currentTarget.value as Role)} />
      {role === 'paciente' ? (
        <Field
          label="Telefone"
          type="tel"
          value={telefone}
          hint="Com o código do país. O paciente entra com códigos enviados a este número, sem senha."
          error={err('telefone')}
          onInput={(e) => setTelefone(e.currentTarget.value)}
        />
      ) : (
        <Field
          label="Senha inicial"
          type="password"
          autocomplete="new-password"
          value={senha}
          hint="De 12 a 256 caracteres."
          error={err('senha')}
          onInput={(e) => setSenha(e.currentTarget.value)}
        />
      )}
      {role === 'prestador' && (
        <Field
          label="Nº do prestador"
          type="number"
          min={1}
          value={prestadorId}
          hint="Um prestador desta aplicação."
          error={err('prestadorId')}
          onInput={(e) => setPrestadorId(e.currentTarget.value)}
        />
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          Criar usuário
        </button>
      </div>
    </form>
  );
}

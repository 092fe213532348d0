// The login: e-mail and password of a portal user. A refusal is shown beside the form and keeps what
// was typed (the password field is cleared, as browsers expect).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { Alert, Field } from '../components';
import { login } from '../session';

export function Login(): JSX.Element {
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const outcome = await login(email.trim(), senha);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      setSenha('');
    }
  };

  return (
    <main class="login" id="conteudo">
      <h1>Entrar no console</h1>
      <form onSubmit={(e) => void submit(e)} aria-describedby={error ? 'login-error' : undefined}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autocomplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <Field
          label="Senha"
          type="password"
          name="senha"
          autocomplete="current-password"
          required
          value={senha}
          onInput={(e) => setSenha(e.currentTarget.value)}
        />
        {error && (
          <div id="login-error">
            <Alert>{error}</Alert>
          </div>
        )}
        <button type="submit" disabled={busy}>
          Entrar
        </button>
      </form>
    </main>
  );
}

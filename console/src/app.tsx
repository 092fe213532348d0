// The console's shell: the login when there is no session, else the role's navigation and page.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { areaAt, areasOf } from './roles';
import { BASE, interceptLinks, useRoute } from './router';
import { logout, onSessionChange, refresh, session, type Session } from './session';
import { Login } from './pages/login';

export function App(): JSX.Element {
  const [current, setCurrent] = useState<Session | undefined>(session);
  // A reload keeps the session: the refresh cookie is still there, the access token is not.
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    const stop = onSessionChange(setCurrent);
    void refresh().finally(() => setRestoring(false));
    return stop;
  }, []);

  if (restoring && !current) return <p class="muted boot">Carregando…</p>;
  if (!current) return <Login />;
  return <Shell session={current} />;
}

function Shell(props: { session: Session }): JSX.Element {
  const route = useRoute();
  const areas = areasOf(props.session);
  const area = areaAt(areas, route.area);
  useEffect(() => {
    document.title = `${area?.label ?? 'Página não encontrada'} · Console`;
  }, [area]);
  const Current = area?.page;
  return (
    <div class="shell" onClick={interceptLinks}>
      <a class="skip" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header class="topbar">
        <span class="brand">Console</span>
        <span class="who">
          Aplicação {props.session.aplicacaoId}
          {props.session.plataforma ? ' · administrador da plataforma' : ''}
        </span>
        <button type="button" class="link-button" onClick={() => void logout()}>
          Sair
        </button>
      </header>
      <nav aria-label="Principal" class="nav">
        <ul>
          {areas.map((a) => (
            <li key={a.path}>
              <a href={BASE + a.path} aria-current={a === area ? 'page' : undefined}>
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="conteudo" tabIndex={-1}>
        {Current ? (
          <Current />
        ) : (
          <section>
            <h1>Página não encontrada</h1>
            <p>
              Este endereço não é uma página do console. <a href={BASE}>Voltar ao início</a>
            </p>
          </section>
        )}
      </main>
    </div>
  );
}

// The console's shell: the login when there is no session, else the role's navigation and page. On a narrow
// screen (styles.css, below 48rem) the navigation folds behind the Menu button: it opens below the top bar and
// closes on choosing a link, on Escape, and when the route changes.
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [route.area, route.rest.join('/')]);
  // A layout effect: the listener is in place when the open menu is painted, not a frame later.
  useLayoutEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return (
    <div class={menuOpen ? 'shell menu-open' : 'shell'} onClick={interceptLinks}>
      <a class="skip" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header class="topbar">
        {/* Shown only on a narrow screen (styles.css); on a wide one the navigation is always beside the page. */}
        <button
          ref={menuButton}
          type="button"
          class="menu-button secondary"
          aria-expanded={menuOpen}
          aria-controls="navegacao"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <span class="brand">Console</span>
        <span class="who">
          Aplicação {props.session.aplicacaoId}
          {props.session.plataforma ? ' · administrador da plataforma' : ''}
        </span>
        <button type="button" class="link-button" onClick={() => void logout()}>
          Sair
        </button>
      </header>
      <nav
        id="navegacao"
        aria-label="Principal"
        class="nav"
        onClick={(event) => (event.target as Element).closest('a') && setMenuOpen(false)}
      >
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

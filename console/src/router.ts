// A router of a few lines: history URLs under /console/, a link click navigates without a reload.
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/console/';

/** The area's path after /console/ ('' for Início) and its query. */
export function currentRoute(): { area: string; rest: string[]; query: URLSearchParams } {
  const parts = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length).split('/').filter(Boolean) : [];
  return { area: parts[0] ?? '', rest: parts.slice(1), query: new URLSearchParams(location.search) };
}

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  dispatchEvent(new Event('console:navigate'));
}

export function useRoute(): ReturnType<typeof currentRoute> {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    addEventListener('popstate', update);
    addEventListener('console:navigate', update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener('console:navigate', update);
    };
  }, []);
  return route;
}

/** Same-origin links under /console/ navigate in place (a modified click still opens a tab). */
export function interceptLinks(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest('a');
  if (!link || link.target || link.origin !== location.origin || !link.pathname.startsWith(BASE) || link.hasAttribute('download')) return;
  event.preventDefault();
  navigate(link.pathname + link.search);
}

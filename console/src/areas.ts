// The console's areas, declared once: the path under /console/, the name in the navigation (and the page's heading),
// and who sees it. console/src/roles.ts gives each its page (a record over these paths, so a page missing does not
// compile), and test/browser/console-areas.test.ts opens every area of every role that has a sandbox login and
// checks its heading and its accessibility. Data only: the tests read it without the pages.

/** The portal roles that log in to the console (patients use the app). */
export type Role = 'admin' | 'prestador' | 'plantonista';

export interface AreaDeclaration {
  /** The path segment after /console/ ('' for the first page). */
  path: string;
  /** The link's name in the main navigation and the page's heading. */
  label: string;
  /** The roles whose navigation shows it. */
  roles: readonly Role[];
  /** Only a platform admin (who manages every application) sees it. */
  platformOnly?: boolean;
}

export const areas = [
  { path: '', label: 'Início', roles: ['admin'] },
  { path: 'mensagens', label: 'Mensagens', roles: ['admin'] },
  { path: 'extrato', label: 'Extrato', roles: ['admin'] },
  { path: 'campanhas', label: 'Campanhas', roles: ['admin'] },
  { path: 'agendamentos', label: 'Agendamentos', roles: ['admin'] },
  { path: 'atendimentos', label: 'Atendimentos', roles: ['admin'] },
  { path: 'templates', label: 'Templates', roles: ['admin'] },
  { path: 'configuracoes', label: 'Configurações', roles: ['admin'] },
  { path: 'aplicacoes', label: 'Aplicações', roles: ['admin'], platformOnly: true },
  // The provider's portal (/api/prestador): its first area is where its login lands. Its appointments are at /agenda
  // (/agendamentos is the admin's board: a path is one page).
  { path: 'credenciais', label: 'Credenciais', roles: ['prestador'] },
  { path: 'webhooks', label: 'Webhooks', roles: ['prestador'] },
  { path: 'agenda', label: 'Agendamentos', roles: ['prestador'] },
  // The on-call physician's portal (/api/plantonista): its first area is where its login lands.
  { path: 'disponibilidade', label: 'Disponibilidade', roles: ['plantonista'] },
  { path: 'perfil', label: 'Perfil', roles: ['plantonista'] },
  { path: 'perfil-busca', label: 'Perfil de busca', roles: ['plantonista'] },
  { path: 'preferencias', label: 'Preferências', roles: ['plantonista'] },
] as const satisfies readonly AreaDeclaration[];

export type ConsoleArea = (typeof areas)[number];
export type AreaPath = ConsoleArea['path'];

/** The areas a session of this role sees, in navigation order. */
export const areasFor = (role: Role, platformAdmin: boolean): ConsoleArea[] =>
  areas.filter((a) => a.roles.some((r) => r === role) && (!('platformOnly' in a) || platformAdmin));

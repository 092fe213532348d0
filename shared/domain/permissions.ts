// What a caller may be allowed to do: the OAuth2 scopes of the v2 API and the agent channel,
// and the portal roles. Domain words: the route table and the token issuers use them.

export const scopes = [
  'mensagens:enviar',
  'atendimentos:read',
  'atendimentos:escalar',
  'agendamentos:read',
  'agendamentos:write',
  'pacientes:read',
  'pacientes:write',
  'integracoes:read',
  'integracoes:write',
  'registros:importar',
] as const;
export type Scope = (typeof scopes)[number];

export const portalRoles = ['admin', 'prestador', 'plantonista', 'paciente'] as const;
export type PortalRole = (typeof portalRoles)[number];

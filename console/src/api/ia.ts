// The AI interactions' routes (issue #38) as the console calls them: the assistant's settings, a reply
// suggested to the operator, a template drafted from an objective. Until docs/openapi.json has them (and
// schema.d.ts is generated again) they are typed here, in the shape openapi-typescript gives, through the
// same client; once the contract has them this file goes and the pages call `api` directly.
import type { Client } from 'openapi-fetch';
import { api } from './client';
import type { components } from './schema';

type ErrorBody = components['schemas']['ErrorBody'];
type Template = components['schemas']['WhatsappTemplate'];

/** The assistant's settings: whether it answers patients by itself, what it may tell them, the opening hours. */
export interface AssistantSettings {
  autoResposta: boolean;
  instrucoes: string;
  horarioAtendimento: string | null;
  atualizadoEm: string | null;
}

interface Json<T> {
  headers: Record<string, unknown>;
  content: { 'application/json': T };
}

type Refusals<S extends number> = { [status in S]: Json<ErrorBody> };

interface NoParameters {
  query?: never;
  header?: never;
  path?: never;
  cookie?: never;
}

interface AiPaths {
  '/api/admin/whatsapp/ia': {
    parameters: NoParameters;
    get: {
      parameters: NoParameters;
      requestBody?: never;
      responses: { 200: Json<AssistantSettings> } & Refusals<401 | 403 | 429 | 500>;
    };
    put: {
      parameters: NoParameters;
      requestBody: {
        content: { 'application/json': { autoResposta: boolean; instrucoes: string; horarioAtendimento?: string | null } };
      };
      responses: { 200: Json<AssistantSettings> } & Refusals<400 | 401 | 403 | 415 | 429 | 500>;
    };
  };
  '/api/admin/atendimentos/{id}/sugestao': {
    parameters: NoParameters;
    post: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody?: never;
      responses: { 200: Json<{ texto: string }> } & Refusals<401 | 402 | 403 | 404 | 409 | 422 | 429 | 500 | 503>;
    };
  };
  '/api/admin/whatsapp/templates-hsm/sugestoes': {
    parameters: NoParameters;
    post: {
      parameters: NoParameters;
      requestBody: {
        content: { 'application/json': { objetivo: string; categoria: Template['categoria']; idioma?: string } };
      };
      responses: { 201: Json<Template> } & Refusals<400 | 401 | 402 | 403 | 415 | 422 | 429 | 500 | 503>;
    };
  };
}

/** The console's client, for the routes above (the same fetch, session and base URL). */
export const iaApi = api as unknown as Client<AiPaths>;

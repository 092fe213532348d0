// Answers typed from their contracts, by construction (shared/http/kit.ts, `AnswerOf`, `groupHandler<typeof xContract>`):
// an operation whose answer is not what its route documents for that status does not compile. The lines marked
// `@ts-expect-error` are the proof, checked by `npx tsc --noEmit` (an error that stops happening fails it too);
// the tests run the typed handlers, and check that every group's handler is typed this way.
import { readdirSync, readFileSync } from 'node:fs';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ok, type GroupContract } from '#shared/http/contract/kit';
import { groupHandler, json, jsonText, type AnswerFor, type AnswerOf, type Operations } from '#shared/http/kit';
import { groups } from '#shared/http/routes';
import type { externalMessagesContract } from '#functions/external-messages/contract';

// A contract of the one-route group `reference`, with a JSON answer, an answer without a body and a CSV.
const thing = z.object({
  id: z.int(),
  nome: z.nullable(z.string()),
  tags: z.optional(z.array(z.string())),
  filhos: z.optional(z.array(z.object({ id: z.int() }))),
});
const contract = {
  'GET /openapi.json': {
    summary: 'A route answering three ways',
    responses: {
      200: ok('The thing.', thing),
      204: ok('Nothing.'),
      206: { description: 'A CSV.', contentType: 'text/csv' },
    },
  },
} satisfies GroupContract<'reference'>;
type Contract = typeof contract;
type Answer = AnswerFor<Contract, 'GET /openapi.json'>;

describe('answers typed from their contract', () => {
  it('types the answer of a route as the union of what its contract documents, by status', () => {
    expectTypeOf<Exclude<Extract<Answer, { statusCode: 200 }>['body'], string>>().toEqualTypeOf<{
      id: number;
      nome: string | null;
      tags?: string[] | undefined;
      filhos?: { id: number }[] | undefined;
    }>();
    expectTypeOf<Extract<Answer, { statusCode: 204 }>['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<Answer['statusCode']>().toEqualTypeOf<200 | 204 | 206>();
    // The real contracts too: one message of the external API is the ExternalMessage schema.
    type Message = Extract<AnswerOf<(typeof externalMessagesContract)['GET /api/external/messages/{id}']>, { statusCode: 200 }>['body'];
    expectTypeOf<Exclude<Message, string>>().toExtend<{ id: number; toNumber: string; tarifaCobrada: string | null }>();
  });

  it('compiles an operation answering what its route documents, and refuses one that does not', () => {
    const good: Operations<'reference', Contract> = {
      'GET /openapi.json': async (request) =>
        request.query.empty ? { statusCode: 204 } : json(200, { id: 1, nome: null, tags: ['a'] }, { 'Cache-Control': 'no-store' }),
    };
    const csv: Operations<'reference', Contract> = {
      'GET /openapi.json': async () => ({ statusCode: 206, body: 'a,b\r\n', headers: { 'Content-Type': 'text/csv' } }),
    };
    const serialised: Operations<'reference', Contract> = {
      'GET /openapi.json': async () => json(200, jsonText({ id: 2, nome: 'x' })),
    };

    // A record handed over as it is, with a field the contract does not publish: not only literals are checked.
    const record = { id: 1, nome: 'Ana', aplicacaoId: 9 };
    const drifts: Operations<'reference', Contract>[] = [
      // @ts-expect-error `aplicacaoId` is not in the schema, though `record` is not an object literal here
      { 'GET /openapi.json': async () => json(200, record) },
      // @ts-expect-error nor is it inside an array
      { 'GET /openapi.json': async () => json(200, { id: 1, nome: null, filhos: [record] }) },
      // @ts-expect-error a field the schema does not have (an object literal is checked for excess fields)
      { 'GET /openapi.json': async () => json(200, { id: 1, nome: null, segredo: 'x' }) },
      // @ts-expect-error a field the schema requires is missing
      { 'GET /openapi.json': async () => json(200, { id: 1 }) },
      // @ts-expect-error a field of the wrong type
      { 'GET /openapi.json': async () => json(200, { id: '1', nome: null }) },
      // @ts-expect-error a status the route does not document
      { 'GET /openapi.json': async () => json(201, { id: 1, nome: null }) },
      // @ts-expect-error a body where the contract documents none
      { 'GET /openapi.json': async () => ({ statusCode: 204, body: { id: 1 } }) },
      // @ts-expect-error nor is `any` (an unchecked JSON.parse), which would pass for anything
      { 'GET /openapi.json': async () => json(200, JSON.parse('{}')) },
      // @ts-expect-error an untyped body (`unknown`) is not an answer
      { 'GET /openapi.json': async (request) => json(200, request.body) },
      // @ts-expect-error a CSV answer says its Content-Type (else the kit would send it as JSON)
      { 'GET /openapi.json': async () => ({ statusCode: 206, body: 'a,b\r\n' }) },
      // @ts-expect-error serialised JSON of another shape
      { 'GET /openapi.json': async () => json(200, jsonText({ id: 2 })) },
    ];

    expect([good, csv, serialised, ...drifts].every((ops) => typeof ops['GET /openapi.json'] === 'function')).toBe(true);
  });

  it('types a group handler by its contract: an operation that drifts from it does not compile', async () => {
    const handler = groupHandler<Contract>('reference', {
      'GET /openapi.json': async () => json(200, { id: 7, nome: 'Ana' }),
    });
    groupHandler<Contract>('reference', {
      // @ts-expect-error `nome` is documented as a string or null
      'GET /openapi.json': async () => json(200, { id: 7, nome: 3 }),
    });
    // @ts-expect-error the group must be the contract's
    groupHandler<Contract>('public', {});
    // A helper answering for an operation names the answers it gives (outside an operation's return, `json`
    // has nothing to type the body by).
    const helper = async (id: number): Promise<Answer> => json(200, { id, nome: null });
    expectTypeOf(helper).returns.resolves.toEqualTypeOf<Answer>();

    const result = await handler(
      {
        httpMethod: 'GET',
        resource: '/openapi.json',
        headers: {},
        requestContext: { requestId: 'r' },
      } as unknown as APIGatewayProxyEvent,
      {} as Context,
    );
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ id: 7, nome: 'Ana' });
    // What the compiler let through is what the contract's schema reads.
    expect(contract['GET /openapi.json'].responses[200].body.parse(JSON.parse(result.body))).toEqual({ id: 7, nome: 'Ana' });
  });
});

describe('every group handler is typed by its contract', () => {
  it.each(groups)('functions/%s', (group) => {
    const folder = new URL(`../../functions/${group}/`, import.meta.url);
    const handler = readFileSync(new URL('handler.ts', folder), 'utf8');
    // groupHandler<typeof xContract>(...): the contract named as a type (imported only as one), so each operation's answer is checked.
    const typed = /groupHandler<typeof (\w+Contract)>\(/.exec(handler);
    expect(typed, `functions/${group}/handler.ts: groupHandler names no contract`).not.toBeNull();
    expect(handler).toMatch(new RegExp(`^import type \\{[^}]*\\b${typed![1]}\\b[^}]*\\} from '\\./contract\\.ts';$`, 'm'));
    // The slices spread into it are typed by the same contract: Operations<'group', typeof xContract>.
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && f !== 'contract.ts' && f !== 'handler.ts')) {
      const text = readFileSync(new URL(file, folder), 'utf8');
      for (const use of text.matchAll(/Operations<'[^']+'(, [^>]+)?>/g)) {
        expect(use[1], `functions/${group}/${file}: ${use[0]} names no contract`).toMatch(/typeof \w+Contract/);
      }
    }
  });
});

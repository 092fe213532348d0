import { DynamoDBDocumentClient, NumberValue, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler } from '#functions/public/handler';
import { dynamoPlanRepository } from '#shared/db/plans';
import { toMoney } from '#shared/domain/money';
import { defaultPlans, seedDefaultPlans, type Plan, type PlanRepository } from '#shared/domain/plans';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());
afterAll(() => dynamo.restore());

const listPlans = async () => {
  const result = await handler(restEvent({ method: 'GET', resource: '/api/planos/ativos' }), lambdaContext());
  return { ...result, json: JSON.parse(result.body) };
};

describe('GET /api/planos/ativos', () => {
  it('lists the active plans cheapest first, prices as decimal strings, with one query', async () => {
    // Prepare: items as DynamoDB returns them (whole numbers as numbers, fractions as NumberValue).
    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          pk: 'PLANO',
          sk: 'PLANO#3',
          id: 3,
          nome: 'Grande',
          descricao: 'g',
          precoMensal: 1499,
          moeda: 'BRL',
          mensagensIncluidas: 25000,
          recursos: ['a', 'b'],
          ativo: true,
        },
        {
          pk: 'PLANO',
          sk: 'PLANO#7',
          id: 7,
          nome: 'Pequeno',
          descricao: 'p',
          precoMensal: NumberValue.from('99.9'),
          moeda: 'BRL',
          mensagensIncluidas: 500,
          recursos: [],
          ativo: true,
        },
      ],
    });

    // Act
    const response = await listPlans();

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual([
      { id: 7, nome: 'Pequeno', descricao: 'p', precoMensal: '99.90', moeda: 'BRL', mensagensIncluidas: 500, recursos: [], ativo: true },
      {
        id: 3,
        nome: 'Grande',
        descricao: 'g',
        precoMensal: '1499.00',
        moeda: 'BRL',
        mensagensIncluidas: 25000,
        recursos: ['a', 'b'],
        ativo: true,
      },
    ]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'PLANO', ':prefix': 'PLANO#', ':ativo': true },
    });
  });

  it('answers an empty list when there are no plans', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });

    const response = await listPlans();

    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual([]);
  });

  it('hides the failure of the table behind a generic 500', async () => {
    dynamo.on(QueryCommand).rejects(new Error('ProvisionedThroughputExceededException: details'));

    const response = await listPlans();

    expect(response.statusCode).toBe(500);
    expect(response.json).toMatchObject({ error: 'internal_error', message: 'Internal server error' });
    expect(response.body).not.toContain('Provisioned');
  });
});

describe('plans domain', () => {
  it('writes money with two places and refuses what is not money', () => {
    expect(toMoney('199')).toBe('199.00');
    expect(toMoney('99.9')).toBe('99.90');
    expect(toMoney('0.05')).toBe('0.05');
    expect(() => toMoney('1e3')).toThrow();
    expect(() => toMoney('-1')).toThrow();
    expect(() => toMoney('1.999')).toThrow();
  });

  it('seeds three active BRL plans and leaves existing ones alone', async () => {
    const stored = new Map<number, Plan>();
    const repo: PlanRepository = {
      listActive: async () => [...stored.values()],
      get: async (id) => stored.get(id),
      createIfAbsent: async (plan) => (stored.has(plan.id) ? false : (stored.set(plan.id, plan), true)),
    };
    stored.set(2, { ...defaultPlans[1]!, nome: 'Editado pelo admin' });

    await seedDefaultPlans(repo);
    await seedDefaultPlans(repo);

    expect(stored.size).toBe(3);
    expect(stored.get(2)!.nome).toBe('Editado pelo admin');
    expect(defaultPlans.every((p) => p.ativo && p.moeda === 'BRL' && toMoney(p.precoMensal) === p.precoMensal)).toBe(true);
  });

  it('seeds through DynamoDB with a conditional put per plan, treating "already there" as done', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));

    await expect(seedDefaultPlans(dynamoPlanRepository())).resolves.toBeUndefined();

    const puts = dynamo.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts).toHaveLength(3);
    expect(puts.every((p) => p.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    expect(puts.map((p) => p.Item?.sk)).toEqual(['PLANO#1', 'PLANO#2', 'PLANO#3']);
    expect(String(puts[0]!.Item?.precoMensal)).toBe('199.00');
  });
});

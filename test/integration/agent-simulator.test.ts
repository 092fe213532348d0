// `npm run agent` against the local service: the sandbox agent (its certificate bound to demo's
// sandbox integration) reads its integrations and the two seeded saved queries, posts their execution
// log and imports a small batch; a second run imports nothing new.
import { describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import { playAgent } from '#infra/local/agent-simulator';

const service = useLocalService();

describe('agent simulator', () => {
  it('plays the channel end to end, and a second run finds every record unchanged', async () => {
    const first = await playAgent(service.sandbox);
    const second = await playAgent(service.sandbox);

    const byStep = (steps: typeof first) => Object.fromEntries(steps.map((s) => [s.step, s]));
    const run = byStep(first);
    expect(run['integrations (databases)']!.status).toBe(200);
    expect((run['integrations (databases)']!.body as { id: number }[]).map((i) => i.id)).toContain(service.sandbox.agent!.integracaoId);
    expect(run['saved queries']!.status).toBe(200);
    expect(run['saved queries']!.body).toHaveLength(2);
    expect(run['execution log']!.status).toBe(201);
    expect(run.import!.status).toBe(200);
    expect(run.import!.body).toMatchObject({ resumo: { criado: 4, atualizado: 0, inalterado: 0, rejeitado: 1 } });
    expect(byStep(second).import!.body).toMatchObject({ resumo: { criado: 0, atualizado: 0, inalterado: 4, rejeitado: 1 } });
  });
});

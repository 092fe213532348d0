// A campaign's recipients are staged by its creation in a few blocks and expanded by the workers before sending
// (shared/db/campaigns.ts, expandNext): whatever the number of workers expanding at once, each recipient item is
// written once, as planned, and a recipient a worker already moved is never written back.
import { beforeAll, describe, expect, it } from 'vitest';
import { asFunction } from '#infra/local/iam-guard';
import { consumerFunctions, groupFunctions } from '#infra/functions';
import { dynamoCampaignRepository } from '#shared/db/campaigns';
import { queryPrefix } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { Campaign, Recipient } from '#shared/domain/campaigns/records';
import { useFreshTable } from '../support/table.ts';

const repo = dynamoCampaignRepository();
const worker = consumerFunctions.campaigns.id;
const APP = 7;
let nextCampaign = 1;

function campaignOf(destinatarios: number): Campaign {
  return {
    id: nextCampaign++,
    aplicacaoId: APP,
    nome: 'Vacinação',
    mensagem: 'Oi {{nome}}',
    templateId: null,
    variaveis: {},
    contexto: 'CAMPANHA',
    status: 'AGENDADA',
    motivo: null,
    agendarPara: '2027-01-01T12:00:00.000Z',
    criadaEm: '2026-11-29T12:00:00.000Z',
    iniciadaEm: null,
    concluidaEm: null,
    destinatarios,
    usuarioId: null,
    cursor: 0,
  };
}

const recipientsOf = (campaign: Campaign, n: number, variaveis: Record<string, string> = {}): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({
    campanhaId: campaign.id,
    linha: i + 1,
    telefone: `+55119${String(i).padStart(8, '0')}`,
    nome: `Paciente ${i + 1}`,
    variaveis,
    status: i % 10 === 9 ? 'IGNORADA' : 'PENDENTE',
    motivo: i % 10 === 9 ? 'DUPLICADO' : null,
    mensagemId: null,
    atualizadoEm: '2026-11-29T12:00:00.000Z',
  }));

async function create(campaign: Campaign, recipients: Recipient[]) {
  await asFunction(groupFunctions['admin-campaigns'].id, () => repo.create(campaign, recipients));
}

/** Expands until no block is left. */
async function expandAll(campaign: Campaign): Promise<void> {
  while (await asFunction(worker, () => repo.expandNext(APP, campaign.id)));
}

const listed = (campaign: Campaign) => repo.recipients(campaign, undefined, { page: 0, size: 20_000 });
const blocksLeft = (campaign: Campaign) => queryPrefix(keys.recipientBlocks(APP, campaign.id), { ConsistentRead: true });

describe('a campaign’s staged recipients', () => {
  beforeAll(async () => {
    await useFreshTable();
  });

  it('lists none until expanded, then every recipient once as planned, however many workers expand at once', async () => {
    const campaign = campaignOf(400);
    const planned = recipientsOf(campaign, 400);
    await create(campaign, planned);
    const before = await listed(campaign);

    await Promise.all(Array.from({ length: 3 }, () => expandAll(campaign)));

    expect(before).toEqual([]);
    expect(await listed(campaign)).toEqual(planned);
    expect(await blocksLeft(campaign)).toEqual([]);
    expect((await repo.recipients(campaign, 'IGNORADA', { page: 0, size: 200 })).map((r) => r.linha)).toEqual(
      planned.filter((r) => r.status === 'IGNORADA').map((r) => r.linha),
    );
    // About 3 s alone on DynamoDB Local (400 items written in 100-item transactions, read back twice); the full
    // suite's load has made it take over 30.
  }, 120_000);

  it('never writes back a recipient moved after its block was expanded', async () => {
    const campaign = campaignOf(150);
    const planned = recipientsOf(campaign, 150);
    await create(campaign, planned);
    await expandAll(campaign);
    const first = planned[0]!;

    await asFunction(worker, () => repo.ignore(first, APP, 'OPT_OUT', new Date()));
    const again = await asFunction(worker, () => repo.expandNext(APP, campaign.id));

    expect(again).toBe(false);
    expect((await listed(campaign))[0]).toMatchObject({ linha: 1, status: 'IGNORADA', motivo: 'OPT_OUT' });
  });

  it('keeps each block under DynamoDB’s item size when recipients carry many long variables', async () => {
    const campaign = campaignOf(40);
    const long = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`v${i}`, 'x'.repeat(1_000)]));
    const planned = recipientsOf(campaign, 40, long);

    await create(campaign, planned);
    const blocks = (await blocksLeft(campaign)).length;
    await expandAll(campaign);

    // About 51 KB a recipient: 5 to a block of at most 300 KB.
    expect(blocks).toBe(8);
    expect(await listed(campaign)).toEqual(planned);
  });
});

// moveWebhookSecrets over in-memory items and secret stores: each clear key is stored and its item then
// names where, only if the item still holds the value read (a change made meanwhile is never undone);
// a subscription without a secret, or one already moved, is left alone; a second run moves none.
import { describe, expect, it } from 'vitest';
import type { InboundSubscription } from '#shared/domain/applications/records';
import type { SecretRef, StoredSecret, WebhookSecretStore } from '#shared/domain/applications/secrets';
import type { WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';
import { moveWebhookSecrets, type WebhookSecretMigration } from '#shared/secrets/webhooks';

const APP = 7;

function world() {
  const webhooks = new Map<number, WebhookSubscription>();
  const inbound = new Map<number, InboundSubscription>();
  const stored: Record<string, string> = {};
  const store = (kind: string): WebhookSecretStore => ({
    store: async (aplicacaoId, id, value) => {
      stored[`${kind}/${aplicacaoId}/${id}`] = value;
      return { versao: `v-${kind}-${id}`, mascara: `****${value.slice(-4)}` };
    },
  });
  const seal =
    <T extends { secret?: StoredSecret }>(items: Map<number, T>) =>
    async (_app: number, id: number, clear: string, ref: SecretRef): Promise<boolean> => {
      const item = items.get(id);
      if (!item || item.secret !== clear) return false;
      items.set(id, { ...item, secret: ref });
      return true;
    };
  const deps: WebhookSecretMigration = {
    applications: {
      listApplications: async () => [{ id: APP }],
      listInboundSubscriptions: async () => [...inbound.values()],
      sealInboundSecret: seal(inbound),
    },
    webhooks: { listByApplication: async () => [...webhooks.values()], sealSecret: seal(webhooks) },
    outbound: store('saida'),
    inbound: store('entrada'),
  };
  const webhook = (id: number, secret: StoredSecret): WebhookSubscription => ({
    id,
    aplicacaoId: APP,
    prestadorId: 2,
    url: `https://hooks.example.com/${id}`,
    secret,
    eventos: ['AGENDAMENTO_CONFIRMADO'],
    ativo: true,
    criadoEm: '2026-06-01T09:00:00',
    atualizadoEm: '2026-06-01T09:00:00',
  });
  const subscription = (id: number, secret?: StoredSecret): InboundSubscription => ({
    id,
    aplicacaoId: APP,
    ...(secret === undefined ? {} : { secret }),
    ativo: true,
    criadoEm: '2026-06-01T09:00:00.000Z',
  });
  return { deps, webhooks, inbound, stored, webhook, subscription };
}

describe('moveWebhookSecrets', () => {
  it('stores each clear key and leaves on its item only where it went; a second run moves none', async () => {
    // Prepare: a webhook and a subscription in clear, one already moved, one without a secret
    const w = world();
    w.webhooks.set(1, w.webhook(1, 'whsec_Y2xlYXItc2lnbmluZy1rZXktMTIzNA=='));
    w.webhooks.set(2, w.webhook(2, { versao: 'v-old', mascara: '****abcd' }));
    w.inbound.set(3, w.subscription(3, 'hmac-key-in-clear-5678'));
    w.inbound.set(4, w.subscription(4));

    // Act
    const first = await moveWebhookSecrets(w.deps);
    const second = await moveWebhookSecrets(w.deps);

    // Assess
    expect(first).toEqual({ saida: 1, entrada: 1 });
    expect(second).toEqual({ saida: 0, entrada: 0 });
    expect(w.stored).toEqual({
      [`saida/${APP}/1`]: 'whsec_Y2xlYXItc2lnbmluZy1rZXktMTIzNA==',
      [`entrada/${APP}/3`]: 'hmac-key-in-clear-5678',
    });
    expect(w.webhooks.get(1)!.secret).toEqual({ versao: 'v-saida-1', mascara: '****NA==' });
    expect(w.webhooks.get(2)!.secret).toEqual({ versao: 'v-old', mascara: '****abcd' });
    expect(w.inbound.get(3)!.secret).toEqual({ versao: 'v-entrada-3', mascara: '****5678' });
    expect(w.inbound.get(4)).not.toHaveProperty('secret');
  });

  it('never undoes a key replaced while it ran: that item is not counted, and keeps the new key', async () => {
    // Prepare: the provider replaces the webhook's key (through the portal: a SecretRef) between the read and the update
    const w = world();
    w.webhooks.set(1, w.webhook(1, 'whsec_b2xkLWtleS1yZWFkLWJ5LXRoZS1taWdyYXRpb24='));
    const replaced: SecretRef = { versao: 'v-portal', mascara: '****new!' };
    const store = w.deps.outbound.store.bind(w.deps.outbound);
    w.deps.outbound = {
      store: async (aplicacaoId, id, value) => {
        const ref = await store(aplicacaoId, id, value);
        w.webhooks.set(1, { ...w.webhooks.get(1)!, secret: replaced });
        return ref;
      },
    };

    // Act
    const moved = await moveWebhookSecrets(w.deps);

    // Assess
    expect(moved).toEqual({ saida: 0, entrada: 0 });
    expect(w.webhooks.get(1)!.secret).toEqual(replaced);
  });
});

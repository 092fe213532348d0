// Plan invoices in the single table (docs/data-model.md, patterns 49-49c): the invoice in its application's
// partition (newest first by its issue instant), its id item for the webhook (which names the id alone), the
// month's marker that makes the monthly run write once, and the subscriptions' partition the schedule reads.
// Money is an exact DynamoDB number, read back as a decimal string.
import { GetCommand, NumberValue, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryAll, tableName } from '#shared/db/client';
import { fieldsOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { storedAmount } from '#shared/db/numbers';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { invoicePayers, invoiceStatuses, type Invoice, type InvoiceRepository, type Subscription } from '#shared/domain/invoices';
import { toMoney } from '#shared/domain/money';

const invoiceKey = (i: Pick<Invoice, 'aplicacaoId' | 'emitidaEm' | 'id'>) => keys.invoice(i.aplicacaoId, i.emitidaEm, i.id);

function toInvoice(item: Item): Invoice {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    planoId: f.read('planoId', number),
    planoNome: f.read('planoNome', string),
    valor: storedAmount(item.valor),
    creditos: storedAmount(item.creditos),
    status: f.read('status', oneOf(invoiceStatuses)),
    vencimento: f.read('vencimento', string),
    mes: f.read('mes', string),
    emitidaEm: f.read('emitidaEm', string),
    pagaEm: f.orElse('pagaEm', string, null),
    pagaPor: f.orElse('pagaPor', oneOf(invoicePayers), null),
    lancamentoId: f.orElse('lancamentoId', nullable(number), null),
  };
}

const toSubscription = (item: Item): Subscription => {
  const f = fieldsOf(item);
  return { aplicacaoId: f.read('aplicacaoId', number), planoId: f.read('planoId', number), desde: f.read('desde', string) };
};

/** The invoice's item, its id item and its month's marker, written together. */
function invoiceItems(invoice: Invoice) {
  const key = invoiceKey(invoice);
  return {
    invoice: {
      ...key,
      tipo: 'FATURA',
      id: invoice.id,
      aplicacaoId: invoice.aplicacaoId,
      planoId: invoice.planoId,
      planoNome: invoice.planoNome,
      // Exact decimal numbers (never a float on the way).
      valor: NumberValue.from(toMoney(invoice.valor)),
      creditos: NumberValue.from(toMoney(invoice.creditos)),
      status: invoice.status,
      vencimento: invoice.vencimento,
      mes: invoice.mes,
      emitidaEm: invoice.emitidaEm,
    },
    byId: { ...keys.invoiceById(invoice.id), tipo: 'FATURAID', aplicacaoId: invoice.aplicacaoId, faturaSk: key.sk },
    month: { ...keys.invoicedMonth(invoice.aplicacaoId, invoice.mes), tipo: 'FATURAMES', faturaId: invoice.id },
  };
}

const raced = 'raced' as const;

export function dynamoInvoiceRepository(): InvoiceRepository {
  const byId = async (id: number) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: keys.invoiceById(id), ConsistentRead: true }))).Item;

  return {
    async list(aplicacaoId) {
      const k = keys.invoices(aplicacaoId);
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      return items.map(toInvoice);
    },

    async get(aplicacaoId, id) {
      const ref = await byId(id);
      // Another application's invoice is this one's miss.
      if (!ref || ref.aplicacaoId !== aplicacaoId || typeof ref.faturaSk !== 'string') return undefined;
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: { pk: keys.application(aplicacaoId).pk, sk: ref.faturaSk }, ConsistentRead: true }),
      );
      return out.Item ? toInvoice(out.Item) : undefined;
    },

    async applicationOf(id) {
      const ref = await byId(id);
      return typeof ref?.aplicacaoId === 'number' ? ref.aplicacaoId : undefined;
    },

    async getSubscription(aplicacaoId) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.planSubscription(aplicacaoId), ConsistentRead: true }),
      );
      return out.Item ? toSubscription(out.Item) : undefined;
    },

    async listSubscriptions() {
      const k = keys.planSubscriptions();
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
      });
      return items.map(toSubscription);
    },

    async changePlan(subscription, invoice, cancel) {
      const items = invoiceItems(invoice);
      const outcome = await commitWrites([
        conditionalWrite({
          Put: {
            Item: { ...keys.planSubscription(subscription.aplicacaoId), tipo: 'ASSINATURA', ...subscription },
            // The plan read before is still the one in force (none, or the same one).
            ConditionExpression: 'attribute_not_exists(pk) OR planoId <> :plano',
            ExpressionAttributeValues: { ':plano': subscription.planoId },
          },
        }),
        putNew(items.invoice, raced),
        putNew(items.byId, raced),
        // The month is invoiced: the monthly run leaves it alone.
        conditionalWrite({ Put: { Item: items.month } }),
        ...cancel.map((open) =>
          conditionalWrite(
            {
              Update: {
                Key: invoiceKey(open),
                UpdateExpression: 'SET #s = :canceled',
                // Not being paid right now (a payment's hold that has not run out).
                ConditionExpression: '#s = :open AND (attribute_not_exists(pagamentoAte) OR pagamentoAte < :now)',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':canceled': 'CANCELADA', ':open': 'ABERTA', ':now': invoice.emitidaEm },
              },
            },
            raced,
          ),
        ),
      ]);
      if (outcome.committed) return true;
      if (outcome.refusals.length > 0 || outcome.raced) return false;
      throw outcome.error;
    },

    async issueMonthly(invoice) {
      const items = invoiceItems(invoice);
      const outcome = await commitWrites([putNew(items.month, 'invoiced'), putNew(items.invoice), putNew(items.byId)]);
      if (outcome.committed) return true;
      if (outcome.refusals.length > 0) return false;
      if (outcome.raced) return false; // another run of the same month at the same moment: it wrote the month's invoice
      throw outcome.error;
    },

    hold(invoice, token, now, until) {
      return conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: invoiceKey(invoice),
            UpdateExpression: 'SET pagamentoToken = :token, pagamentoAte = :until',
            ConditionExpression: '#s = :open AND (attribute_not_exists(pagamentoAte) OR pagamentoAte < :now)',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':token': token, ':until': until.toISOString(), ':open': 'ABERTA', ':now': now.toISOString() },
          }),
        ),
      );
    },

    async release(invoice, token) {
      await conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: invoiceKey(invoice),
            UpdateExpression: 'REMOVE pagamentoToken, pagamentoAte',
            ConditionExpression: 'pagamentoToken = :token',
            ExpressionAttributeValues: { ':token': token },
          }),
        ),
      );
    },

    paidWrite(invoice, payment, refusal) {
      return conditionalWrite(
        {
          Update: {
            Key: invoiceKey(invoice),
            UpdateExpression: 'SET #s = :paid, pagaEm = :em, pagaPor = :por, lancamentoId = :entry REMOVE pagamentoToken, pagamentoAte',
            ConditionExpression: '#s = :open AND pagamentoToken = :token',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':paid': 'PAGA',
              ':open': 'ABERTA',
              ':em': payment.pagaEm,
              ':por': payment.pagaPor,
              ':entry': payment.lancamentoId,
              ':token': payment.token,
            },
          },
        },
        refusal,
      );
    },
  };
}

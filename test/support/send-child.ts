// One "Lambda container" of test/integration/messaging-processes.test.ts: its own process and SDK client,
// sending through the service's send use case (shared/wiring/send.ts) for one application, `SENDS` at once,
// against the test's DynamoDB Local table; prints the answers' outcomes as one JSON line.
import { send } from '#shared/wiring/send';

const aplicacaoId = Number(process.env.SEND_APPLICATION);
const count = Number(process.env.SENDS);

const outcomes = await Promise.all(
  Array.from({ length: count }, (_, i) =>
    send({
      aplicacaoId,
      body: { telefone: '+5511955590000', mensagem: `processo ${process.pid} envio ${i}` },
      key: undefined,
      statusCallbackUrl: 'http://127.0.0.1/api/webhooks/whatsapp/status',
    }).then(
      (outcome) => (outcome.ok ? { ok: true, mensagemId: outcome.mensagemId } : { ok: false, error: outcome.kind }),
      (error: unknown) => ({ ok: false, error: (error as { kind?: string }).kind ?? String(error) }),
    ),
  ),
);
console.log(JSON.stringify(outcomes));

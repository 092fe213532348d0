// POST /api/admin/whatsapp/teste: a plain test text to a number the operator types, through the
// application's current provider and the normal send path (so it is a real message, charged on the
// statement like any send, `contexto` TESTE; 402 when the balance cannot pay for it).
import type { Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { sendRoute } from '#shared/http/send-answer';
import { send } from '#shared/wiring/send';
import { testSendBody } from './requests.ts';
import type { adminWhatsappContract } from './contract.ts';

const sendTest = sendRoute(send);

/** What the patient's phone shows. */
export const TEST_TEXT = 'Mensagem de teste do painel: a integração com o WhatsApp está funcionando.';

export const providerTestOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'POST /api/admin/whatsapp/teste': async (request) => {
    const { telefone } = validate(testSendBody, request.body ?? {});
    return sendTest({ ...request, body: { telefone, mensagem: TEST_TEXT, contexto: 'TESTE' } });
  },
};

// Every route's contract, keyed like the route table: a route of the table without its contract does
// not compile (each part is a GroupContract<G>, and the whole a Record over every RouteKey).
import type { RouteKey } from '#shared/http/routes';
import { adminWhatsappContract } from './admin-whatsapp.ts';
import { adminContract } from './admin.ts';
import { adminCertificatesContract, adminIntegrationsContract, agentContract } from './agent.ts';
import { configContract, financeContract } from './finance.ts';
import type { RouteContract } from './kit.ts';
import { externalMessagesContract } from './messages.ts';
import { patientAppContract, physicianPortalContract, providerPortalContract } from './portals.ts';
import { providerApiContract } from './provider-api.ts';
import { publicContract } from './public.ts';
import { referenceContract } from './reference.ts';
import { tokenContract } from './token.ts';
import { v2AppointmentsContract, v2OtherContract } from './v2.ts';
import { webhooksContract } from './webhooks.ts';

export { outboundEvents } from './outbound-events.ts';

export const contract: Record<RouteKey, RouteContract> = {
  ...externalMessagesContract,
  ...financeContract,
  ...configContract,
  ...tokenContract,
  ...v2AppointmentsContract,
  ...v2OtherContract,
  ...agentContract,
  ...providerApiContract,
  ...webhooksContract,
  ...publicContract,
  ...patientAppContract,
  ...providerPortalContract,
  ...physicianPortalContract,
  ...adminContract,
  ...adminWhatsappContract,
  ...adminIntegrationsContract,
  ...adminCertificatesContract,
  ...referenceContract,
};

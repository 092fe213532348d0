// Every route's contract, keyed like the route table, assembled from the groups' slices
// (functions/<group>/contract.ts): a route of the table without its contract does not compile (each
// part is a GroupContract<G>, and the whole a Record over every RouteKey). Build time only.
import type { RouteKey } from '#shared/http/routes';
import type { RouteContract } from '#shared/http/contract/kit';
import { adminCertificatesContract } from '#functions/admin-certificates/contract';
import { adminFlowContract } from '#functions/admin-flow/contract';
import { adminCampaignsContract } from '#functions/admin-campaigns/contract';
import { adminIntegrationsContract } from '#functions/admin-integrations/contract';
import { adminWhatsappContract } from '#functions/admin-whatsapp/contract';
import { adminContract } from '#functions/admin/contract';
import { agentContract } from '#functions/agent/contract';
import { agentImportContract } from '#functions/agent-import/contract';
import { configContract } from '#functions/config/contract';
import { externalMessagesContract } from '#functions/external-messages/contract';
import { financeContract } from '#functions/finance/contract';
import { patientAppContract } from '#functions/patient-app/contract';
import { physicianPortalContract } from '#functions/physician-portal/contract';
import { providerApiContract } from '#functions/provider-api/contract';
import { providerPortalContract } from '#functions/provider-portal/contract';
import { publicContract } from '#functions/public/contract';
import { referenceContract } from '#functions/reference/contract';
import { tokenContract } from '#functions/token/contract';
import { v2AppointmentsContract } from '#functions/v2-appointments/contract';
import { v2OtherContract } from '#functions/v2-other/contract';
import { webhooksContract } from '#functions/webhooks/contract';
import { adminPlansContract } from '#functions/admin-plans/contract';

export { outboundEvents } from '#shared/http/contract/outbound-events';

export const contract: Record<RouteKey, RouteContract> = {
  ...externalMessagesContract,
  ...financeContract,
  ...configContract,
  ...tokenContract,
  ...v2AppointmentsContract,
  ...v2OtherContract,
  ...agentContract,
  ...agentImportContract,
  ...providerApiContract,
  ...webhooksContract,
  ...publicContract,
  ...patientAppContract,
  ...providerPortalContract,
  ...physicianPortalContract,
  ...adminContract,
  ...adminWhatsappContract,
  ...adminFlowContract,
  ...adminCampaignsContract,
  ...adminIntegrationsContract,
  ...adminCertificatesContract,
  ...referenceContract,
  ...adminPlansContract,
};

// Every Lambda of the service and its entry file. The CDK stack deploys these and the
// benchmark bundles exactly these, so both measure and ship the same code.
import { groups, type AuthorizedScheme, type Group } from '#shared/http/routes';
import type { QueueName } from '#shared/adapters/ports';

export interface LambdaEntry {
  /** Construct id and function name suffix. */
  id: string;
  entry: string;
  /** MB, when the default (512) is not right for the function. */
  memorySize?: number;
}

/** CPU scales with memory: the logins' scrypt takes ~90 ms on a full vCPU and ~3x that at 512 MB. */
const groupMemory: Partial<Record<Group, number>> = { token: 1024 };

export const groupFunctions: Record<Group, LambdaEntry> = Object.fromEntries(
  groups.map((group) => [group, { id: `Group-${group}`, entry: `functions/${group}/handler.ts`, memorySize: groupMemory[group] }]),
) as Record<Group, LambdaEntry>;

export const authorizerFunctions: Record<AuthorizedScheme, LambdaEntry> = {
  apiKey: { id: 'Authorizer-apiKey', entry: 'functions/authorizers/api-key.ts' },
  oauth2: { id: 'Authorizer-oauth2', entry: 'functions/authorizers/oauth2.ts' },
  providerCredential: { id: 'Authorizer-providerCredential', entry: 'functions/authorizers/provider-credential.ts' },
  portalJwt: { id: 'Authorizer-portalJwt', entry: 'functions/authorizers/portal-jwt.ts' },
  agent: { id: 'Authorizer-agent', entry: 'functions/authorizers/agent.ts' },
};

export const consumerFunctions: Record<QueueName, LambdaEntry> = {
  inbound: { id: 'Consumer-inbound', entry: 'functions/consumers/inbound.ts' },
  status: { id: 'Consumer-status', entry: 'functions/consumers/status.ts' },
  outboundWebhooks: { id: 'Consumer-outboundWebhooks', entry: 'functions/consumers/outbound-webhooks.ts' },
  appointmentFlow: { id: 'Consumer-appointmentFlow', entry: 'functions/consumers/appointment-flow.ts' },
  patientCodes: { id: 'Consumer-patientCodes', entry: 'functions/consumers/patient-codes.ts' },
};

export const scheduledFunctions = {
  exchangeRate: { id: 'Scheduled-exchangeRate', entry: 'functions/scheduled/exchange-rate.ts', rateMinutes: 5 },
  appointmentSweep: { id: 'Scheduled-appointmentSweep', entry: 'functions/scheduled/appointment-sweep.ts', rateMinutes: 1 },
  sendReconciler: { id: 'Scheduled-sendReconciler', entry: 'functions/scheduled/send-reconciler.ts', rateMinutes: 1 },
  crlReissue: { id: 'Scheduled-crlReissue', entry: 'functions/scheduled/crl-reissue.ts', rateMinutes: 24 * 60 },
} as const;

export const allFunctions: LambdaEntry[] = [
  ...Object.values(groupFunctions),
  ...Object.values(authorizerFunctions),
  ...Object.values(consumerFunctions),
  ...Object.values(scheduledFunctions),
];

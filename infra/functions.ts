// Every Lambda of the service and its entry file. The CDK stack deploys these and the
// benchmark bundles exactly these, so both measure and ship the same code.
import { groups, type AuthorizedScheme, type Group } from '#shared/http/routes';
import type { QueueName } from '#shared/adapters/ports';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';

export interface LambdaEntry {
  /** Construct id and function name suffix. */
  id: string;
  entry: string;
  /** MB, when the default (512) is not right for the function. */
  memorySize?: number;
}

/** A function API Gateway invokes, with the timeout the stack gives it (the local gateway applies the same). */
export interface ApiLambdaEntry extends LambdaEntry {
  timeoutSeconds: number;
}

/** An endpoint group's timeout: its longest operation is a send, whose budgets add up to it (shared/domain/send-budget.ts). */
export const GROUP_TIMEOUT_SECONDS = sendTimeoutSeconds;
/** An authorizer's timeout: API Gateway waits at most 10 s for a Lambda authorizer's answer. */
export const AUTHORIZER_TIMEOUT_SECONDS = 10;

/** CPU scales with memory: the logins' scrypt takes ~90 ms on a full vCPU and ~3x that at 512 MB. */
const groupMemory: Partial<Record<Group, number>> = { token: 1024 };

export const groupFunctions: Record<Group, ApiLambdaEntry> = Object.fromEntries(
  groups.map((group) => [
    group,
    { id: `Group-${group}`, entry: `functions/${group}/handler.ts`, memorySize: groupMemory[group], timeoutSeconds: GROUP_TIMEOUT_SECONDS },
  ]),
) as Record<Group, ApiLambdaEntry>;

const authorizer = (id: string, entry: string): ApiLambdaEntry => ({ id, entry, timeoutSeconds: AUTHORIZER_TIMEOUT_SECONDS });

export const authorizerFunctions: Record<AuthorizedScheme, ApiLambdaEntry> = {
  apiKey: authorizer('Authorizer-apiKey', 'functions/authorizers/api-key.ts'),
  oauth2: authorizer('Authorizer-oauth2', 'functions/authorizers/oauth2.ts'),
  providerCredential: authorizer('Authorizer-providerCredential', 'functions/authorizers/provider-credential.ts'),
  portalJwt: authorizer('Authorizer-portalJwt', 'functions/authorizers/portal-jwt.ts'),
  agent: authorizer('Authorizer-agent', 'functions/authorizers/agent.ts'),
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

// Starts both provider simulators for the local service, reading the known accounts and numbers
// through the applications repository (so an application created in the admin panel with a
// simulator baseUrl works too), and points the sandbox applications at them. Each also plays the
// patient (POST {simulator url}/simular/mensagem): its webhook call to the service, signed.
import { writeSandbox, type Sandbox } from '#infra/local/seed';
import { startProviderASimulator, type ProviderASimulator } from '#infra/local/simulators/provider-a';
import { startProviderBSimulator, type ProviderBNumber, type ProviderBSimulator } from '#infra/local/simulators/provider-b';
import type { SimulatorTiming } from '#infra/local/simulators/common';
import type { AdminApplicationRepository } from '#shared/domain/admin-applications';
import type { Application } from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { ProviderSecretName } from '#shared/domain/applications/secrets';
import { providerSecret } from '#shared/providers/secrets';
import { normalizePhone } from '#shared/domain/phone';

export { FAILURE_RECIPIENTS, MOBILE_FAILURE_RECIPIENTS } from '#infra/local/simulators/common';

export interface SimulatorOptions extends SimulatorTiming {
  /** 0 picks a free port (tests); npm start uses 3101 and 3102. */
  providerAPort?: number;
  providerBPort?: number;
}

export interface Simulators {
  providerA: ProviderASimulator;
  providerB: ProviderBSimulator;
  stop(): Promise<void>;
}

/** A secret as the provider knows it (it issued it): read from the secret store like the service does. */
const secretOf = async (app: Application, name: ProviderSecretName) => (await providerSecret(app, name)) ?? '';

/** An application as provider_b's simulator knows the owner of a number or an account. */
const providerBOwner = async (app: Application | undefined): Promise<ProviderBNumber | undefined> =>
  app?.providerB && {
    accessToken: await secretOf(app, 'providerB.accessToken'),
    appSecret: await secretOf(app, 'providerB.appSecret'),
    slug: app.slug,
    wabaId: app.providerB.wabaId,
    displayPhoneNumber: app.numerosWhatsapp?.[0],
  };

/** An application as provider_a's simulator knows an account. */
const providerAAccount = async (app: Application | undefined) =>
  app?.providerA && { accountSid: app.providerA.accountSid, authToken: await secretOf(app, 'providerA.authToken') };

export async function startSimulators(
  options: SimulatorOptions & { repo: Pick<ApplicationRepository, 'listApplications'>; serviceBaseUrl: string },
): Promise<Simulators> {
  const { repo, serviceBaseUrl, providerAPort, providerBPort, ...timing } = options;
  // A scan of the (few) local applications per send: simple, and always current.
  const find = async (match: (a: Application) => boolean) => (await repo.listApplications()).find(match);
  const owns = (a: Application, numero: string) =>
    (a.numerosWhatsapp ?? []).includes(numero) ||
    (a.providerA?.fromNumber !== undefined && normalizePhone(a.providerA.fromNumber) === numero);
  const base = serviceBaseUrl.replace(/\/+$/, '');
  const providerA = await startProviderASimulator({
    ...timing,
    port: providerAPort ?? 0,
    accounts: async (accountSid) => providerAAccount(await find((a) => a.providerA?.accountSid === accountSid)),
    patients: {
      webhookUrl: `${base}/api/webhooks/whatsapp/webhook`,
      accountOf: async (numero) => providerAAccount(await find((a) => Boolean(a.providerA) && owns(a, numero))),
    },
  });
  try {
    const providerB = await startProviderBSimulator({
      ...timing,
      port: providerBPort ?? 0,
      callbackBaseUrl: serviceBaseUrl,
      phoneNumbers: async (phoneNumberId) => providerBOwner(await find((a) => a.providerB?.phoneNumberId === phoneNumberId)),
      accounts: async (wabaId) => providerBOwner(await find((a) => a.providerB?.wabaId === wabaId)),
      applications: async (slug) => {
        const app = await find((a) => a.slug === slug);
        return (
          app?.providerB && {
            appSecret: await secretOf(app, 'providerB.appSecret'),
            phoneNumberId: app.providerB.phoneNumberId,
            displayPhoneNumber: app.numerosWhatsapp?.[0],
            wabaId: app.providerB.wabaId,
          }
        );
      },
    });
    return { providerA, providerB, stop: async () => void (await Promise.all([providerA.stop(), providerB.stop()])) };
  } catch (error) {
    await providerA.stop();
    throw error;
  }
}

/** Sets the sandbox applications' provider baseUrl to the running simulators (their ports may change between starts). */
export async function pointSandboxAtSimulators(
  repo: Pick<AdminApplicationRepository, 'getApplication' | 'updateProvider'>,
  sandbox: Sandbox,
  urls: { providerA: string; providerB: string },
): Promise<void> {
  for (const { id } of Object.values(sandbox.applications)) {
    const app = await repo.getApplication(id);
    if (!app) continue;
    const providerA = app.providerA && { ...app.providerA, baseUrl: urls.providerA };
    const providerB = app.providerB && { ...app.providerB, baseUrl: urls.providerB };
    if (app.providerA?.baseUrl === providerA?.baseUrl && app.providerB?.baseUrl === providerB?.baseUrl) continue;
    await repo.updateProvider(id, { provider: app.provider, providerA, providerB, atualizadoEm: new Date().toISOString() });
  }
}

/**
 * Writes the simulators' URLs into sandbox.json (`simulators`): where to play the patient (`npm run paciente`), and the
 * Bedrock runtime simulator's (docs/ai.md); and `tsa`, the time-stamp authority with its CA (docs/stamps.md).
 */
export async function addSimulatorsToSandbox(options: {
  dataDir: string;
  sandbox: Sandbox;
  simulators: Simulators;
  bedrock?: string;
  tsa?: Sandbox['tsa'];
}): Promise<void> {
  const { sandbox, simulators, bedrock, tsa } = options;
  sandbox.simulators = { providerA: simulators.providerA.url, providerB: simulators.providerB.url, ...(bedrock ? { bedrock } : {}) };
  if (tsa) sandbox.tsa = tsa;
  await writeSandbox(options.dataDir, sandbox);
}

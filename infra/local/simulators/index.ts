// Starts both provider simulators for the local service, reading the known accounts and numbers
// through the applications repository (so an application created in the admin panel with a
// simulator baseUrl works too), and points the sandbox applications at them.
import type { Sandbox } from '#infra/local/seed';
import { startProviderASimulator, type ProviderASimulator } from '#infra/local/simulators/provider-a';
import { startProviderBSimulator, type ProviderBSimulator } from '#infra/local/simulators/provider-b';
import type { SimulatorTiming } from '#infra/local/simulators/common';
import type { AdminApplicationRepository } from '#shared/domain/admin-applications';
import type { ApplicationRepository } from '#shared/domain/applications';

export { FAILURE_RECIPIENTS } from '#infra/local/simulators/common';

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

export async function startSimulators(
  options: SimulatorOptions & { repo: Pick<ApplicationRepository, 'listApplications'>; serviceBaseUrl: string },
): Promise<Simulators> {
  const { repo, serviceBaseUrl, providerAPort, providerBPort, ...timing } = options;
  // A scan of the (few) local applications per send: simple, and always current.
  const providerA = await startProviderASimulator({
    ...timing,
    port: providerAPort ?? 0,
    accounts: async (accountSid) => (await repo.listApplications()).find((a) => a.providerA?.accountSid === accountSid)?.providerA,
  });
  try {
    const providerB = await startProviderBSimulator({
      ...timing,
      port: providerBPort ?? 0,
      callbackBaseUrl: serviceBaseUrl,
      phoneNumbers: async (phoneNumberId) => {
        const app = (await repo.listApplications()).find((a) => a.providerB?.phoneNumberId === phoneNumberId);
        return (
          app?.providerB && {
            accessToken: app.providerB.accessToken,
            appSecret: app.providerB.appSecret,
            slug: app.slug,
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

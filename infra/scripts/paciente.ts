// `npm run paciente`: play a patient writing to a sandbox application while `npm start` runs (see
// infra/local/patient.ts). Reads <data folder>/sandbox.json for the simulators and the application.
//
//   npm run paciente -- --app outra --de +5511987654321 --texto "quero falar com um atendente"
import { parseArgs } from 'node:util';
import { describePlay, PatientError, playPatient } from '#infra/local/patient';
import { readSandbox, sandboxFile } from '#infra/local/seed';

const usage = `Usage: npm run paciente -- --de <+E.164> [--texto <text>] [options]

  --app <key|slug>      sandbox application: outra (default, provider_a), semSaldo (provider_b), or its slug;
                        demo sends through link and receives nothing until switched to a provider
  --de <phone>          the patient's phone, E.164 (e.g. +5511987654321)
  --texto <text>        what the patient writes
  --nome <name>         the patient's WhatsApp profile name (a new patient is named after it)
  --botao <id:title>    a button reply instead of (or with) a text, e.g. CONFIRMAR:Confirmo
  --repetir <n>         deliver the same message n times (the provider's retries; stored once)
  --provider <a|b>      the simulator to go through (default: the application's provider at start;
                        name it for an application switched from link since)
  --data-dir <dir>      the local data folder (default LOCAL_DATA_DIR or .local)
  --help                show this help`;

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        app: { type: 'string', default: 'outra' },
        de: { type: 'string' },
        texto: { type: 'string' },
        nome: { type: 'string' },
        botao: { type: 'string' },
        repetir: { type: 'string' },
        provider: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const from = text('de');
  if (!from || (text('texto') === undefined && text('botao') === undefined)) {
    console.error(`--de and --texto (or --botao) are required\n\n${usage}`);
    return 2;
  }
  let botao: { id: string; titulo: string } | undefined;
  const botaoArg = text('botao');
  if (botaoArg !== undefined) {
    const at = botaoArg.indexOf(':');
    botao = at > 0 ? { id: botaoArg.slice(0, at), titulo: botaoArg.slice(at + 1) } : { id: botaoArg, titulo: botaoArg };
  }
  const repetir = text('repetir') === undefined ? undefined : Number(text('repetir'));
  const providerArg = text('provider');
  const provider =
    providerArg === undefined ? undefined : ({ a: 'provider_a', b: 'provider_b' } as const)[providerArg.replace(/^provider_/, '')];
  if (providerArg !== undefined && !provider) {
    console.error(`--provider must be a or b\n\n${usage}`);
    return 2;
  }

  const dataDir = text('data-dir') ?? (process.env.LOCAL_DATA_DIR || '.local');
  const sandbox = await readSandbox(dataDir);
  if (!sandbox) {
    console.error(`${sandboxFile(dataDir)} not found: start the service with npm start first`);
    return 1;
  }
  try {
    const play = await playPatient(sandbox, {
      app: text('app') ?? 'outra',
      from,
      texto: text('texto'),
      nome: text('nome'),
      botao,
      repetir,
      provider,
    });
    for (const line of describePlay(play, from)) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof PatientError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();

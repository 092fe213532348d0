// `npm run agent`: play the on-premises agent against the service `npm start` runs, over its
// mutual-TLS port with the sandbox agent's certificate (infra/local/agent-simulator.ts): read the
// integrations and saved queries, post an execution log, import a small batch. Run it twice: the
// second import answers `inalterado` for every record it already has.
//
//   npm run agent [-- --json] [-- --data-dir .local]
import { parseArgs } from 'node:util';
import { playAgent } from '#infra/local/agent-simulator';
import { readSandbox, sandboxFile } from '#infra/local/seed';

const usage = `Usage: npm run agent [-- options]

  --json             print every answer in full, as JSON
  --data-dir <dir>   the local data folder (default LOCAL_DATA_DIR or .local)
  --help             show this help`;

const summary = (body: unknown): string => {
  if (Array.isArray(body))
    return `${body.length} item(s)${body.length ? `: ${body.map((i) => (i as { nome?: string }).nome ?? '?').join(', ')}` : ''}`;
  const b = body as { resumo?: Record<string, number>; resultados?: { idLegado: string; resultado: string; motivo?: string }[] } | null;
  if (b?.resumo) {
    const lines = (b.resultados ?? []).map((r) => `      ${r.idLegado}: ${r.resultado}${r.motivo ? ` (${r.motivo})` : ''}`);
    return [JSON.stringify(b.resumo), ...lines].join('\n');
  }
  return JSON.stringify(body);
};

async function main(): Promise<number> {
  let values: { json?: boolean; 'data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { json: { type: 'boolean' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const dataDir = values['data-dir'] ?? (process.env.LOCAL_DATA_DIR || '.local');
  const sandbox = await readSandbox(dataDir);
  if (!sandbox?.agent) {
    console.error(`${sandboxFile(dataDir)} has no agent: start the service with npm start first`);
    return 1;
  }
  try {
    const steps = await playAgent(sandbox);
    for (const s of steps) {
      console.log(`${s.status} ${s.method} ${s.path}  (${s.step})`);
      console.log(values.json ? JSON.stringify(s.body, null, 2) : `      ${summary(s.body)}`);
    }
    return steps.every((s) => s.status < 300) ? 0 : 1;
  } catch (error) {
    console.error(`The agent could not reach ${sandbox.agent.url}: ${(error as Error).message}. Is npm start running?`);
    return 1;
  }
}

process.exitCode = await main();

// The console's build: one minified ES module and one stylesheet, content-hashed, and the index.html
// that names them. Used by `npm start` (infra/local/service.ts), the CDK stack (the bucket's asset) and
// the bench (its size).
//
//   npx tsx console/build.ts <outDir>
import { mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ConsoleBuild {
  /** File names (relative to outDir) of the script and stylesheet index.html loads. */
  script: string;
  stylesheet: string;
}

export async function buildConsole(outDir: string): Promise<ConsoleBuild> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    entryPoints: { app: path.join(here, 'src/main.tsx') },
    outdir: outDir,
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
  const script = outputs.find((file) => file.endsWith('.js'));
  const stylesheet = outputs.find((file) => file.endsWith('.css'));
  if (!script || !stylesheet) throw new Error(`console build produced ${outputs.join(', ')}`);
  const template = await readFile(path.join(here, 'index.html'), 'utf8');
  await writeFile(path.join(outDir, 'index.html'), template.replace('%SCRIPT%', script).replace('%STYLESHEET%', stylesheet));
  await copyFile(path.join(here, 'public/favicon.svg'), path.join(outDir, 'favicon.svg'));
  return { script, stylesheet };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: tsx console/build.ts <outDir>');
    process.exit(2);
  }
  const built = await buildConsole(path.resolve(outDir));
  console.log(`console built in ${outDir}: ${built.script}, ${built.stylesheet}`);
}

// What a bundle is made of, from esbuild's metafile: bytes each input contributes to the
// output, grouped by package, and the import chain that pulls each big package in, so a
// heavy import can be found and cut at its source.
import type { Metafile } from 'esbuild';
import type { BuiltBundle } from './bundle.ts';

export interface PackageShare {
  name: string;
  bytes: number;
  files: number;
}

/** `node_modules/@scope/name/...` -> `@scope/name`; project files -> their first two folders. */
export function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = input.slice(at + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (input.startsWith('<stdin>')) return '(entry)';
  const parts = input.split('/');
  return `(project) ${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`;
}

/** The AWS SDK v3 is split over @aws-sdk/* and @smithy/* (plus a few helpers); report it as one family too. */
export function familyOf(pkg: string): string {
  if (pkg.startsWith('@aws-sdk/') || pkg.startsWith('@smithy/') || pkg.startsWith('@aws-crypto/') || pkg === 'tslib')
    return 'AWS SDK (@aws-sdk, @smithy, @aws-crypto, tslib)';
  if (pkg.startsWith('(project)') || pkg === '(entry)') return 'project code';
  return pkg;
}

function outputOf(metafile: Metafile): Metafile['outputs'][string] {
  const entry = Object.entries(metafile.outputs).find(([path]) => path.endsWith('.mjs') || path.endsWith('.js'));
  if (!entry) throw new Error('metafile has no JavaScript output');
  return entry[1];
}

export function packageShares(metafile: Metafile): PackageShare[] {
  const byPackage = new Map<string, PackageShare>();
  for (const [input, { bytesInOutput }] of Object.entries(outputOf(metafile).inputs)) {
    const name = packageOf(input);
    const share = byPackage.get(name) ?? { name, bytes: 0, files: 0 };
    share.bytes += bytesInOutput;
    share.files += 1;
    byPackage.set(name, share);
  }
  return [...byPackage.values()].sort((a, b) => b.bytes - a.bytes);
}

export function familyShares(metafile: Metafile): PackageShare[] {
  const byFamily = new Map<string, PackageShare>();
  for (const pkg of packageShares(metafile)) {
    const name = familyOf(pkg.name);
    const share = byFamily.get(name) ?? { name, bytes: 0, files: 0 };
    share.bytes += pkg.bytes;
    share.files += pkg.files;
    byFamily.set(name, share);
  }
  return [...byFamily.values()].sort((a, b) => b.bytes - a.bytes);
}

export function topInputs(metafile: Metafile, count: number): { input: string; bytes: number }[] {
  return Object.entries(outputOf(metafile).inputs)
    .map(([input, { bytesInOutput }]) => ({ input, bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/**
 * Shortest import chain from the entry to the first file of `pkg` (breadth-first over the
 * metafile's import graph). Consecutive files of one package are collapsed, so the chain
 * reads as "our file -> our file -> package -> package"; `(dynamic)` marks an import()
 * (bundled all the same, its code is parsed at load but evaluated only when called).
 */
export function importChain(metafile: Metafile, pkg: string): string | undefined {
  const entryPoint = outputOf(metafile).entryPoint;
  if (!entryPoint) return undefined;
  const previous = new Map<string, { from: string; dynamic: boolean }>();
  const queue = [entryPoint];
  const seen = new Set(queue);
  let found: string | undefined;
  while (queue.length && !found) {
    const current = queue.shift()!;
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      previous.set(imported.path, { from: current, dynamic: imported.kind === 'dynamic-import' });
      if (packageOf(imported.path) === pkg) {
        found = imported.path;
        break;
      }
      queue.push(imported.path);
    }
  }
  if (!found) return undefined;
  const steps: { label: string; dynamic: boolean }[] = [];
  for (let node: string | undefined = found; node; node = previous.get(node)?.from) {
    const isPackage = node.includes('node_modules/');
    steps.unshift({ label: isPackage ? packageOf(node) : node, dynamic: previous.get(node)?.dynamic ?? false });
  }
  const collapsed = steps.filter((step, i) => i === 0 || step.label !== steps[i - 1]!.label);
  return collapsed.map((s, i) => (i === 0 ? s.label : `${s.dynamic ? '(dynamic) ' : ''}${s.label}`)).join(' -> ');
}

/**
 * Bytes the entry reaches through static imports only, versus bytes reached only through some
 * import(). Without code splitting (NodejsFunction writes one file) esbuild inlines import()
 * targets: their code is not evaluated until called, but it is still read, parsed and
 * source-mapped at every cold start.
 */
export function staticVersusDynamic(metafile: Metafile): { staticBytes: number; dynamicOnlyBytes: number } {
  const output = outputOf(metafile);
  const reached = new Set<string>();
  const queue = output.entryPoint ? [output.entryPoint] : [];
  for (const start of queue) reached.add(start);
  while (queue.length) {
    const current = queue.shift()!;
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (imported.external || imported.kind === 'dynamic-import' || reached.has(imported.path)) continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  let staticBytes = 0;
  let dynamicOnlyBytes = 0;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (reached.has(input)) staticBytes += bytesInOutput;
    else dynamicOnlyBytes += bytesInOutput;
  }
  return { staticBytes, dynamicOnlyBytes };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The few biggest packages of a bundle, for one table cell. */
export function topPackagesCell(metafile: Metafile, count = 3): string {
  return familyShares(metafile)
    .slice(0, count)
    .map((s) => `${s.name.startsWith('AWS SDK') ? 'AWS SDK' : s.name} ${Math.round(s.bytes / 1024)} KB`)
    .join(', ');
}

export function explainBundle(bundle: BuiltBundle, packages = 12, files = 10): string {
  const total = Object.values(outputOf(bundle.metafile).inputs).reduce((sum, i) => sum + i.bytesInOutput, 0);
  const pct = (bytes: number) => `${((bytes / Math.max(1, total)) * 100).toFixed(1)}%`;
  const lines = [`### ${bundle.spec.id} (${bundle.spec.label}): ${kb(bundle.bytes)} on disk, ${kb(total)} from inputs`, ''];
  const split = staticVersusDynamic(bundle.metafile);
  lines.push(
    `Reached by static imports: ${kb(split.staticBytes)}; only through import(): ${kb(split.dynamicOnlyBytes)}` +
      ' (inlined, so parsed and source-mapped at load, evaluated on first call).',
    '',
  );
  lines.push('By family:');
  for (const s of familyShares(bundle.metafile))
    lines.push(`  ${kb(s.bytes).padStart(10)}  ${pct(s.bytes).padStart(6)}  ${s.name} (${s.files} files)`);
  lines.push('', `Top ${packages} packages, with the import chain that pulls each in:`);
  for (const s of packageShares(bundle.metafile).slice(0, packages)) {
    lines.push(`  ${kb(s.bytes).padStart(10)}  ${pct(s.bytes).padStart(6)}  ${s.name} (${s.files} files)`);
    const chain = s.name.startsWith('(') ? undefined : importChain(bundle.metafile, s.name);
    if (chain) lines.push(`              via ${chain}`);
  }
  lines.push('', `Top ${files} input files:`);
  for (const f of topInputs(bundle.metafile, files)) lines.push(`  ${kb(f.bytes).padStart(10)}  ${f.input}`);
  return lines.join('\n');
}

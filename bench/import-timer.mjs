// Runs in a fresh Node process: times one dynamic import of a bundle (module load, parse
// and top-level evaluation, i.e. Lambda's INIT for our code) and prints it as JSON.
// Plain JavaScript so nothing (tsx, loaders) sits between Node and the bundle.
const url = process.argv[2];
const start = process.hrtime.bigint();
try {
  await import(url);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  process.stdout.write(JSON.stringify({ ms }) + '\n');
  process.exit(0);
} catch (error) {
  process.stdout.write(JSON.stringify({ error: String(error && error.stack ? error.stack : error) }) + '\n');
  process.exit(1);
}

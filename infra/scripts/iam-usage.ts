// npm run iam:usage -- <usage.jsonl>: each function's grants beside the calls the local IAM guard saw
// (IAM_USAGE_FILE=<file> npm test, or npm start), as the Markdown table of docs/decisions.md. Exits 1
// when a grant had no caller or a call was denied.
import { compareUsage, readUsage, shortResource } from '#infra/iam-usage';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run iam:usage -- <usage.jsonl written with IAM_USAGE_FILE>');
  process.exit(2);
}
const report = compareUsage(readUsage(file));
console.log('| Function | Granted and called | Granted, never called | Called, denied |');
console.log('|---|---|---|---|');
let problems = 0;
for (const { function: name, grants, denied } of report) {
  const by = (used: boolean) =>
    grants
      .filter((g) => g.used > 0 === used)
      .map((g) => `${g.grant.action.replace(/^dynamodb:/, '')} ${shortResource(g.grant.resource)}`)
      .join('<br>') || '-';
  const deniedText = denied.map((d) => `${d.action} ${shortResource(d.resource)}`).join('<br>') || '-';
  problems += grants.filter((g) => g.used === 0).length + denied.length;
  console.log(`| ${name} | ${by(true)} | ${by(false)} | ${deniedText} |`);
}
process.exit(problems > 0 ? 1 : 0);

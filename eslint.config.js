// Type-aware lint: the rules that catch real faults in async, typed Lambda code (a promise nobody
// awaits, `any` leaking through, type-only imports that would load a module at cold start).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// One-way dependencies (docs/architecture.md): the endpoint groups' slices (functions/) build on shared/,
// never the other way round.
const noFunctions = {
  regex: '^#functions/',
  message: 'shared/ must not import functions/: what both need belongs in shared/ (a group’s own request schemas stay in its requests.ts).',
};

// Another folder is imported through its alias (#shared/..., #events/...), so the zones below, which match the alias,
// see every import that leaves a folder: a relative import stays in its own folder (`./x.ts`, `./sub/y.ts`).
const parentRelative = {
  regex: '^\\.\\./',
  message: 'Import another folder through its alias (#shared/..., #events/...), not `../`: the layer rules match aliases.',
};

// A slice (functions/<group>/, a consumer, a schedule, an authorizer) imports its own folder and shared/, never another
// slice: what two slices share belongs in shared/.
const otherSlice = {
  regex: '^#functions/',
  message: 'A slice does not import another slice (functions/<x>/): move what both use to shared/ (docs/architecture.md).',
};

// The domain knows no storage, transport or cloud, and does no I/O: no DynamoDB module, no HTTP, no queue messages,
// no AWS SDK, no adapter but the ports (interfaces) it is given, no provider client, no use case (shared/operations
// builds on the domain), no configuration, cache or secret store, and of shared/auth only the two modules of pure
// node:crypto work, secrets.ts (SHA-256 of random secrets) and passwords.ts (scrypt): they read no key, secret or
// setting, and the authorizers use them too. What signs a token (the signing key is in Secrets Manager) is a port
// the caller passes (shared/domain/login.ts, PortalTokenSigner). Logging (#shared/log) is cross-cutting and allowed.
const domainOutward = {
  regex:
    '^(#shared/(db|http|queue|providers|operations|wiring|secrets)/|#shared/auth/(?!(secrets|passwords)$)|#shared/(config|cache)$|#events/|#infra/|@aws-sdk/|aws-lambda$|#shared/adapters/(?!ports$))',
  message:
    'shared/domain does no I/O: no db, http, queue messages, providers, operations, config, cache, secret store, AWS or adapters, and of shared/auth only the pure crypto of secrets.ts and passwords.ts (no key, secret or setting read). Take a port (an interface in the domain) instead; #shared/log (cross-cutting) stays allowed.',
};

// The moment comes from a Clock (shared/domain/time.ts, `now?: Clock` defaulting to systemClock in a deps object) or
// from the caller as a Date (an entry point under functions/ reads the time itself): never read inside the domain or
// a use case, where a test that pins the clock would not control it (docs/architecture.md, "Time").
const noClockReads = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'No Date.now() in shared/domain or shared/operations: read the injected Clock (`deps.now ?? systemClock`) or take `now: Date` from the caller.',
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message:
      'No Date() in shared/domain or shared/operations (it is the current time as text): format a Date taken from the Clock or the caller.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message:
      'No `new Date()` in shared/domain or shared/operations (a default parameter `now = new Date()` included): read the injected Clock (`deps.now ?? systemClock`) or take `now: Date` from the caller (an entry point reads the time).',
  },
];

// The use cases return outcomes; the handlers (and shared/http) turn them into answers.
const operationsOutward = {
  regex: '^(#shared/http/|aws-lambda$)',
  message: 'shared/operations must not import HTTP: return an outcome (or throw a domain error) and let the handler answer.',
};

// The use cases are given their dependencies, they make none: no repository built (shared/db), no adapter looked up
// (shared/adapters but the ports, shared/secrets), no provider client picked (shared/providers but its port, types.ts, and the pure
// signatures.ts). Naming their types is fine (`import type`). The wiring is the entry points' (functions/) or, the same
// for several entries, a composition function's (shared/wiring/), which imports the use case, never the reverse.
const operationsWiring = {
  regex: '^#shared/(db/|wiring/|secrets/|adapters/(?!ports(\\.ts)?$)|providers/(?!(types|signatures)(\\.ts)?$))',
  allowTypeImports: true,
  message:
    'A use case (shared/operations) takes its repositories and ports in its deps object (the domain’s repository interfaces, shared/adapters/ports.ts, now?: Clock) and builds none: wire them in the entry point (functions/, at module level) or, when several entries wire it the same, in shared/wiring/ (docs/architecture.md).',
};

// The contracts (functions/<group>/contract.ts, shared/http/contract/*) are build-time modules: only infra/openapi and
// the tests load them. A Lambda's code may name their schemas in types (its views are typed from them, `z.output<...>`),
// never import a value, which would bundle the contract and zod's schemas into the Lambda (docs/decisions.md).
const contractValues = {
  regex: '^(#shared/http/contract/|#functions/[^/]+/contract$|(\\./|(\\.\\./)+)([^/]+/)*contract(\\.ts)?$)',
  allowTypeImports: true,
  message: 'Import a contract only as a type (`import type`): a value import bundles the contract into the Lambda (docs/decisions.md).',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.local/', '.bench/', 'coverage/', 'docs/', 'console/dist/', 'console/src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An operation or adapter is async by contract (it returns a Promise) even when it has nothing to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [parentRelative, otherSlice] }] },
  },
  {
    files: ['shared/**/*.ts', 'events/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [parentRelative, noFunctions] }] },
  },
  {
    files: ['shared/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [parentRelative, noFunctions, domainOutward] }] },
  },
  {
    files: ['shared/operations/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [parentRelative, noFunctions, operationsOutward] }] },
  },
  {
    // The one clock: systemClock (shared/domain/time.ts) is the only reading of the time in the domain and the use cases.
    files: ['shared/domain/**/*.ts', 'shared/operations/**/*.ts'],
    ignores: ['shared/domain/time.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noClockReads] },
  },
  {
    // The code that runs in a Lambda: everything under functions/ and shared/ but the contracts themselves.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['functions/*/contract.ts', 'shared/http/contract/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contractValues] }] },
  },
  {
    // After the block above, which sets the same rule for every file it names: the use cases get both pattern lists.
    files: ['shared/operations/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contractValues, operationsWiring] }] },
  },
  {
    // A stored item becomes a record through its typed mapper (shared/db/item.ts), never a cast that hides a malformed item.
    files: ['shared/db/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression:not([typeAnnotation.type='TSTypeReference'][typeAnnotation.typeName.name='const'])",
          message:
            'No type assertions in shared/db but `as const`: read a stored value with the readers of shared/db/item.ts (oneOf, listOf, map...), which refuse a malformed item naming the field; a justified one carries `// eslint-disable-next-line no-restricted-syntax -- <reason>`.',
        },
        {
          selector: 'TSTypeAssertion',
          message:
            'No `<T>x` type assertions in shared/db: read a stored value with the readers of shared/db/item.ts, which refuse a malformed item naming the field.',
        },
      ],
    },
  },
  {
    // Tests assert on parsed JSON bodies: `any` there is the shape under test, not a leak.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (this file, the bench's import timer): not type-checked; Node's globals.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { process: 'readonly', console: 'readonly' } },
  },
);

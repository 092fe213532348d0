// The synthesized CloudFormation, checked against the sources of truth it is built from: the
// route table, infra/functions.ts, infra/permissions.ts and the gateway responses. Bundling is
// skipped (context aws:cdk:bundling-stacks = []) so the stack builds in seconds. The stack is a root
// template and one nested template per function; the assertions read them joined into one
// (`joinTemplates`), with every reference between templates followed to the resource it names.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { App, Duration, NestedStack, Stack, Validations, type CfnElement, type Environment } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizerSettings } from '#infra/constructs/authorizer-settings';
import { PlaceIndex, type PlaceIndexProps } from '#infra/constructs/place-index';
import { ServiceApi, STAGE_RATE_LIMIT } from '#infra/constructs/rest-api';
import { rateLimits } from '#infra/constructs/rate-limits';
import {
  allFunctions,
  authorizerFunctions,
  consumerFunctions,
  groupFunctions,
  scheduledFunctions,
  streamFunctions,
  type LambdaEntry,
} from '#infra/functions';
import { functionNeeds, groupNeeds, type FunctionNeeds } from '#infra/permissions';
import { grantEnvironment, policyStatements } from '#infra/grants';
import { blockedInputMessage, blockedOutputMessage, blockedPiiTypes, clinicalAdviceTopic, identifierPatterns } from '#infra/guardrail';
import { ServiceFunction } from '#infra/constructs/service-function';
import { modelInvokeArns } from '#infra/model';
import { repoRoot } from '#infra/constructs/service-function';
import { crlKey, guardrailName, PlatformStack, type PlatformStackProps } from '#infra/stack';
import { queueNames, queues, type QueueName } from '#shared/queues';
import { RECONCILE_AFTER_MS, sendBudget, sendTimeoutSeconds } from '#shared/domain/send-budget';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { groups, routes, type AuthorizedScheme, type Group, type Route } from '#shared/http/routes';

const execFileAsync = promisify(execFile);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CloudFormation JSON under test

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Json };
const mailFrom = 'no-reply@clinica.example';
/** The stack `Test` keeps the applications' provider secrets under this prefix. */
const providerSecretPrefix = 'Test/provedores';
const providerSecretArn = `arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${providerSecretPrefix}`;
/** ... and the integrations' secrets under this one. */
const integrationSecretArn = 'arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:Test/integracoes';
const webhookSecretArn = 'arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:Test/webhooks';
const adminEmail = 'admin@clinica.example';

/** Where a template's logical ids sit in the joined template: the root's as they are, a nested stack's under its construct id. */
const templatePrefix = (stack: Stack) => (stack.nested ? `${stack.node.id}/` : '');

/**
 * The root template and its nested templates as one: each resource under its prefixed logical id, and every
 * reference to a nested stack's parameter or output replaced by the value behind it, so a function's
 * `{"Ref": "referencetoTestTable...Ref"}` reads `{"Ref": "Table..."}` as it did when the stack was one template.
 */
function joinTemplates(root: Stack) {
  const stacks = [root, ...root.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))];
  const templates = new Map(stacks.map((s) => [s, Template.fromStack(s).toJSON()]));
  const nestedByResource = new Map(stacks.filter((s) => s.nested).map((s) => [logicalId(s.nestedStackResource!), s]));
  const follow = (stack: Stack, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((v) => follow(stack, v));
    if (typeof value !== 'object' || value === null) return value;
    const v = value as Json;
    const ref: unknown = v.Ref;
    const getAtt: unknown = v['Fn::GetAtt'];
    if (typeof ref === 'string') {
      if (ref.startsWith('AWS::')) return v;
      if (stack.nested && ref in (templates.get(stack)!.Parameters ?? {})) {
        const parent = stack.nestedStackParent!;
        const passed = templates.get(parent)!.Resources[parent.getLogicalId(stack.nestedStackResource!)].Properties.Parameters[ref];
        return follow(parent, passed);
      }
      return { Ref: templatePrefix(stack) + ref };
    }
    if (Array.isArray(getAtt)) {
      const [id, attribute] = getAtt as [string, string];
      const nested = nestedByResource.get(templatePrefix(stack) + id);
      if (nested && attribute.startsWith('Outputs.')) {
        return follow(nested, templates.get(nested)!.Outputs[attribute.slice('Outputs.'.length)].Value);
      }
      return { 'Fn::GetAtt': [templatePrefix(stack) + id, attribute] };
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, follow(stack, x)]));
  };
  const resources: Record<string, Json> = {};
  for (const [stack, template] of templates) {
    for (const [id, resource] of Object.entries(template.Resources as Record<string, Json>)) {
      resources[templatePrefix(stack) + id] = {
        ...resource,
        ...(resource.Properties ? { Properties: follow(stack, resource.Properties) } : {}),
        ...(resource.DependsOn ? { DependsOn: asArray(resource.DependsOn as string).map((d) => templatePrefix(stack) + d) } : {}),
      };
    }
  }
  const sizes = stacks.map((s) => {
    const types = Object.values(templates.get(s)!.Resources as Record<string, Json>).map((r) => r.Type as string);
    const count = (type: string) => types.filter((t) => t === type).length;
    return { name: s.nested ? s.node.id : s.stackName, resources: types.length, count };
  });
  return { resources, sizes };
}

/** `extend` adds to the stack before its templates are read (a function no entry has yet). */
function synthesize(props: Partial<PlatformStackProps> = {}, env?: Environment, extend?: (stack: PlatformStack) => void) {
  const app = new App({
    // The feature flags of cdk.json, so the template is the one `cdk synth` produces.
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    // CloudFormation's own schema validation runs in `cdk synth`; here it would only cost seconds.
    builtinCloudFormationValidation: false,
    // The CLI's AWS::CDK::Metadata resource in every template, so resource counts are the deployed ones.
    analyticsReporting: true,
  });
  const stack = new PlatformStack(app, 'Test', {
    build: { version: '1.2.3', commit: 'abc1234', time: '2025-01-01T00:00:00.000Z' },
    mail: 'none',
    env,
    ...props,
  });
  extend?.(stack);
  const { resources, sizes } = joinTemplates(stack);
  return { app, stack, template: Template.fromJSON({ Resources: resources }), resources, sizes };
}

const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
/** The logical id whose Arn a value refers to (an integration URI, a target, a redrive policy...). */
const arnTargetOf = (value: unknown): string | undefined => JSON.stringify(value).match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/)?.[1];
/** Of an L2 construct (its default child) or of an L1 resource itself (the place index), as the joined template names it. */
function logicalId(c: IConstruct): string {
  const stack = Stack.of(c);
  return templatePrefix(stack) + stack.getLogicalId((c.node.defaultChild ?? c) as CfnElement);
}

describe('PlatformStack', () => {
  let stack: PlatformStack;
  let app: App;
  let template: Template;
  let resources: Record<string, Json>;
  let sizes: ReturnType<typeof joinTemplates>['sizes'];
  const fnId = (entry: LambdaEntry) => logicalId(stack.functions.get(entry.id)!.function);
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  /** The service's Lambdas: every function but the console site's (CDK's bucket deployment, test/infra/console-site.test.ts). */
  const serviceFunctions = () => ofType('AWS::Lambda::Function').filter(([id]) => !id.startsWith(`${consoleSiteId}/`));
  const consoleSiteId = 'ConsoleSite';

  beforeAll(() => {
    // Prepare + Act: one synth shared by the read-only assertions below.
    ({ app, stack, template, resources, sizes } = synthesize({ mail: { mailFrom, adminEmail } }));
  }, 60_000); // a few seconds, more on a busy machine

  describe('functions', () => {
    it('deploys one Lambda per endpoint group, per authorizer scheme, per consumer and per schedule', () => {
      // Assess
      expect(Object.keys(groupFunctions)).toHaveLength(groups.length);
      // And CDK's bucket deployment Lambda, which copies the console into its bucket.
      expect(serviceFunctions()).toHaveLength(allFunctions.length);
      template.resourceCountIs('AWS::Lambda::Function', allFunctions.length + 1);
      for (const entry of allFunctions) expect(resources[fnId(entry)]?.Type, entry.id).toBe('AWS::Lambda::Function');
    });

    it('runs every function on nodejs22.x, arm64, with its own log group', () => {
      const functions = serviceFunctions();
      const logGroups = new Set<string>();
      for (const [id, fn] of functions) {
        expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
        expect(fn.Properties.Architectures, id).toEqual(['arm64']);
        logGroups.add(fn.Properties.LoggingConfig.LogGroup.Ref);
      }
      expect(logGroups.size).toBe(functions.length);
    });

    it('names the resources each function uses in its environment, as shared/config.ts reads them', () => {
      const tableRef = { Ref: logicalId(stack.table) };
      for (const { entry, needs } of functionNeeds) {
        const env = resources[fnId(entry)]!.Properties.Environment.Variables as Json;
        expect(env.TABLE_NAME, entry.id).toEqual(needs.table ? tableRef : undefined);
        expect(env.APP_VERSION).toBe('1.2.3');
        expect(env.APP_COMMIT).toBe('abc1234');
        for (const queue of queueNames) {
          const name = queues[queue].urlVariable;
          if (needs.sendsTo.includes(queue))
            expect(env[name], `${entry.id} ${name}`).toEqual({ Ref: logicalId(stack.queues[queue].queue) });
          else expect(env[name], `${entry.id} ${name}`).toBeUndefined();
        }
        expect(env.SIGNING_KEY_SECRET_ID !== undefined, entry.id).toBe(needs.readsSigningKey);
        expect(env.VERIFICATION_KEY_SECRET_ID !== undefined, entry.id).toBe(needs.readsVerificationKeys);
        const providerSecrets = needs.readsProviderSecrets.length > 0 || needs.writesProviderSecrets;
        expect(env.PROVIDER_SECRET_PREFIX, entry.id).toBe(providerSecrets ? providerSecretPrefix : undefined);
        expect(env.CRL_BUCKET !== undefined, entry.id).toBe(needs.readsCrl);
        if (needs.readsCrl) expect(env.CRL_KEY).toBe(crlKey);
        expect(env.PLACE_INDEX_NAME, entry.id).toEqual(needs.geocodes ? { Ref: logicalId(stack.placeIndex) } : undefined);
        expect(env.MODEL_ID, entry.id).toBe(needs.callsModel ? stack.model.model.modelId : undefined);
        expect(env.GUARDRAIL_ID !== undefined, entry.id).toBe(needs.callsModel);
        expect(env.MAIL_FROM, entry.id).toBe(needs.sendsMail ? mailFrom : undefined);
        expect(env.ADMIN_EMAIL, entry.id).toBe(needs.sendsMail ? adminEmail : undefined);
      }
    });

    it('gives every group, consumer and schedule one public URL (the stage`s execute-api URL, or the configured one), authorizers none; it is every function`s token issuer', () => {
      const apiRef = { Ref: logicalId(stack.api.api) };
      const authorizerIds = new Set(Object.values(authorizerFunctions).map((e) => e.id));
      for (const entry of allFunctions) {
        const env = resources[fnId(entry)]!.Properties.Environment.Variables;
        const url = env.PUBLIC_BASE_URL as Json | undefined;
        expect(JSON.stringify(env.TOKEN_ISSUER), entry.id).toContain(`"https://",${JSON.stringify(apiRef)},".execute-api."`);
        expect(JSON.stringify(env.TOKEN_ISSUER), entry.id).toContain('"/prod"');
        if (authorizerIds.has(entry.id)) expect(url, entry.id).toBeUndefined();
        else expect(url, entry.id).toEqual(env.TOKEN_ISSUER);
      }
      const custom = synthesize({ publicBaseUrl: 'https://api.clinica.example/' });
      const sends = custom.stack.functions.get(groupFunctions['external-messages'].id)!.function;
      const verifies = custom.stack.functions.get(authorizerFunctions.oauth2.id)!.function;
      const env = custom.resources[logicalId(sends)]!.Properties.Environment.Variables;
      expect(env.PUBLIC_BASE_URL).toBe('https://api.clinica.example');
      expect(env.TOKEN_ISSUER).toBe('https://api.clinica.example');
      expect(custom.resources[logicalId(verifies)]!.Properties.Environment.Variables.TOKEN_ISSUER).toBe('https://api.clinica.example');
    });

    it('gives the Parameters and Secrets extension exactly to the functions that read a key set or a provider secret', () => {
      for (const { entry, needs } of functionNeeds) {
        const props = resources[fnId(entry)]!.Properties;
        const readsKeys =
          needs.readsSigningKey ||
          needs.readsVerificationKeys ||
          needs.readsProviderSecrets.length > 0 ||
          needs.integrationSecrets === 'read' ||
          needs.outboundWebhookSecrets === 'read' ||
          needs.outboundWebhookSecrets === 'read-write' ||
          needs.inboundWebhookSecrets === 'read' ||
          needs.readsAgentCa;
        expect((props.Layers ?? []).length, entry.id).toBe(readsKeys ? 1 : 0);
        expect(props.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED, entry.id).toBe(readsKeys ? 'true' : undefined);
      }
    });
  });

  describe('REST API', () => {
    /** Full path of every API Gateway resource, by logical id, following ParentId up to the root. */
    const resourcePaths = () => {
      const paths = new Map<string, string>();
      const pathOf = (id: string): string => {
        const known = paths.get(id);
        if (known) return known;
        const props = resources[id]!.Properties;
        const parent = props.ParentId.Ref ? pathOf(props.ParentId.Ref) : '';
        const path = `${parent}/${props.PathPart}`;
        paths.set(id, path);
        return path;
      };
      for (const [id] of ofType('AWS::ApiGateway::Resource')) pathOf(id);
      return paths;
    };
    const methodsByRoute = () => {
      const paths = resourcePaths();
      return new Map(
        ofType('AWS::ApiGateway::Method').map(([, m]) => [
          `${m.Properties.HttpMethod} ${paths.get(m.Properties.ResourceId.Ref)}`,
          m.Properties,
        ]),
      );
    };
    const authorizerIdOf = (scheme: AuthorizedScheme) => logicalId(stack.api.authorizers[scheme]!);

    it('serves every route of the route table, and nothing else', () => {
      const methods = methodsByRoute();
      for (const route of routes) expect(methods.has(`${route.method} ${route.path}`), `${route.method} ${route.path}`).toBe(true);
      expect(methods.size).toBe(routes.length);
    });

    it("sends each route to its endpoint group's function through a Lambda proxy integration", () => {
      const methods = methodsByRoute();
      for (const route of routes) {
        const integration = methods.get(`${route.method} ${route.path}`)!.Integration;
        expect(integration.Type, route.path).toBe('AWS_PROXY');
        expect(arnTargetOf(integration.Uri), `${route.method} ${route.path}`).toBe(fnId(groupFunctions[route.group]));
      }
    });

    it("guards each route with its scheme's authorizer, and leaves auth 'none' routes open", () => {
      const methods = methodsByRoute();
      for (const route of routes) {
        const method = methods.get(`${route.method} ${route.path}`)!;
        const label = `${route.method} ${route.path}`;
        if (route.auth === 'none') {
          expect(method.AuthorizationType, label).toBe('NONE');
          expect(method.AuthorizerId, label).toBeUndefined();
        } else {
          expect(method.AuthorizationType, label).toBe('CUSTOM');
          expect(method.AuthorizerId, label).toEqual({ Ref: authorizerIdOf(route.auth) });
        }
      }
    });

    it("runs each scheme's own authorizer function with that scheme's identity headers and cache TTL", () => {
      for (const [scheme, setting] of Object.entries(authorizerSettings) as [
        AuthorizedScheme,
        (typeof authorizerSettings)[AuthorizedScheme],
      ][]) {
        const authorizer = resources[authorizerIdOf(scheme)]!.Properties;
        expect(authorizer.Type, scheme).toBe('REQUEST');
        expect(arnTargetOf(authorizer.AuthorizerUri), scheme).toBe(fnId(authorizerFunctions[scheme]));
        expect(authorizer.IdentitySource, scheme).toBe(setting.identityHeaders.map((h) => `method.request.header.${h}`).join(','));
        expect(authorizer.AuthorizerResultTtlInSeconds, scheme).toBe(setting.cacheTtlSeconds);
      }
      template.resourceCountIs('AWS::ApiGateway::Authorizer', Object.keys(authorizerFunctions).length);
    });

    it('never caches the decisions that must change at once (revoked secret, rate limit, client certificate)', () => {
      // Assess the settings themselves: a TTL here would let a revoked API secret or a bad certificate through.
      expect(authorizerSettings.apiKey.cacheTtlSeconds).toBe(0);
      expect(authorizerSettings.providerCredential.cacheTtlSeconds).toBe(0);
      expect(authorizerSettings.agent.cacheTtlSeconds).toBe(0);
      for (const setting of Object.values(authorizerSettings)) expect(setting.reason).not.toBe('');
    });

    it("answers API Gateway's own 401/403/404/429/500 with the service's JSON error body", () => {
      const byType = new Map(ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => [r.Properties.ResponseType, r.Properties]));
      for (const [type, answer] of Object.entries(gatewayResponses)) {
        const response = byType.get(type);
        expect(response, type).toBeDefined();
        expect(response!.StatusCode).toBe(String(answer.statusCode));
        expect(response!.ResponseParameters['gatewayresponse.header.Content-Type']).toBe("'application/json'");
        expect(JSON.parse(response!.ResponseTemplates['application/json'])).toEqual(answer.body);
      }
      expect(JSON.parse(byType.get('UNAUTHORIZED')!.ResponseTemplates['application/json'])).toEqual({
        error: 'unauthorized',
        message: expect.any(String),
      });
      expect(byType.get('ACCESS_DENIED')!.StatusCode).toBe('403');
    });

    it('passes every body through as bytes, logs access, traces and throttles', () => {
      template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        TracingEnabled: true,
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
        MethodSettings: [
          Match.objectLike({
            DataTraceEnabled: false,
            LoggingLevel: 'ERROR',
            ThrottlingRateLimit: Match.anyValue(),
            ThrottlingBurstLimit: Match.anyValue(),
          }),
        ],
      });
    });

    it('creates no custom domain unless the agent domain context is given', () => {
      template.resourceCountIs('AWS::ApiGateway::DomainName', 0);
    });

    it('deploys the stage after every method and authorizer, wherever they live', () => {
      const [, deployment] = ofType('AWS::ApiGateway::Deployment')[0]!;
      const stacksServing = new Set(
        [...stack.api.methods, ...Object.values(stack.api.authorizers)].map((c) => logicalId(Stack.of(c).nestedStackResource!)),
      );
      expect(stacksServing.size).toBe(groups.length + Object.keys(authorizerFunctions).length);
      for (const id of stacksServing) expect(deployment.DependsOn, id).toContain(id);
    });

    it('gives the deployment a new logical id when a method in a nested stack changes, so a deploy publishes it', () => {
      // Prepare: an API whose routes and authorizers are served by functions in nested stacks, as the platform builds it.
      const deploymentIdWith = (routes: Route[]) => {
        const root = new Stack(new App(), 'Api');
        const fn = (id: string) =>
          new LambdaFunction(new NestedStack(root, id), id, {
            runtime: Runtime.NODEJS_22_X,
            handler: 'index.handler',
            code: Code.fromInline('export const handler = async () => ({ statusCode: 200 });'),
          });
        const groupFunctions: Partial<Record<Group, LambdaFunction>> = { public: fn('public'), finance: fn('finance') };
        const authorizerFunctions = {
          apiKey: fn('apiKey'),
          oauth2: fn('oauth2'),
          providerCredential: fn('providerCredential'),
          portalJwt: fn('portalJwt'),
          agent: fn('agent'),
        };
        const api = new ServiceApi(root, 'Http', { authorizerFunctions });
        for (const route of routes) api.addRoute(route, groupFunctions[route.group]!);
        return Object.entries(Template.fromStack(root).toJSON().Resources as Record<string, Json>).find(
          ([, r]) => r.Type === 'AWS::ApiGateway::Deployment',
        )![0];
      };
      const status: Route = { method: 'GET', path: '/api/status', group: 'public', auth: 'none', body: 'none' };
      const balance: Route = { method: 'GET', path: '/api/external/financeiro/saldo', group: 'finance', auth: 'apiKey', body: 'none' };
      const fees: Route = { method: 'GET', path: '/api/external/financeiro/tarifas', group: 'finance', auth: 'oauth2', body: 'none' };

      // Act
      const same = [deploymentIdWith([status, balance, fees]), deploymentIdWith([status, balance, fees])];
      const changed = [
        deploymentIdWith([{ ...status, method: 'POST' }, balance, fees]),
        deploymentIdWith([status, { ...balance, group: 'public' }, fees]),
        deploymentIdWith([status, { ...balance, auth: 'oauth2' }, { ...fees, auth: 'apiKey' }]),
        deploymentIdWith([status, balance]),
      ];

      // Assess: the same methods, the same deployment; a changed method, handler or authorizer, a new one.
      expect(same[1]).toBe(same[0]);
      expect(new Set([same[0], ...changed]).size).toBe(1 + changed.length);
    });
  });

  describe('table, queues and schedules', () => {
    it('keeps the table shape of shared/db/table.ts, with PITR, TTL and retention', () => {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            Match.objectLike({
              IndexName: 'gsi1',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
              ],
            }),
          ],
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      });
    });

    it('gives every work queue a DLQ, and encrypts every queue', () => {
      const queues = ofType('AWS::SQS::Queue');
      const deadLetterIds = new Set(
        queues.filter(([, q]) => q.Properties.RedrivePolicy).map(([, q]) => arnTargetOf(q.Properties.RedrivePolicy.deadLetterTargetArn)),
      );
      for (const [id, queue] of queues) {
        expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
        if (deadLetterIds.has(id)) continue;
        expect(queue.Properties.RedrivePolicy?.maxReceiveCount, `${id} has no DLQ`).toBeGreaterThan(0);
      }
      expect(deadLetterIds.size).toBe(Object.keys(consumerFunctions).length);
    });

    it('feeds each queue to its consumer, which reports partial batch failures', () => {
      const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
      expect(mappings).toHaveLength(Object.keys(consumerFunctions).length + Object.keys(streamFunctions).length);
      for (const [queue, entry] of Object.entries(consumerFunctions) as [QueueName, LambdaEntry][]) {
        const mapping = mappings.find((m) => arnTargetOf(m.EventSourceArn) === logicalId(stack.queues[queue].queue));
        expect(mapping, queue).toBeDefined();
        expect(mapping!.FunctionName).toEqual({ Ref: fnId(entry) });
        expect(mapping!.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      }
    });

    it("feeds the balance items' changes, oldest first, to the stream follower", () => {
      const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
      template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
      for (const entry of Object.values(streamFunctions)) {
        const mapping = mappings.find((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fnId(entry) }));
        expect(mapping, entry.id).toMatchObject({
          StartingPosition: 'TRIM_HORIZON',
          BatchSize: entry.batchSize,
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: [entry.sortKey] } } } }) }] },
        });
        expect(JSON.stringify(mapping!.EventSourceArn)).toContain(`"${logicalId(stack.table)}","StreamArn"`);
      }
    });

    it('fires the exchange-rate refresh every 5 minutes and each scheduled function at its rate', () => {
      const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
      const scheduleOf = (entry: LambdaEntry) =>
        rules.find((r) => r.Targets.some((t: Json) => arnTargetOf(t.Arn) === fnId(entry)))?.ScheduleExpression;
      expect(scheduleOf(scheduledFunctions.exchangeRate)).toBe('rate(5 minutes)');
      expect(scheduleOf(scheduledFunctions.appointmentSweep)).toBe('rate(1 minute)');
      expect(scheduleOf(scheduledFunctions.sendReconciler)).toBe('rate(1 minute)');
      expect(scheduleOf(scheduledFunctions.crlReissue)).toBe('rate(1 day)');
      for (const entry of Object.values(scheduledFunctions).filter((e) => e.rateMinutes < 1440)) {
        expect(scheduleOf(entry)).toBe(`rate(${entry.rateMinutes} minute${entry.rateMinutes === 1 ? '' : 's'})`);
      }
    });

    it("gives every function that sends a timeout its send budgets fit in, so a send settles in its function or whole in the reconciler's hands", () => {
      const timeoutOf = (entry: LambdaEntry) => resources[fnId(entry)]!.Properties.Timeout as number;
      const budgetMs = sendBudget.debitMs + sendBudget.providerMs + sendBudget.settleMs;
      for (const group of groups) {
        expect(timeoutOf(groupFunctions[group]), group).toBe(sendTimeoutSeconds);
        expect(budgetMs, group).toBeLessThan(timeoutOf(groupFunctions[group]) * 1000);
      }
      // The flow's and the patient codes' consumers send once per message of their batch of 10.
      expect(timeoutOf(consumerFunctions.appointmentFlow)).toBeGreaterThanOrEqual(10 * sendTimeoutSeconds);
      expect(timeoutOf(consumerFunctions.patientCodes)).toBeGreaterThanOrEqual(10 * sendTimeoutSeconds);
      // The reconciler only settles what is older than a send's function can live.
      expect(RECONCILE_AFTER_MS).toBeGreaterThan(sendTimeoutSeconds * 1000);
    });

    it('rate-limits each credential and each address on the stage with WAF, answering 429 with Retry-After', () => {
      const acls = ofType('AWS::WAFv2::WebACL').map(([, r]) => r.Properties);
      expect(acls).toHaveLength(1);
      const rules = acls[0]!.Rules as Json[];
      // Then each per-address limit's twin for the console distribution's requests (test/infra/console-site.test.ts).
      expect(rules.map((r) => r.Name).slice(0, rateLimits.length)).toEqual(rateLimits.map((l) => l.name));
      for (const [i, limit] of rateLimits.entries()) {
        const rate = rules[i]!.Statement.RateBasedStatement;
        expect(rate.Limit, limit.name).toBe(limit.limitPerMinute);
        expect(rate.EvaluationWindowSec).toBe(60);
        if (limit.key === 'ip') expect(rate.AggregateKeyType).toBe('IP');
        else expect(rate.CustomKeys).toHaveLength(1);
        expect(rules[i]!.Action.Block.CustomResponse).toEqual({
          ResponseCode: 429,
          CustomResponseBodyKey: 'too_many_requests',
          ResponseHeaders: [{ Name: 'Retry-After', Value: '60' }],
        });
      }
      const [association] = ofType('AWS::WAFv2::WebACLAssociation').map(([, r]) => r.Properties);
      expect(JSON.stringify(association!.ResourceArn)).toContain(logicalId(stack.api.api.deploymentStage));
      // Every tenant's share is far below the stage's ceiling.
      const [stage] = ofType('AWS::ApiGateway::Stage').map(([, r]) => r.Properties);
      expect(stage!.MethodSettings[0].ThrottlingRateLimit).toBeGreaterThanOrEqual(10 * (rateLimits[0]!.limitPerMinute / 60));
    });

    it('counts each bearer token once however its Authorization header is spelled, and the API key as sent', () => {
      const rules = ofType('AWS::WAFv2::WebACL')[0]![1].Properties.Rules as Json[];
      const keyOf = (name: string) => rules.find((r) => r.Name === name)!.Statement.RateBasedStatement.CustomKeys;

      // The authorizers accept the scheme in any case with one space (shared/auth/bearer.ts): lower-cased, white
      // space compressed, "Bearer T", "bearer T" and "BEARER  T" are one value to WAF.
      expect(keyOf('per-bearer-token')).toEqual([
        {
          Header: {
            Name: 'authorization',
            TextTransformations: [
              { Priority: 0, Type: 'LOWERCASE' },
              { Priority: 1, Type: 'COMPRESS_WHITE_SPACE' },
            ],
          },
        },
      ]);
      // API keys are case-sensitive random values: two spellings are two keys, both refused but one.
      expect(keyOf('per-api-key')).toEqual([{ Header: { Name: 'x-api-key', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }]);
    });

    it("meters the providers' webhooks per source address, with the same 429 and Retry-After", () => {
      const rules = ofType('AWS::WAFv2::WebACL')[0]![1].Properties.Rules as Json[];
      const webhooks = rules.find((r) => r.Name === 'webhooks-per-ip')!;

      expect(webhooks.Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 60,
      });
      // The path, and (second) not through the console's distribution, whose requests a twin counts per viewer.
      expect(webhooks.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements[0]).toEqual({
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'CONTAINS',
          SearchString: '/api/webhooks/',
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      });
      expect(webhooks.Statement.RateBasedStatement.Limit).toBeLessThanOrEqual(STAGE_RATE_LIMIT * 60);
      expect(webhooks.Action.Block.CustomResponse.ResponseHeaders).toEqual([{ Name: 'Retry-After', Value: '60' }]);
    });

    it('has one place index for geocoding, in Brazil, whose results may be stored (the profile keeps the point)', () => {
      template.resourceCountIs('AWS::Location::PlaceIndex', 1);
      template.hasResourceProperties('AWS::Location::PlaceIndex', {
        IndexName: Match.stringLikeRegexp('^Test-PlaceIndex-[0-9A-F]{8}-Here-Storage$'),
        DataSource: 'Here',
        DataSourceConfiguration: { IntendedUse: 'Storage' },
      });
      const physicianEnv = resources[fnId(groupFunctions['physician-portal'])]!.Properties.Environment.Variables as Json;
      expect(physicianEnv.PLACE_INDEX_NAME).toEqual({ Ref: logicalId(stack.placeIndex) });
    });

    it('keeps the CRL bucket private, encrypted, versioned and TLS-only', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: Match.anyValue(),
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    });
  });

  describe('IAM', () => {
    /** A readable name for each resource a policy may point at. */
    const resourceNames = () => {
      const names = new Map<string, string>([
        [logicalId(stack.table), 'table'],
        [logicalId(stack.crlBucket), 'crl-bucket'],
        [logicalId(stack.signingKey), 'signing-key'],
        [logicalId(stack.verificationKeys), 'verification-keys'],
        [logicalId(stack.agentCa), 'agent-ca'],
        [logicalId(stack.placeIndex), 'place-index'],
        [logicalId(stack.guardrail), 'guardrail'],
      ]);
      for (const [queue, wq] of Object.entries(stack.queues)) {
        names.set(logicalId(wq.queue), `queue:${queue}`);
        names.set(logicalId(wq.deadLetterQueue), `dlq:${queue}`);
      }
      for (const [id, fn] of stack.functions) names.set(logicalId(fn.logGroup), `logs:${id}`);
      return names;
    };
    const describeResource = (names: Map<string, string>, value: unknown): string => {
      if (typeof value === 'string') return value;
      const v = value as Json;
      if (v['Fn::GetAtt']) return names.get(v['Fn::GetAtt'][0]) ?? `?${v['Fn::GetAtt'][0]}`;
      if (v.Ref) return names.get(v.Ref) ?? `<${v.Ref}>`;
      if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map((p) => describeResource(names, p)).join(v['Fn::Join'][0]);
      return JSON.stringify(v);
    };
    /** Every "action on resource" the function's role allows. */
    const grantsOf = (entry: LambdaEntry): Set<string> => {
      const names = resourceNames();
      const policy = stack.functions.get(entry.id)!.role.node.tryFindChild('DefaultPolicy') as Policy;
      const statements = resources[logicalId(policy)]!.Properties.PolicyDocument.Statement as Json[];
      const grants = new Set<string>();
      for (const s of statements) {
        expect(s.Effect).toBe('Allow');
        for (const action of asArray(s.Action))
          for (const r of asArray(s.Resource)) grants.add(`${action} on ${describeResource(names, r)}`);
      }
      return grants;
    };
    /** What infra/permissions.ts says the function may do, written out action by action. */
    const expectedGrants = (entry: LambdaEntry, needs: FunctionNeeds): Set<string> => {
      const grants = new Set<string>();
      const allow = (actions: string[], on: string[]) => actions.forEach((a) => on.forEach((r) => grants.add(`${a} on ${r}`)));
      allow(['logs:CreateLogStream', 'logs:PutLogEvents'], [`logs:${entry.id}`]);
      if (needs.table) {
        allow(
          needs.table.reads.map((a) => `dynamodb:${a}`),
          ['table'],
        );
        if (needs.table.queriesGsi1) allow(['dynamodb:Query'], ['table/index/gsi1']);
        allow(
          needs.table.writes.map((a) => `dynamodb:${a}`),
          ['table'],
        );
      }
      for (const queue of needs.sendsTo) allow(['sqs:SendMessage'], [`queue:${queue}`]);
      const consumed = (Object.entries(consumerFunctions) as [QueueName, LambdaEntry][]).find(([, e]) => e.id === entry.id)?.[0];
      if (consumed) {
        allow(
          ['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueUrl', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'],
          [`queue:${consumed}`],
        );
      }
      // A stream follower reads the table's stream (its event source's grant; ListStreams has no resource type).
      if (Object.values(streamFunctions).some((e) => e.id === entry.id)) {
        allow(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], ['table']);
        allow(['dynamodb:ListStreams'], ['*']);
      }
      if (needs.readsCrl) {
        allow(['s3:GetObject'], [`crl-bucket/${crlKey}`]);
        allow(['s3:ListBucket'], ['crl-bucket']);
      }
      if (needs.readsSigningKey) allow(['secretsmanager:GetSecretValue'], ['signing-key']);
      if (needs.readsVerificationKeys) allow(['secretsmanager:GetSecretValue'], ['verification-keys']);
      allow(
        ['secretsmanager:GetSecretValue'],
        needs.readsProviderSecrets.map((name) => `${providerSecretArn}/*/${name}-??????`),
      );
      if (needs.writesProviderSecrets) allow(['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], [`${providerSecretArn}/*`]);
      if (needs.writesCrl) allow(['s3:PutObject'], [`crl-bucket/${crlKey}`]);
      if (needs.readsAgentCa) allow(['secretsmanager:GetSecretValue'], ['agent-ca']);
      if (needs.integrationSecrets === 'read') allow(['secretsmanager:GetSecretValue'], [`${integrationSecretArn}/*`]);
      if (needs.integrationSecrets === 'write')
        allow(['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], [`${integrationSecretArn}/*`]);
      for (const [kind, access] of [
        ['saida', needs.outboundWebhookSecrets],
        ['entrada', needs.inboundWebhookSecrets],
      ] as const) {
        if (access === 'read' || access === 'read-write') allow(['secretsmanager:GetSecretValue'], [`${webhookSecretArn}/*/${kind}-*`]);
        if (access === 'write' || access === 'read-write')
          allow(['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], [`${webhookSecretArn}/*/${kind}-*`]);
      }
      if (needs.geocodes) allow(['geo:SearchPlaceIndexForText'], ['place-index']);
      if (needs.callsModel) {
        const pseudo = { partition: '<AWS::Partition>', region: '<AWS::Region>', account: '<AWS::AccountId>' };
        allow(['bedrock:InvokeModel'], modelInvokeArns(stack.model.model, pseudo));
        allow(['bedrock:ApplyGuardrail'], ['guardrail']);
      }
      if (needs.sendsMail) {
        const identity = (id: string) => `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/${id}`;
        allow(['ses:SendEmail'], [identity(mailFrom), identity('clinica.example'), identity(adminEmail)]);
      }
      return grants;
    };

    it('grants each function exactly what infra/permissions.ts lists, nothing more', () => {
      for (const { entry, needs } of functionNeeds) {
        expect([...grantsOf(entry)].sort(), entry.id).toEqual([...expectedGrants(entry, needs)].sort());
      }
    });

    it("limits the unauthenticated groups', the rate counter's and the exchange rate's writes to their own partitions, and the agent authorizer's one read to the CRL's", () => {
      const statementsOf = (entry: LambdaEntry) => {
        const policy = stack.functions.get(entry.id)!.role.node.tryFindChild('DefaultPolicy') as Policy;
        return resources[logicalId(policy)]!.Properties.PolicyDocument.Statement as Json[];
      };
      const writes = statementsOf(groupFunctions.public).filter((s) => asArray(s.Action).includes('dynamodb:PutItem'));
      expect(writes).toHaveLength(1);
      expect(writes[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONTATO#*', 'SEQ#*'] } });
      // The rate counter and the exchange rate are written in their own partitions only; the condition is there only where permissions.ts asks for it.
      const conditionOf = (entry: LambdaEntry) => statementsOf(entry).find((s) => s.Condition)?.Condition;
      // The webhook edge answers anyone too: it writes the generic inbound events it keeps (their own partition) and a plan
      // invoice Stripe's signed invoice.paid pays (its application's partition: the ledger's move and entry, the invoice's
      // move), puts and updates only, and nothing else: no delete, no other partition (a lookup, the sequence, the plans).
      const webhookWrites = statementsOf(groupFunctions.webhooks).filter((s) =>
        asArray(s.Action).some((a) => /^dynamodb:(Put|Update|Delete)/.test(a)),
      );
      expect(webhookWrites).toEqual([
        expect.objectContaining({
          Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APP#*#ENTRADA', 'APP#*'] } },
        }),
      ]);
      expect(conditionOf(authorizerFunctions.providerCredential)).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PCRED#*'] },
      });
      expect(conditionOf(scheduledFunctions.exchangeRate)).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['COTACAO#*'] },
      });
      expect(conditionOf(scheduledFunctions.crlReissue)).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CRL#*'] },
      });
      // The agent authorizer reads the number of the latest CRL published (pattern 45c) and nothing else of the table.
      expect(conditionOf(authorizerFunctions.agent)).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CRL#*'] },
      });
      // The stream follower writes statement days (in the applications' partitions) and the reconciler's gaps only.
      expect(conditionOf(streamFunctions.ledgerMoves)).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APP#*', 'LACUNA#*'] },
      });
      const conditioned = functionNeeds.filter(({ entry }) => conditionOf(entry)).map(({ entry }) => entry.id);
      expect(conditioned.sort()).toEqual(
        [
          streamFunctions.ledgerMoves.id,
          groupFunctions.public.id,
          groupFunctions.webhooks.id,
          authorizerFunctions.providerCredential.id,
          authorizerFunctions.agent.id,
          scheduledFunctions.exchangeRate.id,
          scheduledFunctions.crlReissue.id,
          scheduledFunctions.planInvoices.id,
        ].sort(),
      );
      expect([...grantsOf(authorizerFunctions.agent)].filter((g) => g.startsWith('dynamodb:'))).toEqual(['dynamodb:GetItem on table']);
    });

    it('uses no wildcard action or resource in any function policy, but for the application (and integration or webhook) id of a secret', () => {
      for (const { entry } of functionNeeds) {
        for (const grant of grantsOf(entry)) {
          const resource = grant.match(/^secretsmanager:\w+ on (.+)$/)?.[1];
          const prefix = [providerSecretArn, integrationSecretArn, webhookSecretArn].find((arn) => resource?.startsWith(`${arn}/*`));
          const named = prefix
            ? grant
                .replace(`${prefix}/*`, '')
                .replace(/-\?{6}$/, '')
                .replace(/\/(saida|entrada)-\*$/, '')
            : grant;
          if (grant === 'dynamodb:ListStreams on *') continue; // a stream follower's: the action has no resource type
          expect(named, entry.id).not.toMatch(/[*?]/);
        }
      }
    });

    it('lets no authorizer but the rate-limiting one write to the table, and none send to a queue or send mail', () => {
      for (const [scheme, entry] of Object.entries(authorizerFunctions)) {
        const grants = [...grantsOf(entry)];
        const writes = grants.filter((g) => /dynamodb:(Put|Update|Delete|BatchWrite|ConditionCheck)/.test(g));
        // The nbwp_ authorizer counts requests per credential and minute in the table.
        if (scheme !== 'providerCredential') expect(writes, entry.id).toEqual([]);
        expect(
          grants.filter((g) => /^(sqs|ses):/.test(g)),
          entry.id,
        ).toEqual([]);
      }
    });

    it('gives queue sends, the signing key, the CRL and SES only to the functions that need them', () => {
      const holders = (pattern: RegExp) =>
        allFunctions
          .filter((e) => [...grantsOf(e)].some((g) => pattern.test(g)))
          .map((e) => e.id)
          .sort();
      expect(holders(/^sqs:SendMessage on queue:inbound$/)).toEqual([groupFunctions.webhooks.id]);
      expect(holders(/^sqs:SendMessage on queue:status$/)).toEqual([groupFunctions.webhooks.id]);
      expect(holders(/^sqs:SendMessage on queue:outboundWebhooks$/)).toEqual(
        [
          groupFunctions['provider-api'].id,
          groupFunctions['v2-appointments'].id,
          groupFunctions['provider-portal'].id,
          groupFunctions['admin-flow'].id,
          consumerFunctions.inbound.id,
          consumerFunctions.outboundWebhooks.id,
          consumerFunctions.appointmentFlow.id,
          scheduledFunctions.appointmentSweep.id,
        ].sort(),
      );
      expect(holders(/^sqs:SendMessage on queue:appointmentFlow$/)).toEqual(
        [
          groupFunctions['v2-appointments'].id,
          groupFunctions['admin-flow'].id,
          groupFunctions['agent-import'].id,
          consumerFunctions.inbound.id,
          scheduledFunctions.appointmentSweep.id,
        ].sort(),
      );
      // The patient codes are queued by the token group alone.
      expect(holders(/^sqs:SendMessage on queue:patientCodes$/)).toEqual([groupFunctions.token.id]);
      // A campaign is queued by its group and the schedule, and each slice queues the next.
      expect(holders(/^sqs:SendMessage on queue:campaigns$/)).toEqual(
        [groupFunctions['admin-campaigns'].id, consumerFunctions.campaigns.id, scheduledFunctions.campaigns.id].sort(),
      );
      expect(holders(/^sqs:SendMessage on dlq:/)).toEqual([]);
      // Private keys only where tokens are signed; the verifiers read the public set alone.
      expect(holders(/^secretsmanager:GetSecretValue on signing-key$/)).toEqual([groupFunctions.token.id]);
      expect(holders(/^secretsmanager:GetSecretValue on verification-keys$/)).toEqual(
        [authorizerFunctions.oauth2.id, authorizerFunctions.portalJwt.id, authorizerFunctions.agent.id].sort(),
      );
      for (const entry of Object.values(authorizerFunctions)) {
        expect(
          [...grantsOf(entry)].filter((g) => g.includes('signing-key')),
          entry.id,
        ).toEqual([]);
      }
      // Provider secrets: read only where that provider is called or its calls verified; no authorizer reads one, and
      // their keeper (the admin group) writes them without reading any.
      const sends = [
        groupFunctions['external-messages'].id,
        groupFunctions['v2-other'].id,
        groupFunctions['admin-whatsapp'].id,
        groupFunctions['admin-flow'].id,
        consumerFunctions.appointmentFlow.id,
        consumerFunctions.patientCodes.id,
        consumerFunctions.campaigns.id,
        // The AI assistant's automatic answers are sends.
        consumerFunctions.inbound.id,
        scheduledFunctions.appointmentSweep.id,
        scheduledFunctions.scheduledSends.id,
      ];
      expect(holders(/^secretsmanager:GetSecretValue on .*\/providerB\.accessToken-/)).toEqual([...sends].sort());
      expect(holders(/^secretsmanager:GetSecretValue on .*\/providerA\.authToken-/)).toEqual(
        [...sends, groupFunctions.webhooks.id, consumerFunctions.status.id].sort(),
      );
      expect(holders(/^secretsmanager:GetSecretValue on .*\/providerB\.(appSecret|verifyToken)-/)).toEqual([groupFunctions.webhooks.id]);
      expect(holders(/^secretsmanager:(CreateSecret|PutSecretValue) on .*provedores/)).toEqual([groupFunctions.admin.id]);
      // Integration secrets: written by their keeper, read only by the group that hands them to the agent.
      expect(holders(/^secretsmanager:(CreateSecret|PutSecretValue) on .*integracoes/)).toEqual([groupFunctions['admin-integrations'].id]);
      expect(holders(/^secretsmanager:GetSecretValue on .*integracoes/)).toEqual([groupFunctions.agent.id]);
      // Webhook secrets: an outbound webhook's signing key written by the provider portal, read by the consumer that
      // signs and by the portal that reveals it to its provider; an inbound subscription's HMAC key written by the
      // admin panel, read only by the webhook edge.
      expect(holders(/^secretsmanager:(CreateSecret|PutSecretValue) on .*webhooks\/\*\/saida-\*$/)).toEqual([
        groupFunctions['provider-portal'].id,
      ]);
      expect(holders(/^secretsmanager:GetSecretValue on .*webhooks\/\*\/saida-\*$/)).toEqual(
        [consumerFunctions.outboundWebhooks.id, groupFunctions['provider-portal'].id].sort(),
      );
      expect(holders(/^secretsmanager:(CreateSecret|PutSecretValue) on .*webhooks\/\*\/entrada-\*$/)).toEqual([
        groupFunctions['admin-whatsapp'].id,
      ]);
      expect(holders(/^secretsmanager:GetSecretValue on .*webhooks\/\*\/entrada-\*$/)).toEqual([groupFunctions.webhooks.id]);
      expect(holders(/^s3:/)).toEqual(
        [
          authorizerFunctions.agent.id,
          groupFunctions.public.id,
          groupFunctions['admin-certificates'].id,
          scheduledFunctions.crlReissue.id,
        ].sort(),
      );
      // The CRL is published (and the CA's private key read) only where certificates are revoked or the CRL re-issued.
      const publishers = [groupFunctions['admin-certificates'].id, scheduledFunctions.crlReissue.id].sort();
      expect(holders(/^s3:PutObject/)).toEqual(publishers);
      expect(holders(/^secretsmanager:GetSecretValue on agent-ca$/)).toEqual(publishers);
      expect(holders(/^ses:/)).toEqual([groupFunctions.public.id]);
      // Geocoding: the physician portal only, on the stack's place index only.
      expect(holders(/^geo:/)).toEqual([groupFunctions['physician-portal'].id]);
      expect([...grantsOf(groupFunctions['physician-portal'])].filter((g) => g.startsWith('geo:'))).toEqual([
        'geo:SearchPlaceIndexForText on place-index',
      ]);
      const readOnlyGroups: Group[] = ['finance', 'config'];
      for (const group of readOnlyGroups) expect(holders(/dynamodb:PutItem/)).not.toContain(groupFunctions[group].id);
    });
  });

  describe('room to grow (docs/decisions.md)', () => {
    /** CloudFormation's limit is 500 resources a template; the layout keeps every template at or below this. */
    const CEILING = 400;
    /** What the next features are expected to add (#24: the console, campaigns, the billed services). */
    const FUTURE_ROUTES = 40;
    const FUTURE_FUNCTIONS = 10;
    /** The root's cost of a route: the path segments it adds. Twice the table's average (measured below) allows for deeper paths. */
    const ROOT_RESOURCES_PER_ROUTE = 2;
    const root = () => sizes.find((t) => t.name === stack.stackName)!;

    it(`keeps every template at or below ${CEILING} resources`, () => {
      const largest = sizes.reduce((a, b) => (b.resources > a.resources ? b : a));
      expect(largest.resources, `the largest template, ${largest.name}, holds ${largest.resources} resources`).toBeLessThanOrEqual(CEILING);
      for (const { name, resources } of sizes) expect(resources, name).toBeLessThanOrEqual(CEILING);
      // The root, one template per function, and the console site's.
      expect(sizes).toHaveLength(1 + allFunctions.length + 1);
    });

    it('costs the root one resource per function and, per route, only the path segments it adds', () => {
      expect(root().count('AWS::CloudFormation::Stack')).toBe(allFunctions.length + 1);
      expect(root().count('AWS::ApiGateway::Method')).toBe(0);
      expect(root().count('AWS::Lambda::Function')).toBe(0);
      // 122 paths for 117 routes today: the budget per route stays above the measured average.
      expect(root().count('AWS::ApiGateway::Resource') / routes.length).toBeLessThanOrEqual(ROOT_RESOURCES_PER_ROUTE);
    });

    it(`has room for ${FUTURE_ROUTES} more routes and ${FUTURE_FUNCTIONS} more functions in every template`, () => {
      const rootAfter = root().resources + FUTURE_ROUTES * ROOT_RESOURCES_PER_ROUTE + FUTURE_FUNCTIONS;
      expect(rootAfter, `root ${root().resources} now, ${rootAfter} after`).toBeLessThanOrEqual(CEILING);
      // A route is one method in its group's template: even all of them in the largest group fit.
      const largestGroup = sizes
        .filter((t) => t.count('AWS::ApiGateway::Method') > 0)
        .reduce((a, b) => (b.resources > a.resources ? b : a));
      expect(largestGroup.resources + FUTURE_ROUTES, largestGroup.name).toBeLessThanOrEqual(CEILING);
      // A new function is a template of its own, as small as today's: log group, role, policy, function, what
      // invokes it (a permission and an authorizer, queue mapping or schedule) and the CDK metadata, besides its methods.
      for (const { name, resources, count } of sizes.filter((t) => t.name !== stack.stackName && t.name !== consoleSiteId)) {
        expect(resources - count('AWS::ApiGateway::Method'), name).toBeLessThanOrEqual(7);
      }
    });
  });

  describe('cdk-nag', () => {
    it('finds no unacknowledged AwsSolutions violation (errors or warnings)', () => {
      // Act: the same pack infra/app.ts registers, run over the synthesized tree.
      const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(app);

      // Assess: list rule and path so a failure says what to fix.
      const violations = report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
      expect(violations).toEqual([]);
    });

    it('states a reason for every acknowledged rule', () => {
      const acknowledged = app.node
        .findAll()
        .flatMap((c) =>
          c.node.metadata
            .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
            .map((m) => ({ path: c.node.path, data: m.data as Record<string, string> })),
        )
        .flatMap(({ path, data }) => Object.entries(data).map(([rule, reason]) => ({ path, rule, reason })));
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const { path, rule, reason } of acknowledged) expect(reason.trim().length, `${rule} at ${path}`).toBeGreaterThan(20);
    });
  });
});

describe('the place index', () => {
  const nameWith = (props: PlaceIndexProps, stackName = 'WhatsappPlatform') => {
    const stack = new Stack(new App(), stackName);
    return stack.resolve(new PlaceIndex(stack, 'PlaceIndex', props).index.indexName) as string;
  };
  const here: PlaceIndexProps = { dataSource: 'Here', intendedUse: 'Storage' };

  it('is named after what replaces it, so a new data source is a new index CloudFormation can create beside the old one', () => {
    // Act + Assess: a replacement property changes the name; the same properties keep it from one synth to the next.
    expect(nameWith(here)).toBe(nameWith(here));
    expect(nameWith({ ...here, dataSource: 'Esri' })).not.toBe(nameWith(here));
    expect(nameWith({ ...here, intendedUse: 'SingleUse' })).not.toBe(nameWith(here));
    expect(nameWith(here, 'Staging')).not.toBe(nameWith(here));
  });

  it("keeps the name within IndexName's 100 characters of [-._\\w], whatever the stack is called", () => {
    for (const stackName of ['WhatsappPlatform', 'A'.repeat(128)]) {
      const name = nameWith(here, stackName);
      expect(name).toMatch(/^[-._\w]{1,100}$/);
      expect(name.endsWith('-Here-Storage')).toBe(true);
    }
  });
});

describe('PlatformStack options', () => {
  it('adds the mutual-TLS agent domain, mapped to the API, when its context is given', () => {
    // Prepare + Act
    const { template } = synthesize({
      mail: { mailFrom, adminEmail },
      agentDomain: {
        domainName: 'agente.clinica.example',
        certificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/abc',
        truststoreUri: 's3://pki-bucket/agents/truststore.pem',
      },
    });

    // Assess
    template.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'agente.clinica.example',
      RegionalCertificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/abc',
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
      MutualTlsAuthentication: { TruststoreUri: 's3://pki-bucket/agents/truststore.pem' },
    });
    template.resourceCountIs('AWS::ApiGateway::BasePathMapping', 1);
  });

  it("grants no ses:SendEmail at all when the operator chose mail 'none'", () => {
    // Prepare + Act
    const { resources } = synthesize({ mail: 'none' });

    // Assess
    const actions = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((r) => (r.Properties.PolicyDocument.Statement as Json[]).flatMap((s) => asArray(s.Action)));
    expect(actions.filter((a) => String(a).startsWith('ses:'))).toEqual([]);
    const env = Object.values(resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => (r.Properties.Environment?.Variables ?? {}) as Json);
    expect(env.filter((v) => v.MAIL_FROM !== undefined || v.ADMIN_EMAIL !== undefined)).toEqual([]);
  });
});

describe('push notifications (#39, docs/app-chat.md)', () => {
  const push = {
    android: 'arn:aws:sns:sa-east-1:123456789012:app/GCM/saude-android',
    ios: 'arn:aws:sns:sa-east-1:123456789012:app/APNS/saude-ios',
  };
  const snsStatements = (resources: Record<string, Json>) =>
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .map((r) =>
        (r.Properties.PolicyDocument.Statement as Json[]).filter((st) => asArray(st.Action).some((a) => String(a).startsWith('sns:'))),
      )
      .filter((statements) => statements.length > 0);
  const pushEnvironments = (resources: Record<string, Json>) =>
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => (r.Properties.Environment?.Variables ?? {}) as Json)
      .filter((v) => v.PUSH_ANDROID_APP_ARN !== undefined || v.PUSH_IOS_APP_ARN !== undefined);

  it('grants SNS to the three functions that push only, on the platform applications and their endpoints, with their ARNs', () => {
    // Prepare + Act
    const { app, resources } = synthesize({ push }, { region: 'sa-east-1', account: '123456789012' });

    // Assess
    const policies = snsStatements(resources);
    expect(policies).toHaveLength(3); // patient-app, admin-whatsapp, the appointment-flow consumer
    for (const statements of policies) {
      expect(statements.map((st) => [asArray(st.Action).sort(), asArray(st.Resource).sort()])).toEqual([
        [['sns:CreatePlatformEndpoint'], [push.ios, push.android]],
        [
          ['sns:DeleteEndpoint', 'sns:Publish'],
          [
            'arn:aws:sns:sa-east-1:123456789012:endpoint/APNS/saude-ios/*',
            'arn:aws:sns:sa-east-1:123456789012:endpoint/GCM/saude-android/*',
          ],
        ],
      ]);
    }
    expect(pushEnvironments(resources)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ PUSH_ANDROID_APP_ARN: push.android, PUSH_IOS_APP_ARN: push.ios })),
    );
    const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(app);
    expect(report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
  });

  it('grants no sns action and names no platform application without the context', () => {
    // Prepare + Act
    const { resources } = synthesize();

    // Assess
    expect(snsStatements(resources)).toEqual([]);
    expect(pushEnvironments(resources)).toEqual([]);
  });
});

/**
 * The environments a synth runs in: the CLI always resolves a region (AWS_REGION, a profile, else us-east-1) and, with
 * credentials, the account; a unit test or `cdk synth` in code may leave both unresolved.
 */
const environments: [string, Environment | undefined][] = [
  ['environment-agnostic', undefined],
  ["the CLI's default region", { region: 'us-east-1' }],
  ['AWS_REGION=sa-east-1', { region: 'sa-east-1' }],
  ['a deploy with credentials (region and account)', { region: 'sa-east-1', account: '123456789012' }],
];

describe.each(environments)('synthesized for %s', (_name, env) => {
  it('finds no unacknowledged AwsSolutions violation, with and without e-mail', () => {
    for (const mail of ['none', { mailFrom, adminEmail }] as const) {
      // Prepare + Act
      const { app } = synthesize({ mail }, env);
      const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(app);

      // Assess
      const violations = report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
      expect(violations).toEqual([]);
    }
  });
});

describe('infra/app.ts, run as the CLI runs it', () => {
  /** This process's environment without the region and account a developer's shell may hold. */
  const cliEnvironment = () => {
    const env = { ...process.env };
    for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION', 'CDK_DEFAULT_REGION', 'CDK_DEFAULT_ACCOUNT']) delete env[name];
    return env;
  };
  /** The app as `cdk synth` runs it: cdk.json's context in CDK_CONTEXT_JSON (bundling skipped), the CLI's environment variables. */
  const runApp = async (env: Record<string, string>, context: Json = {}) => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'cdk-out-'));
    try {
      const contextJson = JSON.stringify({ ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context });
      const run = await execFileAsync('npx', ['tsx', 'infra/app.ts'], {
        cwd: repoRoot,
        env: { ...cliEnvironment(), CDK_CONTEXT_JSON: contextJson, CDK_OUTDIR: outdir, ...env },
      }).then(
        ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
        (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
      const report = await readFile(path.join(outdir, 'validation-report.json'), 'utf8').then(
        (text) => JSON.parse(text) as Json,
        () => undefined,
      );
      return { ...run, report };
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  };

  it("synthesizes cdk-nag clean as `cdk synth` runs it (the CLI's default region) and as a deploy does (region and account)", async () => {
    // Act: the synth of a clean clone, and a deploy's (the other environments are synthesized in process above).
    const runs = await Promise.all([
      runApp({ CDK_DEFAULT_REGION: 'us-east-1' }),
      runApp({ CDK_DEFAULT_REGION: 'sa-east-1', CDK_DEFAULT_ACCOUNT: '123456789012' }),
    ]);

    // Assess
    for (const run of runs) {
      expect(run.output).not.toMatch(/ERROR|WARNING/);
      expect(run.ok, run.output).toBe(true);
      expect(run.report?.pluginReports).toEqual([]);
    }
    // Two whole synths (every Lambda bundled, the console built) side by side on a shared 2-core machine:
    // a correctness check, so its limit is generous.
  }, 300_000);

  it('refuses to synthesize without a choice for the contact e-mail, and says what to give', async () => {
    // Act
    const run = await runApp({ CDK_DEFAULT_REGION: 'sa-east-1' }, { mailFrom: undefined });

    // Assess
    expect(run.ok).toBe(false);
    expect(run.output).toContain("mailFrom must be a verified SES sender address or 'none'");
  });
});

describe('the model and its guardrail (docs/ai.md)', () => {
  const ofType = (resources: Record<string, Json>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const guardrailOf = (resources: Record<string, Json>) => {
    const found = ofType(resources, 'AWS::Bedrock::Guardrail');
    expect(found).toHaveLength(1);
    return { id: found[0]![0], props: found[0]![1].Properties as Json };
  };
  /** A function that calls the model: the reference group's needs (none) and callsModel, granted as the stack grants. */
  const withModelCaller = (stack: PlatformStack) => {
    const home = new NestedStack(stack, 'ModelCaller');
    const fn = new ServiceFunction(home, 'ModelCaller', { entry: 'functions/reference/handler.ts', timeout: Duration.seconds(10) });
    const needs: FunctionNeeds = { ...groupNeeds.reference, callsModel: true };
    fn.grant(policyStatements(needs, stack.grantTargets), grantEnvironment(needs, stack.grantNames));
  };
  const modelCallerOf = (resources: Record<string, Json>) => {
    const [, fn] = ofType(resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ModelCaller/'))!;
    const [, policy] = ofType(resources, 'AWS::IAM::Policy').find(([id]) => id.startsWith('ModelCaller/'))!;
    const statements = (policy.Properties.PolicyDocument.Statement as Json[]).filter((s) =>
      String(asArray(s.Action)[0]).startsWith('bedrock:'),
    );
    return { env: fn.Properties.Environment.Variables as Json, statements };
  };
  const join = (value: unknown): string => {
    const v = value as Json;
    if (typeof value === 'string') return value;
    if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map(join).join(v['Fn::Join'][0]);
    if (v.Ref) return `<${v.Ref}>`;
    if (v['Fn::GetAtt']) return `<${v['Fn::GetAtt'].join('.')}>`;
    return JSON.stringify(v);
  };

  it('makes one guardrail: clinical advice a denied topic, CPFs and other identifiers refused both ways, pt-BR messages, and a version of it', () => {
    // Prepare + Act: environment-agnostic (the Classic tier: no guardrail profile is known for an unknown Region).
    const { resources } = synthesize();

    // Assess
    const { id, props } = guardrailOf(resources);
    expect(props.Name).toBe(guardrailName('Test'));
    expect(props.BlockedInputMessaging).toBe(blockedInputMessage);
    expect(props.BlockedOutputsMessaging).toBe(blockedOutputMessage);
    expect(props.TopicPolicyConfig.TopicsConfig).toEqual([
      {
        Name: clinicalAdviceTopic.name,
        Definition: clinicalAdviceTopic.definition,
        Examples: [...clinicalAdviceTopic.examples],
        Type: 'DENY',
        InputAction: 'BLOCK',
        OutputAction: 'BLOCK',
      },
    ]);
    expect(props.TopicPolicyConfig.TopicsTierConfig).toEqual({ TierName: 'CLASSIC' });
    expect(props.CrossRegionConfig).toBeUndefined();
    const regexes = props.SensitiveInformationPolicyConfig.RegexesConfig as Json[];
    expect(regexes.map((r) => [r.Name, r.Action, r.InputAction, r.OutputAction])).toEqual(
      identifierPatterns.map((p) => [p.name, 'BLOCK', 'BLOCK', 'BLOCK']),
    );
    const pii = props.SensitiveInformationPolicyConfig.PiiEntitiesConfig as Json[];
    expect(pii.map((p) => [p.Type, p.Action, p.InputAction, p.OutputAction])).toEqual(
      blockedPiiTypes.map((t) => [t, 'BLOCK', 'BLOCK', 'BLOCK']),
    );
    expect(props.ContentPolicyConfig.FiltersConfig).toContainEqual({
      Type: 'PROMPT_ATTACK',
      InputStrength: 'HIGH',
      OutputStrength: 'NONE',
    });
    const versions = ofType(resources, 'AWS::Bedrock::GuardrailVersion');
    expect(versions).toHaveLength(1);
    expect(versions[0]![1].Properties.GuardrailIdentifier).toEqual({ 'Fn::GetAtt': [id, 'GuardrailId'] });
  });

  it("refuses CPFs however a patient writes them with the patterns, and lets a phone number or an appointment's date through", () => {
    const refused = (text: string) => identifierPatterns.filter((p) => new RegExp(p.pattern).test(text)).map((p) => p.name);

    expect(refused('meu cpf é 123.456.789-09')).toEqual(['CPF']);
    expect(refused('CPF: 12345678909')).toEqual(['CPF sem pontuacao']);
    expect(refused('cartão do SUS 898 0012 3456 7890')).toEqual(['Cartao Nacional de Saude']);
    expect(refused('me liga no +55 11 98765-4321 ou 11987654321')).toEqual([]);
    expect(refused('consulta dia 12/03/2026 às 14:30, protocolo 2026-000123')).toEqual([]);
  });

  it("keeps within Bedrock's limits: names, definition, examples, messages", () => {
    expect(clinicalAdviceTopic.name).toMatch(/^[0-9a-zA-Z-_ !?.]{1,100}$/);
    expect(clinicalAdviceTopic.definition.length).toBeLessThanOrEqual(200);
    expect(clinicalAdviceTopic.examples.length).toBeLessThanOrEqual(5);
    for (const example of clinicalAdviceTopic.examples) expect(example.length).toBeLessThanOrEqual(100);
    for (const message of [blockedInputMessage, blockedOutputMessage]) expect(message.length).toBeLessThanOrEqual(500);
    for (const stackName of ['Test', 'WhatsappPlatform', 'a'.repeat(128)])
      expect(guardrailName(stackName)).toMatch(/^[0-9a-zA-Z-_]{1,50}$/);
  });

  it('uses the US guardrail profile and the Standard tier (which reads Portuguese) in the US Regions, and a new version for a new definition', () => {
    // Act
    const us = synthesize({}, { region: 'us-east-1' }).resources;
    const classic = synthesize({ model: { guardrailProfile: 'none' } }, { region: 'us-east-1' }).resources;

    // Assess
    const { props } = guardrailOf(us);
    expect(join(props.CrossRegionConfig.GuardrailProfileArn)).toBe(
      'arn:<AWS::Partition>:bedrock:<AWS::Region>:<AWS::AccountId>:guardrail-profile/us.guardrail.v1:0',
    );
    expect(props.TopicPolicyConfig.TopicsTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(props.ContentPolicyConfig.ContentFiltersTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(guardrailOf(classic).props.CrossRegionConfig).toBeUndefined();
    const versionId = (resources: Record<string, Json>) => ofType(resources, 'AWS::Bedrock::GuardrailVersion')[0]![0];
    expect(versionId(us)).not.toBe(versionId(classic));
  });

  it("calls the Region's small, cheap model unless the modelId context names another", () => {
    const modelOf = (props: Partial<PlatformStackProps>, env?: Environment) => synthesize(props, env).stack.model.model;

    expect(modelOf({}).modelId).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(modelOf({}, { region: 'sa-east-1' })).toEqual({
      modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
      foundationModel: 'anthropic.claude-3-haiku-20240307-v1:0',
      routing: { kind: 'in-region' },
    });
    expect(modelOf({}, { region: 'us-east-1' })).toEqual({
      modelId: 'us.amazon.nova-micro-v1:0',
      foundationModel: 'amazon.nova-micro-v1:0',
      routing: { kind: 'geographic', destinations: ['us-east-1', 'us-east-2', 'us-west-2'] },
    });
    expect(modelOf({ model: { modelId: 'eu.amazon.nova-micro-v1:0', modelRegions: 'eu-west-1, eu-central-1' } })).toMatchObject({
      routing: { kind: 'geographic', destinations: ['eu-west-1', 'eu-central-1'] },
    });
    expect(() => modelOf({ model: { modelId: 'eu.amazon.nova-micro-v1:0' } })).toThrow('-c modelRegions=');
    expect(() => modelOf({ model: { guardrailProfile: 'eu.guardrail.v1:0' } })).toThrow('-c guardrailProfileRegions=');
  });

  it('grants the model to the three functions that call it, and to no other', () => {
    const { resources } = synthesize();
    const withBedrock = ofType(resources, 'AWS::IAM::Policy').filter(([, r]) =>
      (r.Properties.PolicyDocument.Statement as Json[]).some((s) => asArray(s.Action).some((a) => String(a).startsWith('bedrock:'))),
    );
    expect(withBedrock).toHaveLength(3);
    expect(
      functionNeeds
        .filter((f) => f.needs.callsModel)
        .map((f) => f.entry.id)
        .sort(),
    ).toEqual(['Consumer-inbound', 'Group-admin-flow', 'Group-admin-whatsapp']);
  });

  it('grants a function that calls the model InvokeModel on that model only, ApplyGuardrail on that guardrail only, and names both in its environment', () => {
    // Prepare + Act: in-Region (environment-agnostic: Claude 3 Haiku), then the US profile with the US guardrail profile.
    const inRegion = synthesize({}, undefined, withModelCaller);
    const us = synthesize({}, { region: 'us-east-1' }, withModelCaller);

    // Assess
    const guardrailArn = (resources: Record<string, Json>) => `<${guardrailOf(resources).id}.GuardrailArn>`;
    const caller = modelCallerOf(inRegion.resources);
    expect(caller.statements.map((s) => [s.Action, asArray(s.Resource).map(join).sort()])).toEqual([
      ['bedrock:InvokeModel', ['arn:<AWS::Partition>:bedrock:<AWS::Region>::foundation-model/anthropic.claude-3-haiku-20240307-v1:0']],
      ['bedrock:ApplyGuardrail', [guardrailArn(inRegion.resources)]],
    ]);
    expect(caller.env).toMatchObject({
      MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
      GUARDRAIL_ID: { 'Fn::GetAtt': [guardrailOf(inRegion.resources).id, 'GuardrailId'] },
      GUARDRAIL_VERSION: { 'Fn::GetAtt': [ofType(inRegion.resources, 'AWS::Bedrock::GuardrailVersion')[0]![0], 'Version'] },
    });
    const fm = (region: string) => `arn:<AWS::Partition>:bedrock:${region}::foundation-model/amazon.nova-micro-v1:0`;
    const profile = (id: string) => `arn:<AWS::Partition>:bedrock:<AWS::Region>:<AWS::AccountId>:${id}`;
    expect(modelCallerOf(us.resources).statements.map((s) => [s.Action, asArray(s.Resource).map(join).sort()])).toEqual([
      [
        'bedrock:InvokeModel',
        [profile('inference-profile/us.amazon.nova-micro-v1:0'), fm('us-east-1'), fm('us-east-2'), fm('us-west-2')].sort(),
      ],
      [
        'bedrock:ApplyGuardrail',
        [
          guardrailArn(us.resources),
          ...['us-east-1', 'us-east-2', 'us-west-2'].map(
            (r) => `arn:<AWS::Partition>:bedrock:${r}:<AWS::AccountId>:guardrail-profile/us.guardrail.v1:0`,
          ),
        ].sort(),
      ],
    ]);
    expect(modelCallerOf(us.resources).env.MODEL_ID).toBe('us.amazon.nova-micro-v1:0');
    // No wildcard, so nothing for cdk-nag to acknowledge.
    for (const { app } of [inRegion, us]) {
      const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(app);
      expect(report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
    }
  });
});

// The console's hosting on AWS (infra/constructs/console-site.ts): the private bucket only the distribution reads,
// the one origin for the console and the API, the security headers of infra/console-headers.ts, the edge functions
// (their deployed code evaluated on sample events, and held against what the local gateway answers), and the web
// ACL's per-address rules behind CloudFront. One synth (bundling skipped) and one console build for the file.
import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsole } from '#console/build';
import { DISTRIBUTION_MARKER_HEADER, VIEWER_IP_HEADER } from '#infra/console-edge';
import { consoleSecurityHeaders } from '#infra/console-headers';
import { apiPathPatterns, AUTH_PATH_PATTERN, HASHED_FILES, IMMUTABLE } from '#infra/constructs/console-site';
import { rateLimits } from '#infra/constructs/rate-limits';
import { stageName } from '#infra/constructs/rest-api';
import { viaDistributionRuleName } from '#infra/constructs/web-acl';
import { consolePage } from '#infra/local/console-site';
import { PlatformStack } from '#infra/stack';
import { routes } from '#shared/http/routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CloudFormation JSON under test

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Json };
/** CloudFront's managed policies (their ids are fixed by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'];

let root: Json;
let site: Json;
/** The nested stack's resource in the root, whose Parameters carry the root's values into the site's template. */
let siteResource: Json;
let builtDir: string;

const ofType = (template: Json, type: string) =>
  Object.entries(template.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);
const one = (template: Json, type: string): [string, Json] => {
  const all = ofType(template, type);
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
/** A value of the site's template as the root gives it: a nested stack parameter replaced by what the root passes. */
const fromRoot = (value: unknown): unknown => {
  const ref = (value as Json | undefined)?.Ref as string | undefined;
  return ref && ref in (site.Parameters ?? {}) ? siteResource.Properties.Parameters[ref] : value;
};
const distribution = () => one(site, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as Json;
const originOf = (targetOriginId: string) => (distribution().Origins as Json[]).find((o) => o.Id === targetOriginId)!;
const isBucket = (origin: Json) => JSON.stringify(origin.DomainName).includes('RegionalDomainName');
const isApi = (origin: Json) => JSON.stringify(origin.DomainName).includes('.execute-api.');
/** The behavior CloudFront picks for a path: the first pattern that matches (`*` is any run of characters), else the default. */
const behaviorFor = (uri: string): Json =>
  (distribution().CacheBehaviors as Json[]).find((b) =>
    new RegExp(`^${(b.PathPattern as string).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(uri),
  ) ?? distribution().DefaultCacheBehavior;
/** A deployed CloudFront Function, evaluated as CloudFront would: its `handler`. */
const functionOf = (association: Json | undefined): ((event: Json) => Json) => {
  expect(association).toBeDefined();
  const [id] = association!.FunctionARN['Fn::GetAtt'] as [string];
  const code = site.Resources[id].Properties.FunctionCode as string;
  return runInNewContext(`${code}\nhandler;`, {}) as (event: Json) => Json;
};
const associationOf = (behavior: Json, eventType: string) =>
  (behavior.FunctionAssociations as Json[] | undefined)?.find((a) => a.EventType === eventType);
const viewerRequest = (uri: string, headers: Json = {}) => ({
  version: '1.0',
  context: { eventType: 'viewer-request' },
  viewer: { ip: '198.51.100.7' },
  request: { method: 'GET', uri, querystring: {}, headers, cookies: {} },
});

beforeAll(async () => {
  // Prepare: one synth, environment-agnostic, bundling skipped (the asset is the console's source folder); one build.
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const stack = new PlatformStack(app, 'Test', {
    build: { version: '1.2.3', commit: 'abc1234', time: '2025-01-01T00:00:00.000Z' },
    mail: 'none',
  });
  const nested = Stack.of(stack.console);
  root = Template.fromStack(stack).toJSON();
  site = Template.fromStack(nested).toJSON();
  siteResource = root.Resources[stack.getLogicalId(nested.nestedStackResource!)];
  builtDir = await mkdtemp(path.join(tmpdir(), 'console-site-'));
  await buildConsole(builtDir);
}, 120_000);

afterAll(async () => {
  await rm(builtDir, { recursive: true, force: true });
});

describe('the bucket', () => {
  it('is private, encrypted and TLS-only, and the distribution is its only reader (OAC, its own ARN as SourceArn)', () => {
    const [bucketId, bucket] = one(site, 'AWS::S3::Bucket');
    const [, distributionResource] = one(site, 'AWS::CloudFront::Distribution');
    const distributionId = Object.entries(site.Resources as Record<string, Json>).find(([, r]) => r === distributionResource)![0];

    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe(
      'AES256',
    );
    const statements = one(site, 'AWS::S3::BucketPolicy')[1].Properties.PolicyDocument.Statement as Json[];
    const denies = statements.filter((s) => s.Effect === 'Deny');
    expect(denies).toEqual([expect.objectContaining({ Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Principal: { AWS: '*' } })]);
    const allows = statements.filter((s) => s.Effect === 'Allow');
    expect(
      allows
        .map((s) => [s.Action].flat())
        .flat()
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket']);
    for (const s of allows) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
      expect(JSON.stringify(s.Condition.StringEquals['AWS:SourceArn'])).toContain(`"Ref":"${distributionId}"`);
      expect(JSON.stringify(s.Resource)).toContain(bucketId);
    }

    const [oacId, oac] = one(site, 'AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const bucketOrigins = (distribution().Origins as Json[]).filter(isBucket);
    expect(bucketOrigins).toHaveLength(1);
    expect(bucketOrigins[0]!.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(bucketOrigins[0]!.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
  });

  it('holds the build under console/, hashed files cached for a year and never pruned, the rest revalidated, as the local gateway serves them', async () => {
    const deployments = ofType(site, 'Custom::CDKBucketDeployment').map(([id, r]): Json => ({ id, ...r }));
    expect(deployments).toHaveLength(2);
    const hashed = deployments.find((d) => d.Properties.Include)!;
    const pages = deployments.find((d) => !d.Properties.Include)!;
    expect(hashed.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'console/',
      Exclude: ['*'],
      Include: HASHED_FILES,
      Prune: false,
      SystemMetadata: { 'cache-control': IMMUTABLE },
    });
    expect(pages.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'console/',
      Exclude: HASHED_FILES,
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    // index.html goes after the files it names.
    expect(pages.DependsOn).toContain(hashed.id);

    // Every file of a real build gets the Cache-Control the local gateway gives it (an s3 sync filter: `*` is any run).
    const globs = HASHED_FILES.map((g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
    const files = await readdir(builtDir);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'favicon.svg']));
    expect(files.filter((f) => globs.some((g) => g.test(f)))).toHaveLength(2);
    for (const file of files) {
      const local = await consolePage('GET', `/console/${file}`, builtDir);
      const onAws = globs.some((g) => g.test(file)) ? IMMUTABLE : 'no-cache';
      expect(local?.headers['Cache-Control'], file).toBe(onAws);
    }
  });
});

describe('the security headers', () => {
  it('are exactly those of infra/console-headers.ts, on every console behavior', () => {
    const [policyId, policy] = one(site, 'AWS::CloudFront::ResponseHeadersPolicy');
    const config = policy.Properties.ResponseHeadersPolicyConfig as Json;
    const security = config.SecurityHeadersConfig as Json;
    const hsts = security.StrictTransportSecurity as Json;

    // Act: the headers CloudFront sends, read back from the policy.
    const sent: Record<string, string> = {
      'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
      'Strict-Transport-Security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': security.FrameOptions.FrameOption,
      'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries((config.CustomHeadersConfig.Items as Json[]).map((h) => [h.Header, h.Value])),
    };

    // Assess
    expect(sent).toEqual(consoleSecurityHeaders);
    for (const header of [
      security.ContentSecurityPolicy,
      hsts,
      security.FrameOptions,
      security.ReferrerPolicy,
      security.ContentTypeOptions,
    ])
      expect(header.Override).toBe(true);
    const scriptSrc = (sent['Content-Security-Policy'] as string).split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(sent['Content-Security-Policy']).not.toContain('unsafe-inline');
    expect(sent['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(hsts.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    for (const uri of ['/', '/console', '/console/', '/console/index.html', '/console/app-ABCDEFGH.js'])
      expect(behaviorFor(uri).ResponseHeadersPolicyId, uri).toEqual({ Ref: policyId });
  });
});

describe('one origin for the console and the API', () => {
  it('sends /api/*, /oauth2/*, /.well-known/* and /openapi.json to the stage, uncached, every method, everything forwarded but Host', () => {
    expect(apiPathPatterns().sort()).toEqual(['/.well-known/*', '/api/*', '/oauth2/*', '/openapi.json']);
    for (const pattern of [...apiPathPatterns(), AUTH_PATH_PATTERN]) {
      const behavior = (distribution().CacheBehaviors as Json[]).find((b) => b.PathPattern === pattern)!;
      expect(behavior, pattern).toBeDefined();
      expect(isApi(originOf(behavior.TargetOriginId)), pattern).toBe(true);
      expect(behavior).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: ALL_METHODS,
        ViewerProtocolPolicy: 'https-only',
      });
      expect(behavior.ResponseHeadersPolicyId).toBeUndefined();
    }
    // The stage is the origin path; every route of the route table lands on the API.
    const api = (distribution().Origins as Json[]).filter(isApi);
    expect(api).toHaveLength(1);
    expect(JSON.stringify(api[0]!.OriginPath)).toContain('DeploymentStage');
    expect(api[0]!.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    for (const route of routes) {
      const uri = route.path.replace(/\{[^}]+\}/g, '1');
      expect(isApi(originOf(behaviorFor(uri).TargetOriginId)), `${route.method} ${route.path}`).toBe(true);
    }
    // The session routes keep their own behavior, ahead of /api/*.
    const patterns = (distribution().CacheBehaviors as Json[]).map((b) => b.PathPattern);
    expect(patterns.indexOf(AUTH_PATH_PATTERN)).toBeLessThan(patterns.indexOf('/api/*'));
    expect(behaviorFor('/api/auth/refresh').PathPattern).toBe(AUTH_PATH_PATTERN);
  });

  it('serves /console/* and everything else from the bucket, cached by the files` own Cache-Control, through the console function', () => {
    for (const uri of ['/', '/console', '/console/', '/console/mensagens', '/console/app-ABCDEFGH.js', '/favicon.ico']) {
      const behavior = behaviorFor(uri);
      expect(isBucket(originOf(behavior.TargetOriginId)), uri).toBe(true);
      expect(behavior, uri).toMatchObject({
        CachePolicyId: CACHING_OPTIMIZED,
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(associationOf(behavior, 'viewer-request'), uri).toEqual(associationOf(distribution().DefaultCacheBehavior, 'viewer-request'));
    }
    expect(behaviorFor('/console/x').PathPattern).toBe('/console/*');
  });

  it('gives the console`s URL as the stack output ConsoleUrl', () => {
    const value = JSON.stringify(root.Outputs.ConsoleUrl.Value);
    expect(value).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",\{"Fn::GetAtt":\["ConsoleSite.*DomainName"\]\},"\/console\/"\]\]\}$/);
  });
});

describe('the console function (viewer request)', () => {
  const handler = () => functionOf(associationOf(behaviorFor('/console/'), 'viewer-request'));

  it('answers app routes with index.html, passes files, redirects /console and /, and refuses the rest', async () => {
    const cases: [string, { uri?: string; status?: number; location?: string }][] = [
      ['/console/mensagens', { uri: '/console/index.html' }],
      ['/console/pacientes/12', { uri: '/console/index.html' }],
      ['/console/', { uri: '/console/index.html' }],
      ['/console/app-ABCDEFGH.js', { uri: '/console/app-ABCDEFGH.js' }],
      ['/console/app-ABCDEFGH.js.map', { uri: '/console/app-ABCDEFGH.js.map' }],
      ['/console/favicon.svg', { uri: '/console/favicon.svg' }],
      ['/console/.env', { uri: '/console/index.html' }],
      ['/console', { status: 301, location: '/console/' }],
      ['/', { status: 301, location: '/console/' }],
      ['/robots.txt', { status: 404 }],
    ];
    for (const [uri, expected] of cases) {
      // Act
      const result = handler()(viewerRequest(uri));

      // Assess: what CloudFront does, and what the local gateway answers for the same path.
      const local = await consolePage('GET', uri, builtDir);
      if (expected.uri) {
        expect(result.uri, uri).toBe(expected.uri);
        expect(result.statusCode, uri).toBeUndefined();
        const file = await consolePage('GET', expected.uri, builtDir);
        expect(local?.body.equals(file!.body), `${uri} locally`).toBe(true);
      } else {
        expect(result.statusCode, uri).toBe(expected.status);
        if (expected.location) {
          expect(result.headers.location.value, uri).toBe(expected.location);
          if (uri !== '/') expect([local?.statusCode, local?.headers.Location], `${uri} locally`).toEqual([301, expected.location]);
        }
      }
    }
  });
});

describe('the API behaviors', () => {
  it("write the viewer's address for the web ACL, over any the viewer sent", () => {
    const handler = functionOf(associationOf(behaviorFor('/api/external/mensagens'), 'viewer-request'));
    for (const pattern of [...apiPathPatterns(), AUTH_PATH_PATTERN]) {
      const behavior = (distribution().CacheBehaviors as Json[]).find((b) => b.PathPattern === pattern)!;
      expect(associationOf(behavior, 'viewer-request'), pattern).toEqual(associationOf(behaviorFor('/api/x'), 'viewer-request'));
    }

    const result = handler(
      viewerRequest('/api/auth/login', { [VIEWER_IP_HEADER]: { value: '203.0.113.99' }, authorization: { value: 'Bearer t' } }),
    );

    expect(result.headers[VIEWER_IP_HEADER]).toEqual({ value: '198.51.100.7' });
    expect(result.headers.authorization).toEqual({ value: 'Bearer t' });
    expect(result.uri).toBe('/api/auth/login');
  });

  it('take the stage off the refresh cookie`s Path on /api/auth/*, so the browser sends it back to /api/auth', () => {
    const association = associationOf(behaviorFor('/api/auth/refresh'), 'viewer-response');
    expect(associationOf(behaviorFor('/api/external/mensagens'), 'viewer-response')).toBeUndefined();
    const handler = functionOf(association);
    const attributes = (p: string) => `HttpOnly; Secure; SameSite=Strict; Path=${p}; Max-Age=43200`;
    const response = {
      statusCode: 200,
      headers: {},
      cookies: {
        refresh_token: { value: 'id.secret', attributes: attributes(`/${stageName}/api/auth`) },
        other: {
          value: 'a',
          attributes: `Path=/${stageName}`,
          multiValue: [
            { value: 'a', attributes: `Path=/${stageName}` },
            { value: 'b', attributes: `path=/${stageName}extra/x; Secure` },
          ],
        },
      },
    };

    const result = handler({
      version: '1.0',
      context: { eventType: 'viewer-response' },
      viewer: { ip: '198.51.100.7' },
      request: {},
      response,
    });

    expect(result.cookies.refresh_token).toEqual({ value: 'id.secret', attributes: attributes('/api/auth') });
    expect(result.cookies.other.multiValue).toEqual([
      { value: 'a', attributes: 'Path=/' },
      { value: 'b', attributes: `path=/${stageName}extra/x; Secure` },
    ]);
  });
});

describe('the web ACL behind the distribution', () => {
  it('counts per-address limits per viewer address on requests marked by the distribution, per source address on the rest', () => {
    const rules = one(root, 'AWS::WAFv2::WebACL')[1].Properties.Rules as Json[];
    const perAddress = rateLimits.filter((l) => l.key === 'ip');
    expect(perAddress.length).toBeGreaterThan(0);
    expect(rules.map((r) => r.Name)).toEqual([...rateLimits.map((l) => l.name), ...perAddress.map((l) => viaDistributionRuleName(l.name))]);
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);

    // The marker CloudFront adds to every API request is the value the web ACL looks for, known to the stack only.
    const apiOrigin = (distribution().Origins as Json[]).find(isApi)!;
    const header = (apiOrigin.OriginCustomHeaders as Json[])[0]!;
    expect(header.HeaderName).toBe(DISTRIBUTION_MARKER_HEADER);
    const marker = fromRoot(header.HeaderValue);
    expect(marker).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] });
    const markerStatement = {
      ByteMatchStatement: {
        FieldToMatch: { SingleHeader: { Name: DISTRIBUTION_MARKER_HEADER } },
        PositionalConstraint: 'EXACTLY',
        SearchString: marker,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    };

    for (const limit of rateLimits) {
      const direct = rules.find((r) => r.Name === limit.name)!.Statement.RateBasedStatement;
      const via = rules.find((r) => r.Name === viaDistributionRuleName(limit.name))?.Statement.RateBasedStatement;
      if (limit.key !== 'ip') {
        // A credential is the same wherever the request comes from.
        expect(via, limit.name).toBeUndefined();
        expect(JSON.stringify(direct), limit.name).not.toContain(DISTRIBUTION_MARKER_HEADER);
        continue;
      }
      expect(direct.AggregateKeyType, limit.name).toBe('IP');
      expect(direct.ScopeDownStatement.AndStatement.Statements[1], limit.name).toEqual({ NotStatement: { Statement: markerStatement } });
      expect(via, limit.name).toMatchObject({
        Limit: limit.limitPerMinute,
        EvaluationWindowSec: 60,
        AggregateKeyType: 'FORWARDED_IP',
        ForwardedIPConfig: { HeaderName: VIEWER_IP_HEADER, FallbackBehavior: 'MATCH' },
      });
      expect(via.ScopeDownStatement.AndStatement.Statements, limit.name).toEqual([
        direct.ScopeDownStatement.AndStatement.Statements[0],
        markerStatement,
      ]);
    }
    const names = rules.map((r) => r.Name as string);
    for (const rule of rules) {
      expect(rule.Action.Block.CustomResponse.ResponseCode, rule.Name).toBe(429);
      expect(rule.VisibilityConfig.MetricName, rule.Name).toBe(`rate-${rule.Name}`);
    }
    expect(new Set(names).size).toBe(names.length);
  });
});

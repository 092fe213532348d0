// The admin console on AWS: the built app (console/build.ts) in a private bucket, and one CloudFront distribution
// that serves it at /console/ and sends the API's paths to the REST API's stage, so the console and the API are
// one origin (no CORS; the refresh cookie is first-party). It serves the console as the local gateway does
// (infra/local/console-site.ts): the headers of infra/console-headers.ts, hashed files cached for a year,
// index.html never without revalidation, extension-less paths under /console/ answered with index.html, /console
// redirected to /console/. Why this shape and what it costs: docs/decisions.md, "The console's hosting".
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Annotations, AssetHashType, DockerImage, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl as S3CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { apiRequestCode, authCookieResponseCode, consoleRequestCode, DISTRIBUTION_MARKER_HEADER } from '#infra/console-edge';
import { CONSOLE_PATH, consoleSecurityHeaders } from '#infra/console-headers';
import { stageName } from '#infra/constructs/rest-api';
import { nagName, repoRoot } from '#infra/constructs/service-function';
import { routes } from '#shared/http/routes';

/** Key prefix of the console's files in the bucket: the request path /console/x is the key console/x. */
export const CONSOLE_PREFIX = CONSOLE_PATH.slice(1);

/**
 * Files whose name carries esbuild's content hash (console/build.ts): never changed under that name, so cached for a
 * year. The maps (`app-*.js.map`) are not: their name is the script's hash, not their own content's.
 * The local gateway's rule is the same (infra/local/console-site.ts).
 */
export const HASHED_FILES = ['app-*.js', 'app-*.css'];
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The path patterns sent to the API, from the route table: `/<first segment>/*` for every route under a folder
 * (/api/*, /oauth2/*, /.well-known/*), the path itself for a route at the root (/openapi.json).
 */
export const apiPathPatterns = (): string[] => [
  ...new Set(
    routes.map((r) => {
      const segments = r.path.split('/').filter(Boolean);
      return segments.length === 1 ? `/${segments[0]}` : `/${segments[0]}/*`;
    }),
  ),
];

/** The console session's routes, whose Set-Cookie paths lose the stage (authCookieResponseCode). */
export const AUTH_PATH_PATTERN = '/api/auth/*';

/**
 * infra/console-headers.ts as a response headers policy: the headers CloudFront knows as security headers in
 * securityHeadersBehavior, every other one as a custom header. A header or value it cannot render is an error,
 * so the list stays the one source for both.
 */
export function responseHeadersOf(headers: Readonly<Record<string, string>>): {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  customHeaders: ResponseCustomHeader[];
} {
  const security: { -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K] } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const match = /^max-age=(\d+)(; includeSubDomains)?(; preload)?$/.exec(value);
        if (!match) throw new Error(`Strict-Transport-Security "${value}" is not max-age=<s>[; includeSubDomains][; preload]`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(match[1])),
          includeSubdomains: !!match[2],
          preload: !!match[3],
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`X-Content-Type-Options "${value}": CloudFront sends only nosniff`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const frameOption = Object.values(HeadersFrameOption).find((o) => (o as string) === value);
        if (!frameOption) throw new Error(`X-Frame-Options "${value}" is not one of ${Object.values(HeadersFrameOption).join(', ')}`);
        security.frameOptions = { frameOption, override: true };
        break;
      }
      case 'referrer-policy': {
        const referrerPolicy = Object.values(HeadersReferrerPolicy).find((p) => (p as string) === value);
        if (!referrerPolicy) throw new Error(`Referrer-Policy "${value}" is not one CloudFront sends`);
        security.referrerPolicy = { referrerPolicy, override: true };
        break;
      }
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeaders };
}

export interface ConsoleSiteProps {
  /** The REST API whose stage serves the API's paths. */
  api: RestApi;
  /** Added by CloudFront to every request to the API (DISTRIBUTION_MARKER_HEADER): the web ACL's proof of origin. */
  markerValue: string;
}

export class ConsoleSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly consoleRequest: CloudFrontFunction;
  readonly apiRequest: CloudFrontFunction;
  readonly authCookieResponse: CloudFrontFunction;
  readonly headers: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: ConsoleSiteProps) {
    super(scope, id);
    const stage = stageName;
    if (!/^[A-Za-z0-9_-]+$/.test(stage)) throw new Error(`stage name ${stage} cannot be put in the cookie-path function`);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Only the build, which every deploy writes again; the deployments leave their files when the stack goes
      // (retainOnDelete), so the bucket stays too, to be emptied and deleted by hand.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Holds only the built console (public code, rebuilt from the repository on every deploy) and is read only by the distribution; server access logs would record nothing worth auditing.',
    });

    // Built at synth on this machine (no Docker): the asset's hash is the output's, so a change anywhere the
    // console's build reads (its sources, the generated API types, a dependency) makes a new asset.
    const built = Source.asset(path.join(repoRoot, 'console'), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('none'),
        local: {
          tryBundle(outputDir: string) {
            execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'console/build.ts'), outputDir], {
              cwd: repoRoot,
              stdio: ['ignore', 'ignore', 'inherit'],
            });
            return true;
          },
        },
      },
    });

    // Two deployments of the one asset, for two Cache-Control values. The hashed files go first and are never
    // pruned: a page loaded before a deploy still finds the script and stylesheet its index.html names. Then
    // everything else (index.html, the favicon, the maps), pruned of what the build no longer has; files left
    // out by a deployment's filters are neither written nor pruned by it.
    const hashed = new BucketDeployment(this, 'HashedFiles', {
      sources: [built],
      destinationBucket: this.bucket,
      destinationKeyPrefix: CONSOLE_PREFIX,
      exclude: ['*'],
      include: HASHED_FILES,
      prune: false,
      cacheControl: [S3CacheControl.fromString(IMMUTABLE)],
    });
    const pages = new BucketDeployment(this, 'Pages', {
      sources: [built],
      destinationBucket: this.bucket,
      destinationKeyPrefix: CONSOLE_PREFIX,
      exclude: HASHED_FILES,
      prune: true,
      cacheControl: [S3CacheControl.noCache()],
    });
    pages.node.addDependency(hashed);
    this.acknowledgeDeploymentRole();

    this.consoleRequest = new CloudFrontFunction(this, 'ConsoleRequest', {
      comment: 'Console: /console -> /console/, app routes -> /console/index.html',
      code: FunctionCode.fromInline(consoleRequestCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.apiRequest = new CloudFrontFunction(this, 'ApiRequest', {
      comment: "API: the viewer's address for the web ACL's per-address rules",
      code: FunctionCode.fromInline(apiRequestCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.authCookieResponse = new CloudFrontFunction(this, 'AuthCookieResponse', {
      comment: "API auth: the stage off the refresh cookie's Path",
      code: FunctionCode.fromInline(authCookieResponseCode(stage)),
      runtime: FunctionRuntime.JS_2_0,
    });

    const { securityHeadersBehavior, customHeaders } = responseHeadersOf(consoleSecurityHeaders);
    this.headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'The console security headers of infra/console-headers.ts',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders },
    });

    const consoleBehavior: BehaviorOptions = {
      // READ and LIST: a missing file is 404, as locally, not S3's 403.
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket, { originAccessLevels: [AccessLevel.READ, AccessLevel.LIST] }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Honours the objects' Cache-Control (a year for hashed files; index.html revalidated), gzip and brotli.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.headers,
      functionAssociations: [{ function: this.consoleRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    const apiOrigin = new RestApiOrigin(props.api, {
      customHeaders: { [DISTRIBUTION_MARKER_HEADER]: props.markerValue },
      // API Gateway gives up after 29 s; CloudFront's default 30 s read timeout outlasts it.
      readTimeout: Duration.seconds(30),
    });
    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Every header (Authorization, Cookie, X-Requested-With, Idempotency-Key, Content-Type, the providers'
      // signatures), cookie and query string, but Host: API Gateway answers only to its own name.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      functionAssociations: [{ function: this.apiRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Admin console and API, one origin',
      defaultBehavior: consoleBehavior,
      additionalBehaviors: {
        [CONSOLE_PATH + '*']: consoleBehavior,
        // Before /api/*: CloudFront takes the first pattern that matches.
        [AUTH_PATH_PATTERN]: {
          ...apiBehavior,
          functionAssociations: [
            ...apiBehavior.functionAssociations!,
            { function: this.authCookieResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
        },
        ...Object.fromEntries(apiPathPatterns().map((pattern) => [pattern, apiBehavior])),
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // The console's users are in Brazil: South America's edges are in every price class but All.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableIpv6: true,
    });

    // The bucket's origin may list (so a missing file is 404): the listing itself is unreachable, since the console's
    // function answers `/` and every path outside /console/ itself, and the cache policy forwards no query string.
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'The viewer-request function redirects / and answers every path outside /console/; no query string reaches the bucket.',
    );

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the API behind it stays reachable on its execute-api URL anyway, and staff may work from abroad; the per-credential and per-address WAF rules apply wherever a request comes from.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'A web ACL for CloudFront must be created in us-east-1, outside this regional stack. Every API request through the distribution still passes the regional web ACL on the stage (CloudFront -> API Gateway); the console files are public static code.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          "API requests are already logged by API Gateway's access log without query strings or bodies; CloudFront's standard logs would write every API query string (which may carry patient data) and the viewer's address. The console's static files need no audit trail.",
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "The distribution uses CloudFront's default *.cloudfront.net certificate, for which CloudFront does not let a minimum TLS version be set; a custom domain with its own ACM certificate (us-east-1) would allow TLSv1.2_2021.",
      },
    );
  }

  /**
   * The bucket deployments' one Lambda (a CDK singleton in this stack, Python, with the AWS CLI layer) and its role,
   * as CDK writes them: acknowledged finding by finding, named as cdk-nag names them in this environment.
   */
  private acknowledgeDeploymentRole(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const policy = handler?.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy') as Policy | undefined;
    if (!handler || !policy) throw new Error('the bucket deployment handler or its policy was not found where CDK puts them');
    const document = stack.resolve(policy.document.toJSON()) as { Statement: { Action: string | string[]; Resource: unknown }[] };
    const findings = new Set<string>();
    for (const statement of document.Statement) {
      for (const action of [statement.Action].flat()) if (action.includes('*')) findings.add(`Action::${action}`);
      for (const resource of [statement.Resource].flat()) {
        const name = nagName(resource);
        if (/[*?]/.test(name)) findings.add(`Resource::${name}`);
      }
    }
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The bucket deployment Lambda that CDK provides writes its own logs with the managed basic execution policy.',
      },
      ...[...findings].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "CDK's bucket deployment copies the console's asset (a zip in the CDK assets bucket) into the console bucket and prunes it: read on the asset, read, write and delete on the console bucket's objects, as aws-s3-deployment grants them.",
      })),
      {
        id: 'AwsSolutions-L1',
        reason: "The bucket deployment Lambda's runtime (Python, with the AWS CLI layer) is chosen by aws-cdk-lib and moves with it.",
      },
    );
  }
}

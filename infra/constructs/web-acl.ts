// The AWS WAF web ACL of the REST API stage: one rate-based rule per entry of rate-limits.ts, each
// refusing with the same 429 body as API Gateway's own throttling and a Retry-After header.
//
// Behind the console's CloudFront distribution (infra/constructs/console-site.ts) the address API Gateway sees is
// CloudFront's edge server, shared by every viewer it serves: a per-address rule would count them together. So
// each per-address rule is two: requests that carry the distribution's marker (an origin custom header whose
// value only the stack knows) are counted per the viewer's address CloudFront wrote (VIEWER_IP_HEADER), the
// others per source address as before. X-Forwarded-For is not used: WAF takes its first address, which the
// caller writes (CloudFront appends the viewer's address after it), and a direct caller could invent one per request.
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { RATE_LIMIT_RETRY_AFTER_SECONDS, type KeyTransformation, type RateLimit } from '#infra/constructs/rate-limits';
import { gatewayResponses } from '#shared/http/gateway-responses';

export interface RateLimitedStageProps {
  /** `arn:<partition>:apigateway:<region>::/restapis/<id>/stages/<stage>` */
  stageArn: string;
  rateLimits: readonly RateLimit[];
  /** The distribution in front of the stage, if any: how its requests are recognised and whose address they carry. */
  viaDistribution?: DistributionForwarding;
}

export interface DistributionForwarding {
  /** A header CloudFront adds to every origin request, and its value (secret to callers). */
  markerHeader: string;
  markerValue: string;
  /** The header holding the viewer's address, written by CloudFront over any value the viewer sent. */
  viewerIpHeader: string;
}

/** The name of the twin rule counting a per-address limit's requests that came through the distribution. */
export const viaDistributionRuleName = (name: string) => `${name}-via-cdn`;

const BODY_KEY = 'too_many_requests';
const none = [{ priority: 0, type: 'NONE' }];

/** The header key's transformations with their priorities, in order (WAF applies the lowest priority first); NONE when it has none. */
const keyTransformations = (key: { transformations?: readonly KeyTransformation[] }) =>
  key.transformations?.length ? key.transformations.map((type, priority) => ({ priority, type })) : none;

/** Matches a path prefix anywhere in the URI path, so `/prod/api/...` (execute-api) and `/api/...` (custom domain) both count. */
const pathStatement = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'CONTAINS', searchString: prefix, textTransformations: none },
});

const markerStatement = (via: DistributionForwarding): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: via.markerHeader } },
    positionalConstraint: 'EXACTLY',
    searchString: via.markerValue,
    textTransformations: none,
  },
});

/**
 * The WAF rule of `limit`. For a per-address limit with a distribution in front: `counted` 'direct' leaves out the
 * distribution's requests (counted per source address), 'via-distribution' takes only them (counted per viewer address).
 */
export function rateRule(
  limit: RateLimit,
  priority: number,
  counted: 'all' | 'direct' | 'via-distribution' = 'all',
  via?: DistributionForwarding,
): CfnWebACL.RuleProperty {
  const paths = limit.paths.map(pathStatement);
  const pathScope = paths.length === 1 ? paths[0]! : { orStatement: { statements: paths } };
  if (counted !== 'all' && (!via || limit.key !== 'ip')) throw new Error(`${limit.name}: only a per-address rule is split by origin`);
  const marker = via ? markerStatement(via) : undefined;
  const scopeDownStatement =
    counted === 'direct'
      ? { andStatement: { statements: [pathScope, { notStatement: { statement: marker! } }] } }
      : counted === 'via-distribution'
        ? { andStatement: { statements: [pathScope, marker!] } }
        : pathScope;
  const key: Pick<CfnWebACL.RateBasedStatementProperty, 'aggregateKeyType' | 'customKeys' | 'forwardedIpConfig'> =
    limit.key !== 'ip'
      ? {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ header: { name: limit.key.header, textTransformations: keyTransformations(limit.key) } }],
        }
      : counted === 'via-distribution'
        ? // The function always writes the header; were it ever missing, WAF would skip the rule, so MATCH counts a bad value.
          { aggregateKeyType: 'FORWARDED_IP', forwardedIpConfig: { headerName: via!.viewerIpHeader, fallbackBehavior: 'MATCH' } }
        : { aggregateKeyType: 'IP' };
  const name = counted === 'via-distribution' ? viaDistributionRuleName(limit.name) : limit.name;
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        limit: limit.limitPerMinute,
        evaluationWindowSec: 60,
        ...key,
        scopeDownStatement,
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: BODY_KEY,
          responseHeaders: [{ name: 'Retry-After', value: String(RATE_LIMIT_RETRY_AFTER_SECONDS) }],
        },
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `rate-${name}`, sampledRequestsEnabled: false },
  };
}

/**
 * Every rule of the web ACL: one per limit, in the table's order; with a distribution in front, each per-address
 * limit's rule leaves the distribution's requests to a twin rule after them, counted per viewer address.
 */
export function rateRules(limits: readonly RateLimit[], via?: DistributionForwarding): CfnWebACL.RuleProperty[] {
  const split = via ? limits.filter((l) => l.key === 'ip') : [];
  return [
    ...limits.map((l, i) => rateRule(l, i, split.includes(l) ? 'direct' : 'all', via)),
    ...split.map((l, i) => rateRule(l, limits.length + i, 'via-distribution', via)),
  ];
}

export class RateLimitedStage extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitedStageProps) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: rateRules(props.rateLimits, props.viaDistribution),
      customResponseBodies: {
        [BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(gatewayResponses.THROTTLED.body) },
      },
      // Sampled requests would keep request headers (credentials); the metrics are enough.
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'api', sampledRequestsEnabled: false },
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: this.webAcl.attrArn });
  }
}

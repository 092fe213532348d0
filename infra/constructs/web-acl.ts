// The AWS WAF web ACL of the REST API stage: one rate-based rule per entry of rate-limits.ts, each
// refusing with the same 429 body as API Gateway's own throttling and a Retry-After header.
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { RATE_LIMIT_RETRY_AFTER_SECONDS, type KeyTransformation, type RateLimit } from '#infra/constructs/rate-limits';
import { gatewayResponses } from '#shared/http/gateway-responses';

export interface RateLimitedStageProps {
  /** `arn:<partition>:apigateway:<region>::/restapis/<id>/stages/<stage>` */
  stageArn: string;
  rateLimits: readonly RateLimit[];
}

const BODY_KEY = 'too_many_requests';
const none = [{ priority: 0, type: 'NONE' }];

/** The header key's transformations with their priorities, in order (WAF applies the lowest priority first); NONE when it has none. */
const keyTransformations = (key: { transformations?: readonly KeyTransformation[] }) =>
  key.transformations?.length ? key.transformations.map((type, priority) => ({ priority, type })) : none;

/** Matches a path prefix anywhere in the URI path, so `/prod/api/...` (execute-api) and `/api/...` (custom domain) both count. */
const pathStatement = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'CONTAINS', searchString: prefix, textTransformations: none },
});

export function rateRule(limit: RateLimit, priority: number): CfnWebACL.RuleProperty {
  const paths = limit.paths.map(pathStatement);
  return {
    name: limit.name,
    priority,
    statement: {
      rateBasedStatement: {
        limit: limit.limitPerMinute,
        evaluationWindowSec: 60,
        aggregateKeyType: limit.key === 'ip' ? 'IP' : 'CUSTOM_KEYS',
        ...(limit.key === 'ip'
          ? {}
          : { customKeys: [{ header: { name: limit.key.header, textTransformations: keyTransformations(limit.key) } }] }),
        scopeDownStatement: paths.length === 1 ? paths[0] : { orStatement: { statements: paths } },
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
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `rate-${limit.name}`, sampledRequestsEnabled: false },
  };
}

export class RateLimitedStage extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitedStageProps) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: props.rateLimits.map(rateRule),
      customResponseBodies: {
        [BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(gatewayResponses.THROTTLED.body) },
      },
      // Sampled requests would keep request headers (credentials); the metrics are enough.
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'api', sampledRequestsEnabled: false },
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: this.webAcl.attrArn });
  }
}

// The AWS limits a request meets between the client and a group's Lambda, in one place: the stack
// checks its function timeouts against them and the local gateway enforces them (infra/local/gateway.ts),
// so a request refused in AWS is refused under `npm start` too. Plain data with no CDK import.
//
// API Gateway REST quotas: https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html
// Lambda quotas: https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html

/** API Gateway REST: the largest request payload; above it API Gateway answers 413 itself. */
export const API_GATEWAY_MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/** API Gateway REST: how long it waits for an integration (29 s, the quota's default and maximum). */
export const API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS = 29;

// Lambda: the largest synchronous invocation payload, for the request (the whole event JSON API Gateway
// builds, the body base64-encoded in it, as the stack's binaryMediaTypes '*/*' makes every body binary)
// and for the response each. A 6 MB event leaves about 4.5 MB of raw body.
export const LAMBDA_SYNC_PAYLOAD_BYTES = 6 * 1024 * 1024;

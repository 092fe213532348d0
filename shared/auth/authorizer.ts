// The shape every Lambda REQUEST authorizer shares: authenticate, then either allow the
// API with the principal in the context, or throw 'Unauthorized' (API Gateway's 401).
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { toAuthorizerContext, type Principal } from '#shared/auth/principal';
import type { AuthorizedScheme } from '#shared/http/routes';
import { log } from '#shared/log';

export type Authenticate = (event: APIGatewayRequestAuthorizerEvent) => Promise<Principal | undefined>;

/** The ARN pattern covering every method of the API stage, so a cached allow serves the caller's other routes too. */
export function apiWideArn(methodArn: string): string {
  // arn:aws:execute-api:<region>:<account>:<apiId>/<stage>/<METHOD>/<path...>
  const [api, stage] = methodArn.split('/');
  return api && stage ? `${api}/${stage}/*/*` : methodArn;
}

export function requestAuthorizer(scheme: AuthorizedScheme, authenticate: Authenticate) {
  return async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
    const principal = await authenticate(event);
    if (!principal) {
      log.info('authorization refused', { scheme, path: event.path });
      throw new Error('Unauthorized');
    }
    return {
      principalId: principal.subject ?? 'anonymous',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: apiWideArn(event.methodArn) }],
      },
      context: toAuthorizerContext(principal),
    };
  };
}

import { groupHandler } from '#shared/http/kit';
import { loginOperations } from './login.ts';
import { oauthOperations } from './oauth.ts';

export const handler = groupHandler('token', { ...oauthOperations, ...loginOperations });

import { log } from '#shared/log';

// Fired every 5 minutes. Fetching and storing the USD->BRL rate is built by the messaging and billing issue.
export const handler = async (): Promise<void> => {
  log.warn('exchange-rate refresh is not implemented yet');
};

import { log, withLambdaLog } from '#shared/log';

// Fired every 15 minutes. Reminders and no-reply timeouts are built by the appointments issue.
export const handler = withLambdaLog(async (): Promise<void> => {
  log.warn('appointment communication sweep is not implemented yet');
});

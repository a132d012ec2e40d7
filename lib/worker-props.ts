import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { AppConfig } from './app-config';
import type { EncryptedLogs } from './logs';
import type { Mail } from './mail';
import type { Queues } from './queues';
import type { AppSecrets } from './secrets';

/** What the background workers' constructs (fulfilment, webhook workers) are built from. */
export interface WorkerProps {
  readonly config: AppConfig;
  readonly table: dynamodb.ITable;
  readonly queues: Queues;
  readonly mail: Mail;
  readonly secrets: AppSecrets;
  readonly logs: EncryptedLogs;
}

import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, TABLE_KEYS } from '../../functions/adapters/dynamodb/table-definition';
import { syncJobs } from '../../functions/queues/sync-jobs';
import { webhookDeliveries } from '../../functions/queues/webhook-deliveries';
import { ROUTE_GROUPS, ROUTES, type RouteGroup, routeKey, STOREFRONT_PATH_PATTERNS } from '../../functions/routes';
import { PAGE_PARAMS } from '../../functions/storefront/page-params';
import { CACHE_QUERY_STRINGS, SPA_PATH_PATTERN, SPA_REWRITE_CODE, UPLOADS_PREFIX_CODE } from '../../lib/site';
import { SYNC_WORKER_BATCH_SIZE, SYNC_WORKER_MAX_CONCURRENCY } from '../../lib/sync';
import { WEBHOOK_WORKER_BATCH_SIZE, WEBHOOK_WORKER_MAX_CONCURRENCY } from '../../lib/webhook-workers';
import { must } from '../support/must';
import {
  type CfnObject,
  expectQueueConsumer,
  fakeSiteBuild,
  removeTempDirs,
  synthMarketplace,
  synthTemplates,
} from './synth-app';

type Resources = Record<string, CfnObject>;

let data: Template;
let app: Template;
let appResources: Resources;

/** The route group a resource belongs to, read from the description every function and policy carries. */
const groupOf = (description: string): RouteGroup | undefined =>
  ROUTE_GROUPS.find((g) => description.startsWith(`Route group "${g}"`));

/** The group functions: logical id -> group. */
function groupFunctions(): Map<string, RouteGroup> {
  const out = new Map<string, RouteGroup>();
  for (const [id, r] of Object.entries(appResources)) {
    const group = r.Type === 'AWS::Lambda::Function' ? groupOf(r.Properties.Description ?? '') : undefined;
    if (group) out.set(id, group);
  }
  return out;
}

/** Every IAM action a group's function may perform. */
function actionsOf(group: RouteGroup): string[] {
  const policy = Object.values(appResources).find(
    (r) => r.Type === 'AWS::IAM::ManagedPolicy' && groupOf(r.Properties.Description ?? '') === group,
  );
  if (!policy) throw new Error(`no policy for ${group}`);
  return policy.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => s.Action);
}

/** A function's environment variables, once it is checked to have at least `names`. */
function envOf(id: string, names: readonly string[]) {
  const vars = must(appResources[id], id).Properties.Environment.Variables;
  expect(Object.keys(vars)).toEqual(expect.arrayContaining([...names]));
  return vars;
}

/** The outside systems' API keys, which sync reads from Secrets Manager by ARN. */
const OUTSIDE_SYSTEM_SECRETS = ['INTERNAL_SYSTEM_SECRET_ARN', 'LEGACY_SYSTEM_SECRET_ARN'];

beforeAll(() => {
  ({ data, app, appResources } = synthTemplates());
}, 90_000);
afterAll(removeTempDirs);

describe('data stack', () => {
  it('builds the single table from TABLE_KEYS like the local one: keys, the four GSIs and TTL', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    // The same keys and indexes as the table DynamoDB Local is given.
    const local = createTableInput('any');
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: local.KeySchema,
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: local.GlobalSecondaryIndexes,
    });
    expect(TABLE_KEYS.indexes.map((ix) => ix.name)).toEqual(['GSI1', 'GSI2', 'GSI3', 'GSI4']);
  });

  it('protects the table: PITR, KMS encryption, deletion protection, retained, backed up', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
    data.resourceCountIs('AWS::Backup::BackupSelection', 1);
  });

  it('lets browsers post images straight to the uploads bucket, and expires unconfirmed ones', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: 'dentalmarketplace-uploads-123456789012-us-east-1',
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['POST'],
            AllowedOrigins: ['https://*.cloudfront.net'],
            AllowedHeaders: ['*'],
          }),
        ],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'ExpireUnconfirmedUploads',
            Prefix: 'pending/',
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
          // Drafts no saved app shows (still tagged unreferenced) expire after a day.
          Match.objectLike({
            Id: 'ExpireUnreferencedDrafts',
            Prefix: 'drafts/',
            TagFilters: [{ Key: 'unreferenced', Value: 'true' }],
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
          // So do images stored in an app's folder for an edit never saved.
          Match.objectLike({
            Id: 'ExpireUnreferencedAppImages',
            Prefix: 'apps/',
            TagFilters: [{ Key: 'unreferenced', Value: 'true' }],
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
        ]),
      },
    });
    // Only developer-apps presigns and confirms, and only under pending/.
    const pendingStatements = Object.values(appResources)
      .filter((r) => r.Type === 'AWS::IAM::ManagedPolicy')
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>)
      .filter((st) => st.Sid === 'PendingUploads');
    expect(actionsOf('developer-apps')).toContain('s3:PutObject');
    // Drafts are tagged unreferenced when stored and untagged when an app shows them.
    expect(actionsOf('developer-apps')).toEqual(expect.arrayContaining(['s3:PutObjectTagging', 's3:GetObjectTagging']));
    expect(pendingStatements).toHaveLength(1);
    const pending = must(pendingStatements[0], 'the PendingUploads statement');
    expect([...(pending.Action as string[])].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(pending.Resource)).toContain('/pending/*');
  });

  it('keeps the uploads bucket private, encrypted, TLS-only, versioned and retained', () => {
    data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BucketName: 'dentalmarketplace-uploads-123456789012-us-east-1',
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: Match.objectLike({
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        }),
      }),
    });
    // Its policy (TLS only, CloudFront read as this distribution) is in the app stack: hardening.test.ts.
    expect(JSON.stringify(data.findResources('AWS::S3::BucketPolicy'))).not.toContain('cloudfront');
  });

  it('outputs the table name', () => {
    data.hasOutput('TableName', {});
  });
});

describe('buckets', () => {
  it('every bucket blocks public access, enforces TLS and is encrypted', () => {
    // One bucket policy per bucket over both stacks: the uploads bucket's is written by the app stack.
    const count = (type: string) =>
      [data, app].reduce((n, template) => n + Object.keys(template.findResources(type)).length, 0);
    expect(count('AWS::S3::BucketPolicy')).toBe(count('AWS::S3::Bucket'));
    for (const template of [data, app]) {
      const buckets = template.findResources('AWS::S3::Bucket');
      expect(Object.keys(buckets).length).toBeGreaterThan(0);
      for (const bucket of Object.values(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption).toBeDefined();
      }
      const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
      for (const policy of policies) {
        expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    }
  });
});

describe('functions', () => {
  it('one Node.js 22 ARM64 function per route group, traced, with its own log group', () => {
    const functions = groupFunctions();
    expect([...functions.values()].sort()).toEqual([...ROUTE_GROUPS].sort());
    app.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      {
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: Match.anyValue() },
        Environment: { Variables: Match.objectLike({ RUNTIME: 'aws', NODE_OPTIONS: '--enable-source-maps' }) },
      },
      // Plus the two webhook workers and the sync worker (describes 'webhook workers' and 'sync' below),
      // the fulfilment and the mail worker (test/infra/mail-fulfilment.test.ts), and the API's origin
      // authorizer (test/infra/operations.test.ts).
      ROUTE_GROUPS.length + 6,
    );
  });

  it('gets table, bucket, mail sender, secret ARNs and app URL from configuration, never a secret value', () => {
    for (const [id, group] of groupFunctions()) {
      const vars = envOf(id, ['TABLE_NAME', 'UPLOADS_BUCKET', 'MAIL_FROM', 'APP_URL', 'ORIGIN_SECRET_ARN']);
      // The Partner API authenticates API keys only, the storefront reads no token: no JWT key.
      expect('JWT_SECRET_ARN' in vars, group).toBe(group !== 'partner' && group !== 'storefront');
      // Secrets are read at cold start (functions/secrets.ts): no value, not even a dynamic reference.
      expect(JSON.stringify(vars)).not.toContain('{{resolve:secretsmanager:');
      for (const name of ['JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'ORIGIN_VERIFY_SECRET']) {
        expect(vars[name], `${group} ${name}`).toBeUndefined();
      }
      expect(vars.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe('false');
    }
  });

  it("lets developer-apps Query only its developers' GSI4 partitions (the paged manual licence list)", () => {
    const policy = Object.values(appResources).find(
      (r) => r.Type === 'AWS::IAM::ManagedPolicy' && groupOf(r.Properties.Description ?? '') === 'developer-apps',
    );
    const statements = must(policy, 'the developer-apps policy').Properties.PolicyDocument.Statement;
    const indexes = (statements as Array<Record<string, unknown>>).find((st) => st.Sid === 'SingleTableIndexes');
    expect(indexes?.Action).toEqual('dynamodb:Query');
    expect(JSON.stringify(indexes?.Resource)).toContain('/index/GSI4');
    expect(JSON.stringify(indexes?.Condition)).toContain('DEVMANUAL#*');
  });

  it('grants each group only what it needs', () => {
    const has = (group: RouteGroup, action: string) => actionsOf(group).includes(action);
    for (const group of ROUTE_GROUPS) {
      expect(has(group, 'dynamodb:Query'), group).toBe(true);
      // The exact table actions of each role: test/infra/hardening.test.ts.
      expect(has(group, 'dynamodb:Scan'), group).toBe(false);
      expect(has(group, 'dynamodb:DescribeTable'), group).toBe(false);
      // developer-apps stores images; admin deletes them with an app.
      expect(has(group, 's3:PutObject'), group).toBe(['developer-apps', 'admin'].includes(group));
      expect(has(group, 's3:ListBucket'), group).toBe(['developer-apps', 'admin'].includes(group));
      // sync sends to the sync queue only (describe 'sync' below).
      // Mail senders may queue a failed send; checkout and developer-apps enqueue licence deliveries;
      // purchases enqueues install.* webhook events when a buyer grants or revokes an install.
      expect(has(group, 'sqs:SendMessage'), group).toBe(
        ['webhooks', 'checkout', 'admin', 'sync', 'accounts', 'developer-apps', 'purchases'].includes(group),
      );
      expect(has(group, 'scheduler:UpdateSchedule'), group).toBe(group === 'sync');
      expect(has(group, 'iam:PassRole'), group).toBe(group === 'sync');
      // developer-apps mails the licences of buyers served when a developer refills an empty key pool.
      expect(has(group, 'ses:SendEmail'), group).toBe(
        ['accounts', 'checkout', 'admin', 'developer-apps'].includes(group),
      );
      // Every route function reads the origin-verify secret; which others, hardening.test.ts.
      expect(has(group, 'secretsmanager:GetSecretValue'), group).toBe(true);
      expect(
        actionsOf(group).some((a) => a.endsWith(':*')),
        group,
      ).toBe(false);
    }
    // No inline policies and no AWS managed policies on the function roles.
    const roles = Object.values(appResources).filter(
      (r) => r.Type === 'AWS::IAM::Role' && groupOf(r.Properties.Description ?? ''),
    );
    expect(roles).toHaveLength(ROUTE_GROUPS.length);
    for (const role of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });
});

describe('HTTP API', () => {
  it('has exactly the routes of functions/routes.ts', () => {
    const routeKeys = Object.values(app.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const route of ROUTES) {
      app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey(route) });
    }
  });

  it("sends every route to its group's function", () => {
    const functions = groupFunctions();
    const integrationGroup = new Map<string, RouteGroup | undefined>();
    for (const [id, integration] of Object.entries(app.findResources('AWS::ApiGatewayV2::Integration'))) {
      const fnId = integration.Properties.IntegrationUri['Fn::GetAtt'][0];
      integrationGroup.set(id, functions.get(fnId));
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
    expect(integrationGroup.size).toBe(ROUTE_GROUPS.length);
    const groupByKey = new Map(ROUTES.map((r) => [routeKey(r), r.group]));
    for (const route of Object.values(app.findResources('AWS::ApiGatewayV2::Route'))) {
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      expect(integrationGroup.get(integrationId), route.Properties.RouteKey).toBe(
        groupByKey.get(route.Properties.RouteKey),
      );
    }
    // The admin's refund goes to checkout, the one function with Stripe, and is still admin-only
    // (the group router enforces a route's access whichever function serves it).
    const refund = must(ROUTES.find((r) => r.path === '/api/admin/purchases/{id}/refund'));
    expect(refund).toMatchObject({ group: 'checkout', access: 'admin' });
    const refundRoute = must(
      Object.values(app.findResources('AWS::ApiGatewayV2::Route')).find(
        (r) => r.Properties.RouteKey === routeKey(refund),
      ),
    );
    expect(integrationGroup.get(refundRoute.Properties.Target['Fn::Join'][1][1].Ref)).toBe('checkout');
    // Only the routes that call Stripe (or stand in for it locally) reach the function with its SDK;
    // a buyer's purchases, invoices and review writes go to the purchases function, which has none.
    const servedBy = (key: string) =>
      integrationGroup.get(
        must(
          Object.values(app.findResources('AWS::ApiGatewayV2::Route')).find((r) => r.Properties.RouteKey === key),
          key,
        ).Properties.Target['Fn::Join'][1][1].Ref,
      );
    expect(
      ROUTES.filter((r) => servedBy(routeKey(r)) === 'checkout')
        .map(routeKey)
        .sort(),
    ).toEqual(
      [
        'POST /api/stripe/create-checkout-session',
        'POST /api/stripe/create-guest-checkout-session',
        'POST /api/stripe/confirm-guest-license',
        'POST /api/stripe/webhook',
        'GET /api/stripe/test-checkout/{session_id}',
        'POST /api/stripe/test-checkout/{session_id}/pay',
        'POST /api/admin/purchases/{id}/refund',
      ].sort(),
    );
    for (const key of [
      'GET /api/stripe/my-purchases',
      'GET /api/stripe/purchase/{session_id}',
      'GET /api/stripe/purchases/{id}/invoice',
      'POST /api/apps/{id}/reviews',
      'PUT /api/apps/{id}/reviews/mine',
      'DELETE /api/apps/{id}/reviews/mine',
    ]) {
      expect(servedBy(key), key).toBe('purchases');
    }
    // One API-scoped invoke permission per function, not one per route (and the authorizer's).
    app.resourcePropertiesCountIs(
      'AWS::Lambda::Permission',
      { Principal: 'apigateway.amazonaws.com' },
      ROUTE_GROUPS.length + 1,
    );
  });

  it('throttles and logs the $default stage', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('queues', () => {
  it('the webhook delivery queue redrives to a dead-letter queue; both encrypted and TLS-only', () => {
    const queues = app.findResources('AWS::SQS::Queue');
    const [dlqId] = Object.entries(queues).find(([id]) => id.includes('DeadLetter')) ?? [];
    expect(dlqId).toBeDefined();
    app.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: webhookDeliveries.maxReceiveCount,
      },
    });
    for (const queue of Object.values(queues)) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    app.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      },
      // Webhook delivery, sync, fulfilment and mail (bounces and retries share one queue), each with its
      // dead-letter queue.
      8,
    );
  });
});

describe('webhook workers', () => {
  const functionIdByDescription = (prefix: string): string => {
    const found = Object.entries(appResources).find(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description ?? '').startsWith(prefix),
    );
    if (!found) throw new Error(`no function described "${prefix}"`);
    return found[0];
  };
  const policyActions = (prefix: string): string[] => {
    const policy = Object.values(appResources).find(
      (r) => r.Type === 'AWS::IAM::ManagedPolicy' && String(r.Properties.Description ?? '').startsWith(prefix),
    );
    if (!policy) throw new Error(`no policy described "${prefix}"`);
    return policy.Properties.PolicyDocument.Statement.flatMap((st: { Action: string | string[] }) => st.Action);
  };

  it('the delivery worker consumes the delivery queue, reporting batch item failures', () => {
    const worker = functionIdByDescription('Webhook delivery worker');
    const queues = app.findResources('AWS::SQS::Queue');
    const [deliveryQueueId] = Object.entries(queues).find(([id]) => !id.includes('DeadLetter')) ?? [];
    expectQueueConsumer(app, worker, must(deliveryQueueId, 'the delivery queue'), {
      batchSize: WEBHOOK_WORKER_BATCH_SIZE,
      maxConcurrency: WEBHOOK_WORKER_MAX_CONCURRENCY,
    });
    // The others: the sync worker's (describe 'sync'), the fulfilment worker's and the mail worker's
    // (test/infra/mail-fulfilment.test.ts).
    app.resourceCountIs('AWS::Lambda::EventSourceMapping', 4);
    // AWS advises a visibility timeout of six times the consumer's timeout.
    const timeout = appResources[worker]?.Properties.Timeout;
    expect(queues[deliveryQueueId as string]?.Properties.VisibilityTimeout).toBe(6 * timeout);
  });

  it('the scheduler runs every minute from an EventBridge rule', () => {
    const scheduler = functionIdByDescription('Webhook scheduler');
    app.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [scheduler, 'Arn'] } })],
    });
    app.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [scheduler, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('both enqueue, mail and use the table (never Scan), with internal targets refused', () => {
    for (const prefix of ['Webhook delivery worker', 'Webhook scheduler']) {
      const vars = envOf(functionIdByDescription(prefix), ['TABLE_NAME', 'QUEUE_URL', 'MAIL_FROM', 'APP_URL']);
      expect(vars.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe('false');
      const actions = policyActions(prefix);
      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'sqs:SendMessage', 'ses:SendEmail']),
      );
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions).not.toContain('dynamodb:DeleteItem');
      expect(actions.some((a) => a.endsWith(':*'))).toBe(false);
    }
    expect(policyActions('Webhook delivery worker')).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']),
    );
    expect(policyActions('Webhook scheduler')).not.toContain('sqs:ReceiveMessage');
  });
});

describe('sync', () => {
  // By logical id (the construct path plus CDK's 8-hex suffix) or by description prefix.
  const idOf = (type: string, prefix: string): string => {
    const found = Object.entries(appResources).find(
      ([id, r]) =>
        r.Type === type &&
        (new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id) || String(r.Properties.Description ?? '').startsWith(prefix)),
    );
    if (!found) throw new Error(`no ${type} "${prefix}"`);
    return found[0];
  };
  const statementsOf = (
    prefix: string,
  ): Array<{ Sid?: string; Action: string | string[]; Resource: unknown; Condition?: unknown }> => {
    const policy = Object.values(appResources).find(
      (r) =>
        r.Type === 'AWS::IAM::ManagedPolicy' &&
        (String(r.Properties.Description ?? '').startsWith(prefix) ||
          groupOf(r.Properties.Description ?? '') === prefix),
    );
    if (!policy) throw new Error(`no policy "${prefix}"`);
    return policy.Properties.PolicyDocument.Statement;
  };
  const actions = (prefix: string) => statementsOf(prefix).flatMap((st) => st.Action);
  const resourcesOf = (prefix: string, action: string) =>
    statementsOf(prefix)
      .filter((st) => ([] as string[]).concat(st.Action).includes(action))
      .flatMap((st) => ([] as unknown[]).concat(st.Resource));

  it('the sync queue redrives to its own dead-letter queue after the receive count of its module (functions/queues/)', () => {
    const queue = idOf('AWS::SQS::Queue', 'QueuesSyncJobs');
    const dlq = idOf('AWS::SQS::Queue', 'QueuesSyncJobsDeadLetter');
    expect(queue).not.toBe(dlq);
    expect(appResources[queue]?.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] },
      maxReceiveCount: syncJobs.maxReceiveCount,
    });
    for (const id of [queue, dlq]) expect(appResources[id]?.Properties.SqsManagedSseEnabled).toBe(true);
    const worker = idOf('AWS::Lambda::Function', 'Sync worker');
    expect(appResources[queue]?.Properties.VisibilityTimeout).toBe(6 * appResources[worker]?.Properties.Timeout);
  });

  it('the sync worker consumes the sync queue one job at a time, reporting batch item failures', () => {
    const worker = idOf('AWS::Lambda::Function', 'Sync worker');
    expectQueueConsumer(app, worker, idOf('AWS::SQS::Queue', 'QueuesSyncJobs'), {
      batchSize: SYNC_WORKER_BATCH_SIZE,
      maxConcurrency: SYNC_WORKER_MAX_CONCURRENCY,
    });
    envOf(worker, ['TABLE_NAME', 'QUEUE_URL', 'SYNC_QUEUE_URL', ...OUTSIDE_SYSTEM_SECRETS]);
    const a = actions('Sync worker');
    expect(a).toEqual(
      expect.arrayContaining([
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'sqs:SendMessage',
        'dynamodb:Query',
        'secretsmanager:GetSecretValue',
      ]),
    );
    expect(a).not.toContain('dynamodb:Scan');
    expect(a).not.toContain('scheduler:UpdateSchedule');
    expect(a.some((x) => x.endsWith(':*'))).toBe(false);
  });

  it('the poll schedule is created disabled, targets the sync queue with a role that may only send there', () => {
    const role = idOf('AWS::IAM::Role', 'EventBridge Scheduler');
    app.hasResourceProperties('AWS::Scheduler::Schedule', {
      State: 'DISABLED',
      ScheduleExpression: 'rate(1 minute)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [idOf('AWS::SQS::Queue', 'QueuesSyncJobs'), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [role, 'Arn'] },
        Input: Match.stringLikeRegexp('"kind":"poll"'),
      },
    });
    expect(appResources[role]?.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } },
      }),
    ]);
    expect(statementsOf('EventBridge Scheduler')).toEqual([
      expect.objectContaining({
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [idOf('AWS::SQS::Queue', 'QueuesSyncJobs'), 'Arn'] },
      }),
    ]);
  });

  it('the sync route function gets the queues, the schedule, its role and the outside systems’ secrets', () => {
    const fn = [...groupFunctions()].find(([, g]) => g === 'sync')?.[0] as string;
    const vars = envOf(fn, [
      'SYNC_QUEUE_URL',
      'SYNC_QUEUE_ARN',
      'SYNC_DLQ_URL',
      'SYNC_SCHEDULE_NAME',
      'SYNC_SCHEDULE_GROUP',
      'SYNC_SCHEDULER_ROLE_ARN',
      'QUEUE_URL',
      ...OUTSIDE_SYSTEM_SECRETS,
    ]);
    // Secrets by ARN, never by value.
    for (const key of OUTSIDE_SYSTEM_SECRETS) {
      expect(JSON.stringify(vars[key])).not.toContain('resolve:secretsmanager');
      expect(vars[key]).toEqual({ Ref: expect.stringMatching(/^Sync.*ApiKey/) });
    }
    const queue = { 'Fn::GetAtt': [idOf('AWS::SQS::Queue', 'QueuesSyncJobs'), 'Arn'] };
    const dlq = { 'Fn::GetAtt': [idOf('AWS::SQS::Queue', 'QueuesSyncJobsDeadLetter'), 'Arn'] };
    expect(resourcesOf('sync', 'sqs:SendMessage')).toEqual([queue]);
    expect(resourcesOf('sync', 'sqs:StartMessageMoveTask')).toEqual([dlq]);
    expect(JSON.stringify(resourcesOf('sync', 'scheduler:UpdateSchedule'))).toContain(':schedule/default/');
    const passRole = statementsOf('sync').find((st) => st.Action === 'iam:PassRole');
    expect(passRole?.Resource).toEqual({ 'Fn::GetAtt': [idOf('AWS::IAM::Role', 'EventBridge Scheduler'), 'Arn'] });
    expect(passRole?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    // Unscoped only where AWS has no resource-level form: X-Ray tracing (every function) and SES GetAccount.
    const unscoped = statementsOf('sync').filter((st) => st.Resource === '*');
    expect(unscoped.flatMap((st) => st.Action).sort()).toEqual([
      'ses:GetAccount',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
  });

  it('passes the outside systems’ URLs from context', () => {
    const stacks = synthMarketplace({
      context: {
        siteBuildPath: fakeSiteBuild(),
        internalSystemUrl: 'https://practice.example.com',
        legacySystemUrl: 'https://legacy.example.com',
      },
      cloudFormationValidation: false,
    });
    const t = Template.fromStack(stacks.appStack);
    for (const description of ['Route group "sync"', 'Sync worker']) {
      t.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp(`^${description}`),
        Environment: {
          Variables: Match.objectLike({
            INTERNAL_SYSTEM_URL: 'https://practice.example.com',
            LEGACY_SYSTEM_URL: 'https://legacy.example.com',
          }),
        },
      });
    }
    expect(() =>
      synthMarketplace({ context: { internalSystemUrl: 'http://x' }, cloudFormationValidation: false }),
    ).toThrow(/internalSystemUrl must be an https/);
  }, 60_000);
});

describe('site', () => {
  const behaviours = () => {
    const [distribution] = Object.values(app.findResources('AWS::CloudFront::Distribution'));
    return distribution?.Properties.DistributionConfig;
  };

  it('routes /api/*, /v1/*, /sitemap.xml and /robots.txt to the API and /uploads/* to the uploads bucket', () => {
    const config = behaviours();
    const byPath = Object.fromEntries(config.CacheBehaviors.map((b: { PathPattern: string }) => [b.PathPattern, b]));
    expect(Object.keys(byPath).sort()).toEqual(
      [
        '/api/*',
        '/robots.txt',
        '/sitemap.xml',
        '/uploads/*',
        '/v1/*',
        ...STOREFRONT_PATH_PATTERNS,
        SPA_PATH_PATTERN,
      ].sort(),
    );
    const originOf = (id: string) => config.Origins.find((o: { Id: string }) => o.Id === id);
    for (const path of ['/api/*', '/v1/*', '/sitemap.xml', '/robots.txt']) {
      const b = byPath[path];
      expect(originOf(b.TargetOriginId).DomainName['Fn::Join'][1][1]).toMatch(/^\.execute-api\./);
      expect(b.AllowedMethods).toContain('POST');
      // Our own policy: the headers handlers read and the viewer's address (per-client limits).
      const policy = Object.entries(app.findResources('AWS::CloudFront::OriginRequestPolicy')).find(
        ([id]) => id === b.OriginRequestPolicyId?.Ref,
      )?.[1];
      const headers = policy?.Properties.OriginRequestPolicyConfig.HeadersConfig;
      expect(headers.HeaderBehavior).toBe('whitelist');
      expect(headers.Headers).toEqual(expect.arrayContaining(['Stripe-Signature', 'CloudFront-Viewer-Address']));
      expect(headers.Headers).not.toContain('Host');
      expect(policy?.Properties.OriginRequestPolicyConfig.QueryStringsConfig.QueryStringBehavior).toBe('all');
    }
    expect(originOf(byPath['/uploads/*'].TargetOriginId).DomainName).toMatch(/^dentalmarketplace-uploads-/);
    expect(byPath['/uploads/*'].FunctionAssociations).toHaveLength(1);
    // The SPA rewrite is a function on the SPA's behaviour, not error responses: API 404s stay 404s.
    expect(byPath[SPA_PATH_PATTERN].FunctionAssociations).toHaveLength(1);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toBeUndefined();
    // No error page rewriting; 5xx answers (API Gateway's own too) are never cached at the edge.
    expect(config.CustomErrorResponses).toEqual(
      [500, 502, 503, 504].map((ErrorCode) => ({ ErrorCode, ErrorCachingMinTTL: 0 })),
    );
    expect(config.Logging).toBeDefined();
  });

  it('sends the storefront pages to the storefront Lambda through the API, cached by its s-maxage on their own key', () => {
    const config = behaviours();
    const byPath = Object.fromEntries(config.CacheBehaviors.map((b: { PathPattern: string }) => [b.PathPattern, b]));
    const api = byPath['/api/*'];
    expect([...STOREFRONT_PATH_PATTERNS]).toEqual([
      '/marketplace/categories',
      '/marketplace/category/*',
      '/marketplace/app/*',
    ]);
    // Their own cache policy (issue 30, row 10): keyed on the query parameters the pages read
    // (PAGE_PARAMS), never on credentials or cookies; the renderer's Cache-Control decides.
    const storefrontPolicyId = config.DefaultCacheBehavior.CachePolicyId;
    expect(storefrontPolicyId).not.toEqual(api.CachePolicyId);
    const policy = Object.entries(app.findResources('AWS::CloudFront::CachePolicy')).find(
      ([id]) => id === storefrontPolicyId?.Ref,
    )?.[1]?.Properties.CachePolicyConfig;
    const keyOf = policy?.ParametersInCacheKeyAndForwardedToOrigin;
    expect(keyOf?.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(keyOf?.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(keyOf?.QueryStringsConfig.QueryStringBehavior).toBe('whitelist');
    expect([...(keyOf?.QueryStringsConfig.QueryStrings ?? [])].sort()).toEqual(
      [...new Set(Object.values(PAGE_PARAMS).flat())].sort(),
    );
    expect(policy?.MinTTL).toBe(0);
    expect(policy?.DefaultTTL).toBe(0);
    for (const path of STOREFRONT_PATH_PATTERNS) {
      const b = byPath[path];
      expect(b.TargetOriginId, path).toBe(api.TargetOriginId);
      expect(b.CachePolicyId, path).toEqual(storefrontPolicyId);
      expect(b.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
      expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(b.ResponseHeadersPolicyId).toBeDefined();
      expect(b.Compress).toBe(true);
    }
    // Every storefront route is a route of the storefront group's function.
    const storefront = ROUTES.filter((r) => r.group === 'storefront').map(routeKey);
    expect(storefront.sort()).toEqual(
      [
        'GET /',
        'GET /marketplace/app/{slug}',
        'GET /marketplace/categories',
        'GET /marketplace/category/{slug}',
      ].sort(),
    );
    app.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Route group "storefront": 4 routes'),
      Runtime: 'nodejs22.x',
    });
  });

  it('serves / from the storefront renderer, not index.html from the bucket, and every other page path from the SPA', () => {
    const config = behaviours();
    // A default root object would turn `/` into the S3 object index.html before any behaviour applies.
    expect(config.DefaultRootObject).toBeUndefined();
    const originOf = (b: { TargetOriginId: string }) =>
      config.Origins.find((o: { Id: string }) => o.Id === b.TargetOriginId);
    const isApi = (b: { TargetOriginId: string }) =>
      JSON.stringify(originOf(b).DomainName).includes('.execute-api.') && originOf(b).CustomOriginConfig;
    const isSiteBucket = (b: { TargetOriginId: string }) =>
      Boolean(originOf(b).S3OriginConfig) && JSON.stringify(originOf(b).DomainName).includes('SiteBucket');

    // CloudFront's path-pattern semantics: `*` is any run of characters, `?` exactly one, the
    // comparison is case-sensitive, and the first behaviour in order whose pattern matches wins;
    // the default behaviour (`*`) takes what none matches.
    const matches = (pattern: string, path: string) => {
      const re = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.');
      return new RegExp(`^${re}$`).test(path);
    };
    const behaviourFor = (path: string) =>
      config.CacheBehaviors.find((b: { PathPattern: string }) => matches(b.PathPattern, path)) ??
      config.DefaultCacheBehavior;
    expect(matches(SPA_PATH_PATTERN, '/')).toBe(false);
    expect(matches(SPA_PATH_PATTERN, '/a')).toBe(true);
    // The SPA's catch-all comes last, or it would shadow /api/*, the storefront pages and uploads.
    expect(config.CacheBehaviors.at(-1).PathPattern).toBe(SPA_PATH_PATTERN);

    const home = behaviourFor('/');
    expect(home).toBe(config.DefaultCacheBehavior);
    expect(isApi(home)).toBeTruthy();
    expect(home.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(home.ViewerProtocolPolicy).toBe('redirect-to-https');
    // The same behaviour as the other storefront pages: cached by the renderer's s-maxage, SPA headers.
    const appPage = behaviourFor('/marketplace/app/charting-pro');
    expect(appPage.PathPattern).toBe('/marketplace/app/*');
    for (const key of ['TargetOriginId', 'CachePolicyId', 'OriginRequestPolicyId', 'ResponseHeadersPolicyId']) {
      expect(home[key], key).toEqual(appPage[key]);
    }
    for (const path of ['/marketplace/categories', '/marketplace/category/imaging']) {
      expect(isApi(behaviourFor(path)), path).toBeTruthy();
    }
    for (const path of ['/api/apps', '/v1/apps', '/sitemap.xml']) {
      expect(isApi(behaviourFor(path)), path).toBeTruthy();
    }
    // SPA pages and the build's files come from the site bucket, through the SPA rewrite.
    for (const path of ['/index.html', '/dashboard/apps', '/login', '/assets/index-abc.js', '/favicon.ico']) {
      const b = behaviourFor(path);
      expect(b.PathPattern, path).toBe(SPA_PATH_PATTERN);
      expect(isSiteBucket(b), path).toBe(true);
      expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
    }
    expect(behaviourFor('/uploads/apps/a1/shot.png').PathPattern).toBe('/uploads/*');
  });

  it('lets the API decide caching and forwards credentials; the cache key takes the listed query strings', () => {
    app.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'X-API-Key'] },
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: [...CACHE_QUERY_STRINGS] },
        }),
      }),
    });
  });

  it('CloudFront functions rewrite SPA routes and strip /uploads', () => {
    const run = (code: string, uri: string): string =>
      new Function(`${code}; return handler;`)()({ request: { uri } }).uri;
    expect(run(SPA_REWRITE_CODE, '/')).toBe('/index.html');
    expect(run(SPA_REWRITE_CODE, '/dashboard/apps')).toBe('/index.html');
    expect(run(SPA_REWRITE_CODE, '/marketplace/apps/by-slug/x')).toBe('/index.html');
    expect(run(SPA_REWRITE_CODE, '/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(run(SPA_REWRITE_CODE, '/favicon.ico')).toBe('/favicon.ico');
    expect(run(UPLOADS_PREFIX_CODE, '/uploads/apps/a1/shot.png')).toBe('/apps/a1/shot.png');
  });

  it('deploys the SPA build with an invalidation, and outputs the URLs', () => {
    app.resourcePropertiesCountIs('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'] }, 1);
    app.resourceCountIs('Custom::CDKBucketDeployment', 2);
    app.hasOutput('SiteUrl', {});
    expect(Object.keys(app.findOutputs('ApiUrl'))).toEqual([]);
  });
});

describe('without a SPA build', () => {
  it('synthesizes, skips the deployment and warns', () => {
    const stacks = synthMarketplace({ context: { siteBuildPath: 'does/not/exist' }, cloudFormationValidation: false });
    Template.fromStack(stacks.appStack).resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stacks.appStack).hasWarning(
      '/DentalMarketplace-App/Site',
      Match.stringLikeRegexp('npm run build:web'),
    );
  });
});

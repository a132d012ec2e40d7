import { Annotations, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE_KEYS, USER_PROFILE_ATTRIBUTES } from '../functions/adapters/dynamodb/table-definition';
import { ORIGIN_AUTHORIZER_CACHE_SECONDS } from '../functions/http/origin-authorizer';
import { ORIGIN_VERIFY_HEADER } from '../functions/http/origin-verify';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { ROUTE_GROUPS, type RouteGroup, routesOfGroup } from '../functions/routes';
import { type AppConfig, existingPath } from './app-config';
import { type FunctionBundling, functionBundling } from './bundling';
import type { Fulfilment } from './fulfilment';
import { ServiceFunction } from './function-defaults';
import type { EncryptedLogs } from './logs';
import type { Mail } from './mail';
import { acknowledgeWildcards } from './nag';
import type { Queues } from './queues';
import type { AppSecrets } from './secrets';
import type { Sync } from './sync';
import { PENDING_UPLOADS_PREFIX, UPLOADS_KEY_PREFIXES } from './uploads';

/** DynamoDB actions a function may be granted (item reads and writes, queries; never Scan or DescribeTable). */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/** The key attributes of the table and its indexes (a dynamodb:Attributes condition must list them). */
const KEY_ATTRIBUTES = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const READ: TableAction[] = ['dynamodb:GetItem', 'dynamodb:Query'];

/** What a catalogue page reads (apps by id, slug, category and integration; listings; the counts): the marketplace's and the storefront's reads. */
const CATALOGUE_PAGE_KEYS: readonly string[] = [
  'APP#*',
  'APPSLUG#*',
  'CATALOGUE',
  'CATEGORIES',
  'MARKET',
  'MARKETCAT#*',
  'WORKSWITH#*',
  'LISTING',
  'LISTING#*',
  'CATEGORYCOUNTS',
];
const WRITE: TableAction[] = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * What each route group's function may touch. Typed over RouteGroup, so a group added to
 * functions/routes.ts does not compile until someone decides here what it needs.
 */
interface GroupNeeds extends TableKeys {
  /**
   * The DynamoDB actions its routes use (transactions need the action of each item: Put ->
   * PutItem, ConditionCheck -> ConditionCheckItem...), each limited to the partition keys
   * (dynamodb:LeadingKeys, `PREFIX#*` or an exact key) of its kind: `reads`, `writes`
   * (TableKeys), on the table and its indexes (an index's partition key for a Query on it).
   * test/infra/table-actions.test.ts checks each function's bundle against them: it fails when the
   * code uses a key outside them, and when a statement allows a secret-holding kind the code does
   * not read or write that way.
   */
  readonly table: readonly TableAction[];
  /** Read, write, list and delete uploaded images under apps/ and drafts/. */
  readonly uploads?: boolean;
  /** Enqueue webhook deliveries. */
  readonly webhookQueue?: boolean;
  /** Send e-mail as the configured sender. */
  readonly mail?: boolean;
  /** Presign browser uploads to pending/<userId>/ and confirm them (read, delete). */
  readonly pendingUploads?: boolean;
  /** Stripe secret key and webhook signing secret. */
  readonly stripe?: boolean;
  /** The sync queues, the poll schedule and the outside systems' keys (lib/sync.ts). */
  readonly sync?: boolean;
  /** Compile the web build's index.html and module preloads into the bundle (functions/storefront/assets.ts). */
  readonly storefront?: boolean;
  /** Enqueue licence deliveries and pool refills for the fulfilment worker (lib/fulfilment.ts). */
  readonly fulfilmentQueue?: boolean;
  /**
   * Enqueue catalogue jobs for the sync worker: category re-filing, key-pool deletion, a proven
   * address's installations count (lib/sync.ts grantEnqueue).
   */
  readonly catalogueJobs?: boolean;
  readonly memorySize?: number;
  readonly timeout?: Duration;
}

/**
 * What deleting an app and completing a manual licence write beyond the app's own items, in both
 * groups that do them (developer-apps, admin): App Management's and the categories' counters, the
 * app's webhook count, its webhooks' lookup items and the buyer's install.
 */
const APP_LIFECYCLE_WRITES = [
  'APPCOUNT#*',
  'CATEGORYCOUNTS',
  'APPCOUNTS',
  'WEBHOOKCOUNT#*',
  // A deleted app's webhooks go with it (their lookup items).
  'WEBHOOK#*',
  // A completed manual licence's mail keeps its access link on the buyer's install.
  'INSTALLS#*',
] as const;

export const GROUP_NEEDS: Record<RouteGroup, GroupNeeds> = {
  // Password hashing is memory-hard: more memory is also more CPU for sign-in and sign-up.
  accounts: {
    table: [...READ, ...WRITE],
    reads: ['USER#*', 'EMAIL#*', 'VERIFY#*', 'RESET#*', 'CLAIM#*', 'INVITE#*', 'SUPPRESSED#*'],
    writes: [
      'USER#*',
      'EMAIL#*',
      'VERIFY#*',
      'RESET#*',
      // E-mailed sign-in links (after repeated failed sign-ins): made and used, never read whole.
      'SIGNIN#*',
      'RATE#*',
      'AUDIT#*',
      // Claim links and invitations.
      'CLAIM#*',
      'INVITE#*',
      // User Management's counts, moved in each new account's transaction.
      'USERCOUNTS',
    ],
    mail: true,
    // A proven address's purchases are counted as installations by the sync worker (one message):
    // this function touches no purchase.
    catalogueJobs: true,
    memorySize: 1024,
  },
  // Public reads only (category curation is in the admin group), of the catalogue's key kinds: no
  // account, key or purchase item but the two projections a signed-in caller's request needs.
  marketplace: {
    table: READ,
    reads: [
      ...CATALOGUE_PAGE_KEYS,
      'APPREVIEWS#*',
      'SYNCEVENTTYPES',
      'SYNCFEATURES',
      'SYNCRELS',
      'SYNCTABLES',
      'SYNCCOUNTS',
    ],
    writes: [],
    // A review's author: the profile without the password hash (whether the address is proven); a
    // buyer's purchases of the app by id (the buyer+app pointers), and of each only whether it is a
    // licence held now.
    projected: {
      'USER#*': USER_PROFILE_ATTRIBUTES,
      'BUYERAPP#*': ['purchase_id'],
      'PURCHASE#*': ['PK', 'status', 'license_status', 'expires_at'],
    },
  },
  // Adding pool keys enqueues serving the buyers who waited on an empty pool (the fulfilment worker mails them).
  'developer-apps': {
    table: [...READ, ...WRITE, 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'],
    reads: [
      'APP#*',
      'APPSLUG#*',
      'APPSALES#*',
      'OWNER#*',
      'PURCHASE#*',
      'CATALOGUE',
      'CATEGORIES',
      'SUPPRESSED#*',
      'SYNCFEATURE#*',
      'SYNCFEATURECAT#*',
      'SYNCEVENTTYPES',
      'SYNCFEATURES',
      'SYNCRELS',
      'SYNCTABLES',
      'SYNCCOUNTS',
      // The edit view's and a save's available pool keys (GSI3, capped by the save limit).
      'POOLAVAIL#*',
      // The developer's pending manual licences, one page of their GSI4 partition.
      'DEVMANUAL#*',
      // My Apps' installs of an app (GSI1, paged) and the app's reviewed declaration.
      'APPINSTALLS#*',
      // Not seen by the analysis (test/infra/table-needs.ts); kept as it was.
      'INSTALLS#*',
    ],
    writes: [
      'APP#*',
      'APPSLUG#*',
      'LICENSEKEY#*',
      'PURCHASE#*',
      'CATALOGUE',
      'RATE#*',
      'AUDIT#*',
      'CLAIM#*',
      'UPLOADCLAIM#*',
      ...APP_LIFECYCLE_WRITES,
    ],
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
    uploads: true,
    pendingUploads: true,
    mail: true,
    fulfilmentQueue: true,
    // A deleted app's key pool goes in pages on the sync worker.
    catalogueJobs: true,
  },
  // Key hashes are put and deleted with their keys, never read here (the Partner API reads them).
  'api-keys': {
    table: [...READ, 'dynamodb:BatchGetItem', ...WRITE],
    reads: ['APIKEY#*', 'APIQUOTA#*', 'OWNER#*'],
    writes: ['APIKEY#*', 'APIKEYCOUNT#*', 'APIQUOTA#*', 'KEYHASH#*', 'AUDIT#*'],
    // A key's owner (whether an approved developer): the profile, never the password hash.
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
  },
  webhooks: {
    table: [...READ, ...WRITE],
    reads: ['APP#*', 'APPLOGS#*', 'WEBHOOK#*', 'EVENTTYPES', 'OWNER#*'],
    writes: ['APP#*', 'WEBHOOK#*', 'WEBHOOKCOUNT#*', 'DELIVERY#*', 'RATE#*', 'AUDIT#*'],
    // Whether the caller is an approved developer: the profile, never the password hash.
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
    webhookQueue: true,
  },
  // The routes that call Stripe: checkout sessions, the Stripe webhook and free grants record
  // purchases and enqueue their licence delivery; the admin's refund (through Stripe) is served here
  // too, so that only this function carries Stripe (the buyer's other routes are purchases').
  checkout: {
    table: [...READ, ...WRITE, 'dynamodb:ConditionCheckItem'],
    reads: [
      'APP#*',
      'BUYERAPP#*',
      'PURCHASE#*',
      'SESSION#*',
      'STRIPEREF#*',
      'EVENTTYPES',
      'CATALOGUE',
      'SUPPRESSED#*',
      // Not seen by the analysis (test/infra/table-needs.ts); kept as it was.
      'BUYER#*',
    ],
    writes: [
      'APP#*',
      'BUYERAPP#*',
      'PURCHASE#*',
      'SESSION#*',
      'STRIPEEVENT#*',
      'STRIPEREF#*',
      'DELIVERY#*',
      'CATALOGUE',
      'RATE#*',
      'AUDIT#*',
      'BUYER#*',
    ],
    // The buyer's profile (the receipt's name and address) and a developer's connected Stripe
    // account: never the password hash, and no account write (a guest's account is made on claiming).
    projected: { 'USER#*': [...USER_PROFILE_ATTRIBUTES, 'stripe_account_id'] },
    webhookQueue: true,
    mail: true,
    stripe: true,
    fulfilmentQueue: true,
  },
  // A buyer's purchases, invoices, review writes and installs: no Stripe, no mail. A grant or a
  // revoke is audited and tells the app's developer (install.updated / install.revoked) through the
  // webhook delivery queue.
  purchases: {
    table: [...READ, ...WRITE],
    reads: [
      'APP#*',
      'BUYER#*',
      // Whether a reviewer holds a licence of the app: the buyer+app purchase pointers.
      'BUYERAPP#*',
      'PURCHASE#*',
      'SESSION#*',
      'CATALOGUE',
      'INSTALLS#*',
      'EVENTTYPES',
    ],
    writes: ['APP#*', 'CATALOGUE', 'RATE#*', 'INSTALLS#*', 'AUDIT#*', 'DELIVERY#*'],
    // A buyer's own profile (invoices, reviews): never the password hash, and no account write.
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
    webhookQueue: true,
  },
  // Replays webhook deliveries, notifies developers of approvals, curates categories, and deletes
  // an app's images with the app. (Refunds are the checkout function's: it has Stripe.) Accounts
  // are read as profiles and written (an approval); address claims only read; key hashes only put
  // and deleted (revoking, rotating).
  admin: {
    table: [...READ, 'dynamodb:BatchGetItem', ...WRITE, 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'],
    reads: [
      'USERS',
      // User Management's counts: read by the list, moved with an approval.
      'USERCOUNTS',
      'EMAIL#*',
      'APIKEY#*',
      'APIQUOTA#*',
      'APP#*',
      'APPSALES#*',
      'APPLOGS#*',
      'OWNER#*',
      'PURCHASE#*',
      'MANUALPENDING',
      'CATALOGUE',
      'CATEGORIES',
      'CATEGORY#*',
      'MARKET',
      // App Management pages the apps off the marketplace (GSI2 APPS, newest first), then MARKET.
      'APPS',
      'DELIVERY#*',
      'WEBHOOKLOG#*',
      'LOGS#*',
      'SUPPRESSED',
      'SUPPRESSED#*',
      'AUDITLOG',
      'AUDITACTOR#*',
      'AUDITTARGET#*',
      'CATEGORYCOUNTS',
      'APPCOUNTS',
      // Not seen by the analysis (test/infra/table-needs.ts); kept as they were.
      'CATAPPS#*',
      'MARKETCAT#*',
      'LOGS',
      'INSTALLS#*',
    ],
    writes: [
      'USER#*',
      'USERCOUNTS',
      'APIKEY#*',
      'KEYHASH#*',
      'APIQUOTA#*',
      'APP#*',
      'APPSLUG#*',
      'PURCHASE#*',
      'LICENSEKEY#*',
      'CATALOGUE',
      'CATEGORY#*',
      'CATSLUG#*',
      'DELIVERY#*',
      'SUPPRESSED#*',
      'RATE#*',
      'AUDIT#*',
      'CLAIM#*',
      'INVITE#*',
      ...APP_LIFECYCLE_WRITES,
    ],
    // The accounts it lists, approves and mails: the profile, never the password hash.
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
    webhookQueue: true,
    mail: true,
    uploads: true,
    // A category's apps re-filed and a deleted app's key pool deleted in pages on the sync worker.
    catalogueJobs: true,
  },
  // The default 15 s like every route: a run is queued to the sync worker (lib/sync.ts), a route
  // only starts or reads it; 29 s plus a cold start overran API Gateway's 30 s (a 503 with no body).
  sync: {
    table: [...READ, ...WRITE, 'dynamodb:BatchWriteItem'],
    reads: [
      'SYNCSTATE',
      'SYNCRUNS',
      'SYNCLOCKS',
      'SYNCFAILED',
      'SYNCFEATURE#*',
      'SYNCFEATURECAT#*',
      'SYNCFEATURES',
      'SYNCREL#*',
      'SYNCRELS',
      'SYNCTABLES',
      'SYNCEVENTTYPES',
      'SYNCPOINTER#*',
      'SYNCCOUNTS',
      'SYNCPOLLHOURS',
      'SUPPRESSED#*',
    ],
    writes: [
      'SYNCSTATE',
      'SYNCRUN#*',
      'SYNCLOCK#*',
      'SYNCFAILED#*',
      'SYNCFEATURE#*',
      'AUDIT#*',
      'SYNCPOINTER#*',
      'SYNCPOLLHOUR#*',
      'INVITE#*',
      'RATE#*',
    ],
    projected: { 'USER#*': ['PK', 'token_version'] },
    sync: true,
  },
  // Read-only but for counting each call on its key item (one conditional UpdateItem, also used
  // to activate an approved developer's production key on its first call) and listing a key's
  // hash on the developer's quota item at its first call (a transaction with a ConditionCheck of
  // the key). The hash item a presented key is found by is only read.
  partner: {
    table: [...READ, 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
    reads: [
      'APIKEY#*',
      'APIQUOTA#*',
      'KEYHASH#*',
      'APP#*',
      'APPSALES#*',
      'PURCHASE#*',
      'LICENSEKEY#*',
      'EVENTTYPES',
      // GET /v1/installs reads an app's installs (GSI1) and the app's declaration.
      'APPINSTALLS#*',
    ],
    writes: ['APIKEY#*', 'APIQUOTA#*'],
    // A key's owner (/v1/me): the profile, never the password hash.
    projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
  },
  // Renders the storefront pages from the catalogue (functions/storefront): reads only.
  storefront: {
    table: READ,
    storefront: true,
    reads: CATALOGUE_PAGE_KEYS,
    writes: [],
  },
};

/**
 * Whether a group's routes need the JWT signing key: every group with signed-in routes, or public
 * routes that recognise a signed-in caller. The Partner API (API keys) does not, nor does the
 * storefront, whose public pages (createPublicGroupHandler) never read a token.
 */
export const groupNeedsJwt = (group: RouteGroup): boolean =>
  group !== 'storefront' &&
  routesOfGroup(group).some(
    (route) => route.access !== 'apikey' && !(group === 'partner' && route.access === 'public'),
  );

export interface ApiProps {
  readonly config: AppConfig;
  readonly table: dynamodb.ITable;
  readonly uploadsBucket: s3.IBucket;
  readonly queues: Queues;
  readonly mail: Mail;
  readonly secrets: AppSecrets;
  readonly logs: EncryptedLogs;
  readonly sync: Sync;
  readonly fulfilment: Fulfilment;
}

/** The read actions: GetItem, Query, BatchGetItem. */
const READ_ACTIONS: readonly TableAction[] = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];

/** Where a function's table actions are limited to (dynamodb:LeadingKeys): its reads apart from its writes. */
export interface TableKeys {
  /** The partition keys its reads (GetItem, Query, BatchGetItem) are limited to, on the table and its indexes. */
  readonly reads: readonly string[];
  /**
   * The partition keys its writes (PutItem, UpdateItem, DeleteItem, BatchWriteItem) and its
   * transactions' ConditionChecks are limited to.
   */
  readonly writes: readonly string[];
  /**
   * Keys it may only GetItem or Query with a projection of these attributes (the signed-in
   * caller's token version, a profile without the password hash): never the rest of those items.
   */
  readonly projected?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The given actions on the table, and Query on its indexes, named one by one: the reads limited to
 * `reads`, the writes to `writes` (a kind only written cannot be read whole, one only read cannot
 * be written). No Scan: the design reads through keys and indexes only; no DescribeTable: nothing
 * reads the table's description.
 */
export function tableAccess(
  table: dynamodb.ITable,
  actions: readonly TableAction[],
  limits: TableKeys,
): iam.PolicyStatement[] {
  const indexes = TABLE_KEYS.indexes.map((index) => `${table.tableArn}/index/${index.name}`);
  const statements: iam.PolicyStatement[] = [];
  const add = (sid: string, granted: readonly TableAction[], keys: readonly string[], resources: string[]) => {
    if (granted.length === 0) return;
    if (keys.length === 0) throw new Error(`${sid}: ${granted.join(', ')} limited to no partition key`);
    statements.push(
      new iam.PolicyStatement({
        sid,
        actions: [...granted],
        resources,
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...new Set(keys)] } },
      }),
    );
  };
  const reads = actions.filter((a) => READ_ACTIONS.includes(a));
  add('SingleTableReads', reads, limits.reads, [table.tableArn]);
  add(
    'SingleTableWrites',
    actions.filter((a) => !READ_ACTIONS.includes(a)),
    limits.writes,
    [table.tableArn],
  );
  if (reads.includes('dynamodb:Query')) add('SingleTableIndexes', ['dynamodb:Query'], limits.reads, indexes);
  return [...statements, ...projectedAccess(table, limits.projected ?? {})];
}

/**
 * GetItem and Query of only the given attributes of the items under each leading key (a profile
 * without the password hash, a token version): never the rest of those items.
 */
export function projectedAccess(
  table: dynamodb.ITable,
  projected: Readonly<Record<string, readonly string[]>>,
): iam.PolicyStatement[] {
  const indexes = TABLE_KEYS.indexes.map((index) => `${table.tableArn}/index/${index.name}`);
  return Object.entries(projected).map(
    ([key, attributes], i) =>
      new iam.PolicyStatement({
        sid: `SingleTableProjected${i}`,
        actions: ['dynamodb:GetItem', 'dynamodb:Query'],
        resources: [table.tableArn, ...indexes],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [key] },
          // DynamoDB needs every key attribute of the table and its indexes in the list as well.
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...new Set([...attributes, ...KEY_ATTRIBUTES])] },
          StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
        },
      }),
  );
}

/**
 * Each Partner API route (/v1/*) may use this share of the stage's rate and burst: partner
 * integrations burst (a nightly licence check of every practice), and the stage budget is shared
 * with every visitor of the site. With the five /v1 routes at most half of the stage goes to them.
 */
export const PARTNER_ROUTE_SHARE = 0.1;

const pascal = (group: string): string =>
  group.replace(/(^|-)([a-z])/g, (_m: string, _dash: string, c: string) => c.toUpperCase());

/**
 * The HTTP API: one bundled Lambda per route group, and every route of functions/routes.ts added
 * to its group's function (built from ROUTES, never listed by hand). Authorization is done by the
 * group handler from the route's `access`, the same code the local server runs.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly functions: Record<RouteGroup, ServiceFunction>;
  /** Host name of the API's execute-api endpoint (CloudFront's origin). */
  readonly originDomainName: string;
  /** The authorizer in front of every route: the origin header CloudFront adds, or no function runs. */
  readonly originAuthorizer: ServiceFunction;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Dental app marketplace API (routes from functions/routes.ts)',
      createDefaultStage: false,
    });
    const accessLogs = props.logs.logGroup(this, 'AccessLogs');
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    this.originDomainName = `${this.httpApi.apiId}.execute-api.${this.httpApi.stack.region}.${this.httpApi.stack.urlSuffix}`;

    const baseEnvironment: Record<string, string> = {
      RUNTIME: 'aws',
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.uploadsBucket.bucketName,
      MAIL_FROM: props.mail.from,
      ALLOW_INTERNAL_WEBHOOK_TARGETS: 'false',
      LOG_LEVEL: 'info',
      ...(config.googleClientId ? { GOOGLE_CLIENT_ID: config.googleClientId } : {}),
      ...(config.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey } : {}),
    };

    // The execute-api URL refuses what did not come through CloudFront (and its WAF) before any
    // route's function runs: a Lambda authorizer on the origin header rather than CloudFront OAC
    // to function URLs, which would replace the HTTP API (its routes, stage throttles and access
    // logs) with one URL per group. A request without the header is refused by API Gateway itself
    // (401, the header is the identity source, nothing invoked); one with CloudFront's value is
    // admitted from the cache for ORIGIN_AUTHORIZER_CACHE_SECONDS after one small invocation.
    this.originAuthorizer = new ServiceFunction(this, 'OriginAuthorizer', {
      entry: 'functions/http/origin-authorizer.ts',
      description: 'API authorizer: admits requests carrying the origin header CloudFront adds',
      logs: props.logs,
      memorySize: 256,
      timeout: Duration.seconds(5),
      environment: { RUNTIME: 'aws', LOG_LEVEL: 'info', ...props.secrets.environment({ origin: true }) },
    });
    props.secrets.grantRead(this.originAuthorizer, { origin: true });
    this.originAuthorizer.acknowledgeApiInvocation();
    const authorizer = new HttpLambdaAuthorizer('OriginAuthorizer', this.originAuthorizer.function, {
      authorizerName: 'origin-verify',
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      resultsCacheTtl: Duration.seconds(ORIGIN_AUTHORIZER_CACHE_SECONDS),
    });

    const functions: Partial<Record<RouteGroup, ServiceFunction>> = {};
    const partnerRoutes: apigwv2.HttpRoute[] = [];
    for (const group of ROUTE_GROUPS) {
      const routes = routesOfGroup(group);
      const needs = GROUP_NEEDS[group];
      // Secrets are read at cold start (functions/secrets.ts): only their ARNs are in the environment.
      const secretNeeds = { jwt: groupNeedsJwt(group), stripe: Boolean(needs.stripe), origin: true };
      const fn = new ServiceFunction(this, pascal(group), {
        entry: `functions/${group}/index.ts`,
        description: `Route group "${group}": ${routes.length} routes of functions/routes.ts`,
        logs: props.logs,
        memorySize: needs.memorySize,
        timeout: needs.timeout,
        bundling: needs.storefront ? this.storefrontBundling(config) : undefined,
        environment: {
          ...baseEnvironment,
          ...(needs.webhookQueue ? { [webhookDeliveries.urlVariable]: props.queues.webhookDelivery.queueUrl } : {}),
          ...props.secrets.environment(secretNeeds),
        },
      });
      functions[group] = fn;
      fn.acknowledgeApiInvocation();

      for (const statement of tableAccess(props.table, needs.table, needs)) {
        fn.grantPrincipal.addToPrincipalPolicy(statement);
      }
      props.secrets.grantRead(fn, secretNeeds);
      if (needs.uploads) {
        fn.grantPrincipal.addToPrincipalPolicy(
          new iam.PolicyStatement({
            sid: 'AppImages',
            // Tagging: drafts are stored tagged unreferenced and untagged when an app shows them.
            actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:PutObjectTagging', 's3:GetObjectTagging'],
            resources: UPLOADS_KEY_PREFIXES.map((prefix) => props.uploadsBucket.arnForObjects(`${prefix}*`)),
          }),
        );
        // Counting an app's screenshots and deleting its folder list the prefix.
        fn.grantPrincipal.addToPrincipalPolicy(
          new iam.PolicyStatement({
            sid: 'ListAppImages',
            actions: ['s3:ListBucket'],
            resources: [props.uploadsBucket.bucketArn],
            conditions: { StringLike: { 's3:prefix': UPLOADS_KEY_PREFIXES.map((prefix) => `${prefix}*`) } },
          }),
        );
        acknowledgeWildcards(
          fn,
          /^Resource::.*\/(apps|drafts)\/\*$/,
          'Uploaded images are keyed apps/<appId>/<file> or drafts/<userId>/<file>; access is limited to those prefixes.',
        );
      }
      if (needs.pendingUploads) {
        // Presigned POSTs are signed with this role's credentials, so the role must be allowed to
        // put what it lets browsers put; confirm reads and deletes the posted files.
        fn.grantPrincipal.addToPrincipalPolicy(
          new iam.PolicyStatement({
            sid: 'PendingUploads',
            actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
            resources: [props.uploadsBucket.arnForObjects(`${PENDING_UPLOADS_PREFIX}*`)],
          }),
        );
        acknowledgeWildcards(
          fn,
          /^Resource::.*\/pending\/\*$/,
          'Unconfirmed browser uploads are keyed pending/<userId>/<id>; each presigned form admits exactly one key.',
        );
      }
      if (needs.webhookQueue) props.queues.webhookDelivery.grantSendMessages(fn);
      if (needs.mail) props.mail.grantSend(fn);
      if (needs.sync) props.sync.configureRouteFunction(fn);
      if (needs.fulfilmentQueue) props.fulfilment.grantEnqueue(fn);
      if (needs.catalogueJobs && !needs.sync) props.sync.grantEnqueue(fn);

      // One integration and one API-scoped invoke permission per function, however many routes.
      const integration = new HttpLambdaIntegration(`${pascal(group)}Integration`, fn.function, {
        scopePermissionToRoute: false,
      });
      for (const route of routes) {
        const added = this.httpApi.addRoutes({
          path: route.path,
          methods: [apigwv2.HttpMethod[route.method]],
          integration,
          authorizer,
        });
        if (group === 'partner') partnerRoutes.push(...added);
      }
    }
    this.functions = functions as Record<RouteGroup, ServiceFunction>;

    // Per-route throttles of the Partner API, inside the stage's (PARTNER_ROUTE_SHARE).
    const share = (n: number) => Math.max(1, Math.floor(n * PARTNER_ROUTE_SHARE));
    const stage = this.stage.node.defaultChild as apigwv2.CfnStage;
    // Route settings name route keys: the routes must exist before the stage is updated with them.
    for (const route of partnerRoutes) stage.node.addDependency(route);
    stage.routeSettings = Object.fromEntries(
      routesOfGroup('partner')
        .filter((route) => route.path.startsWith('/v1/'))
        .map((route) => [
          `${route.method} ${route.path}`,
          // CloudFormation's own names: the L1 property is passed through as it is.
          { ThrottlingRateLimit: share(config.apiRateLimit), ThrottlingBurstLimit: share(config.apiBurstLimit) },
        ]),
    );
  }

  /** The public origin the functions put into e-mailed links and Stripe return URLs. */
  setAppUrl(url: string): void {
    for (const fn of Object.values(this.functions)) fn.addEnvironment('APP_URL', url);
  }

  /**
   * The storefront's bundle (lib/bundling.ts): the web build's index.html and module preloads
   * compiled in, the server renderer's aliases and browser-only modules left out. Without a web
   * build the function answers 503 (as the local server does) and synth warns.
   */
  private storefrontBundling(config: AppConfig): FunctionBundling | undefined {
    const bundling = functionBundling('storefront', existingPath(config.siteBuildPath));
    if (!bundling?.define) {
      Annotations.of(this).addWarningV2(
        'dental-marketplace:storefrontBuildMissing',
        `${config.siteBuildPath}/index.html not found: the storefront pages answer 503. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
    }
    return bundling;
  }
}

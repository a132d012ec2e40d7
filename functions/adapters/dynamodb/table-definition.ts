import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table, defined once. The CDK stack (lib/data-stack.ts) and the local runtime
 * (bin/local-stack.ts) both build the table from this definition, so they cannot drift.
 *
 * Key design. Every item has PK/SK; GSIs use generic attributes that each entity fills only
 * when it takes part in that access pattern (sparse indexes). Entity key builders live in
 * functions/adapters/dynamodb/keys.ts.
 *
 * | Access pattern                                   | Index | Key condition                                   |
 * |--------------------------------------------------|-------|-------------------------------------------------|
 * | user by id                                       | table | PK=USER#<id>, SK=PROFILE                        |
 * | user id by e-mail (uniqueness on sign-up)        | table | PK=EMAIL#<email>, SK=EMAIL                      |
 * | all users, newest first (admin)                  | GSI1  | GSI1PK=USERS, GSI1SK begins <created_at>        |
 * | failed-login counter of an address (TTL)         | table | PK=LOGINFAIL#<email>, SK=LOGINFAIL              |
 * | password-reset token by its hash (TTL)           | table | PK=RESET#<sha256>, SK=RESET                     |
 * | category by id                                   | table | PK=CATEGORY#<id>, SK=CATEGORY                   |
 * | category slug uniqueness / by slug               | table | PK=CATSLUG#<slug>, SK=CATSLUG                   |
 * | categories in display order (all; few)           | GSI1  | GSI1PK=CATEGORIES, GSI1SK=<order:5>#<slug>      |
 * | app by id                                        | table | PK=APP#<id>, SK=APP                             |
 * | app slug uniqueness / by slug                    | table | PK=APPSLUG#<slug>, SK=APPSLUG                   |
 * | app by slug, else by id (detail page)            | table | GetItem APPSLUG#<x> and APP#<x> in parallel     |
 * | apps of an owner                                 | GSI1  | GSI1PK=OWNER#<userId>, GSI1SK begins APP#       |
 * | marketplace apps, by name (list, counts)         | GSI2  | GSI2PK=MARKET, GSI2SK=<name key> #<id>          |
 * | marketplace apps of a category, by name          | GSI3  | GSI3PK=MARKETCAT#<cat slug>, GSI3SK=<name key>  |
 * | apps not in the marketplace                      | GSI2  | GSI2PK=APPS, GSI2SK=<created_at>#<id>           |
 * | all apps (admin) = MARKET + APPS, 2 Queries      | GSI2  | GSI2PK=MARKET / GSI2PK=APPS                     |
 * | apps filed under a category (count, re-file)     | GSI3  | GSI3PK=MARKETCAT#<slug> + CATAPPS#<slug>        |
 * | catalogue version (marketplace cache check)      | table | PK=CATALOGUE, SK=VERSION                        |
 * | API key by id (api-keys-repo.ts)                 | table | PK=APIKEY#<id>, SK=APIKEY                       |
 * | API key by its secret's hash                     | table | PK=KEYHASH#<sha256>, SK=KEYHASH -> key id       |
 * | API keys of an owner                             | GSI1  | GSI1PK=OWNER#<userId>, GSI1SK begins KEY#       |
 * | daily usage of a key (on the key item)           | table | PK=APIKEY#<id>, SK=APIKEY: usage_day, usage_count |
 * | webhooks of an app (webhooks-repo.ts)            | table | PK=APP#<id>, SK begins WEBHOOK#                 |
 * | webhook by id -> its app                         | table | PK=WEBHOOK#<id>, SK=WEBHOOK                     |
 * | webhooks failing since before a time (sparse)    | GSI2  | GSI2PK=WEBHOOKFAILING, GSI2SK < <iso>#          |
 * | webhook delivery by webhook-id (TTL 35 days)     | table | PK=DELIVERY#<msg id>, SK=DELIVERY               |
 * | deliveries due for the queue (sparse)            | GSI3  | GSI3PK=DUEDELIVERY, GSI3SK <= <epoch ms:15>     |
 * | webhook log by id (replay; TTL 30 days)          | table | PK=WEBHOOKLOG#<id>, SK=WEBHOOKLOG               |
 * | webhook logs of an app, newest first             | GSI1  | GSI1PK=APPLOGS#<id>, GSI1SK=<created>#<id>      |
 * | all webhook logs, newest first (admin)           | GSI2  | GSI2PK=LOGS, GSI2SK=<created>#<id>              |
 * | purchases of a buyer                             | GSI1  | GSI1PK=BUYER#<userId>, GSI1SK begins PURCHASE#  |
 * | purchases of an app                              | GSI2  | GSI2PK=APPSALES#<appId>, GSI2SK=<created>#<id>  |
 * | purchase by id                                   | table | PK=PURCHASE#<id>, SK=PURCHASE                   |
 * | manual licences pending on a developer, oldest   | GSI4  | GSI4PK=DEVMANUAL#<devId>, GSI4SK=<since>#<id>   |
 * | purchase by licence key (licences-read-repo.ts)  | table | PK=LICENSEKEY#<appId>#<sha256>, SK=LICENSEKEY   |
 * | purchase by checkout session (purchases-repo.ts) | table | PK=SESSION#<id>, SK=SESSION -> purchase id      |
 * | Stripe event processed once (TTL 30 days)        | table | PK=STRIPEEVENT#<id> (attribute_not_exists)      |
 * | purchase by Stripe payment intent / subscription | table | PK=STRIPEREF#<pi_...|sub_...>, SK=STRIPEREF     |
 * | licence keys of an app's pool                    | table | PK=APP#<id>, SK begins POOLKEY#                 |
 * | available pool keys, oldest first (claim, count) | GSI3  | GSI3PK=POOLAVAIL#<id>, GSI3SK=<created>#<key>   |
 * | installs of a buyer (one per app; installs-repo)  | table | PK=INSTALLS#<buyerId>, SK begins INSTALL#       |
 * | installs of an app, newest first (developer)     | GSI1  | GSI1PK=APPINSTALLS#<appId>, GSI1SK=<at>#<id>    |
 * | event types (webhook catalogue), by name         | GSI1  | GSI1PK=EVENTTYPES, GSI1SK=<name>                |
 * | suppressed mail address (suppression-repo.ts)    | table | PK=SUPPRESSED#<email>, SK=SUPPRESSED            |
 * | suppressed addresses, newest first (admin)       | GSI1  | GSI1PK=SUPPRESSED, GSI1SK=<at>#<email>          |
 *
 *   "Marketplace" (MARKET, MARKETCAT#) = public, approved, not suspended; every other app sits in
 *   APPS / CATAPPS#, so each app is in exactly one GSI2 and (with a category) one GSI3
 *   partition. apps-repo.ts appIndexAttributes() computes them on every write. Whether the
 *   category is active is applied at read time against the category list (one Query).
 *   Public marketplace reads never scan: the list is one Query of MARKET projected to card
 *   fields, served from a short in-memory cache validated by the catalogue version.
 */
export const TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    // Sparse: only a purchase waiting for its manual licence has GSI4 keys (GSI1-3 all carry purchase keys).
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  ],
} as const;

export type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];

/** CreateTable input for DynamoDB Local (on-demand billing, like the cloud table). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const ix of TABLE_KEYS.indexes) {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((ix) => ({
      IndexName: ix.name,
      KeySchema: [
        { AttributeName: ix.partitionKey, KeyType: 'HASH' },
        { AttributeName: ix.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * A user item's attributes but the password hash: what a function that shows or checks an account
 * (a review's author, whether an address is proven) may read of it (IAM's dynamodb:Attributes in
 * lib/api.ts; the users repository's findProfile projects the same list).
 */
export const USER_PROFILE_ATTRIBUTES = [
  'PK',
  'id',
  'email',
  'full_name',
  'company_name',
  'website',
  'role',
  'is_approved',
  'invited',
  'linked_emails',
  'created_at',
  'auth_provider',
  'email_verified',
  'token_version',
] as const;

import { Aws, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { EncryptedLogs } from './logs';

/**
 * Per-client (IP address, as CloudFront sees the viewer) rate rules: requests per 5 minutes to the
 * abuse-prone POST endpoints, on top of the application's own per-address and per-client limits
 * (README "Configuration"). Over the limit, WAF answers 429 until the client's rate drops.
 */
export const RATE_RULES = [
  { name: 'SignIn', paths: ['/api/login', '/api/admin-login', '/api/google-login'], limit: 100 },
  { name: 'SignUp', paths: ['/api/register'], limit: 20 },
  { name: 'ForgotPassword', paths: ['/api/forgot-password'], limit: 20 },
  { name: 'GuestCheckout', paths: ['/api/stripe/create-guest-checkout-session'], limit: 30 },
] as const;

/** Evaluation window of the rate rules. */
export const RATE_WINDOW_SECONDS = 300;

/**
 * Requests per client (IP address) per RATE_WINDOW_SECONDS on anything, cached pages and assets
 * included (WAF sees every request): ~10 a second sustained, far above a browsing buyer (a page
 * is ~20 requests) or a Partner API integration within its own per-key limits, low enough that one
 * client cannot use up the API's stage budget (-c apiRateLimit) for everyone.
 */
export const PER_CLIENT_RATE_LIMIT = 3000;

/**
 * Stripe's webhook: neither the common rule set nor the per-client rate rule sees it. Its Stripe-Signature (checked over the raw
 * body in functions/adapters/stripe.ts) is the control; a 403 on an event body that looks like
 * script to the rules would make Stripe retry and finally disable the endpoint.
 */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Paths whose bodies are customers' and developers' own text (app submissions and updates,
 * reviews, replies, admin curation): the common rule set's body rules only count there (their
 * matches are logged, see CRS_BODY_RULES) until their false positives are measured.
 */
export const SUBMISSION_PATH_PREFIXES = ['/api/apps', '/api/admin/'] as const;

/**
 * Bodies outside SUBMISSION_PATH_PREFIXES that the body rules misread just as well, where they
 * only count too: raw image bytes (screenshot uploads, where random bytes match the cross-site
 * scripting and LFI patterns), a developer's test event of their own choosing, and the admin's
 * sync load of an outside system's records. Each is a signed-in route that validates its body.
 */
export const BODY_RULES_COUNT_ONLY_PATHS = [
  '/api/upload/screenshots',
  '/api/simulate-event',
  '/api/internal-sync/load',
] as const;

/** The Partner API: server-to-server clients that may send no User-Agent. */
export const PARTNER_API_PREFIX = '/v1/';

/**
 * The common rule set's rules that inspect the body (SizeRestrictions_BODY aside: always Count,
 * the API has its own limits) with the label each adds: in the rule group they only count and
 * label; the rule CommonRuleSetBody blocks on their labels outside SUBMISSION_PATH_PREFIXES.
 */
export const CRS_BODY_RULES = {
  CrossSiteScripting_BODY: 'CrossSiteScripting_Body',
  GenericLFI_BODY: 'GenericLFI_Body',
  GenericRFI_BODY: 'GenericRFI_Body',
  EC2MetaDataSSRF_BODY: 'EC2MetaDataSSRF_Body',
} as const;
const CRS_LABEL = 'awswaf:managed:aws:core-rule-set:';

/** AWS managed rule groups, in priority order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** The request's path, matched as it was sent (no transformation). */
const pathMatch = (
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
  searchString: string,
): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const pathIs = (path: string) => pathMatch('EXACTLY', path);
const pathStarts = (prefix: string) => pathMatch('STARTS_WITH', prefix);

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? (statements[0] as wafv2.CfnWebACL.StatementProperty) : { orStatement: { statements } };
const not = (statement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({
  notStatement: { statement },
});
const labelled = (label: string): wafv2.CfnWebACL.StatementProperty => ({
  labelMatchStatement: { scope: 'LABEL', key: `${CRS_LABEL}${label}` },
});

const postTo = (paths: readonly string[]): wafv2.CfnWebACL.StatementProperty => {
  const path = paths.length === 1 ? pathIs(paths[0] as string) : { orStatement: { statements: paths.map(pathIs) } };
  const post: wafv2.CfnWebACL.StatementProperty = {
    byteMatchStatement: {
      fieldToMatch: { method: {} },
      positionalConstraint: 'EXACTLY',
      searchString: 'POST',
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  return { andStatement: { statements: [post, path] } };
};

/**
 * The web ACL of the CloudFront distribution (CLOUDFRONT scope, which AWS only accepts in
 * us-east-1), in this order: IP reputation; a per-client rate limit on everything; the common rule
 * set (never on Stripe's webhook; its body rules only label, and block outside submissions; its
 * User-Agent rule blocks outside the Partner API); known bad inputs; the per-client rate rules of
 * the abuse-prone POSTs. Blocked and counted requests are logged to an encrypted log group.
 */
export class EdgeWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { readonly logs: EncryptedLogs }) {
    super(scope, id);
    const managedRule = (
      name: (typeof MANAGED_RULE_GROUPS)[number],
      priority: number,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? {
                // Stripe's webhook is never inspected (STRIPE_WEBHOOK_PATH).
                scopeDownStatement: not(pathIs(STRIPE_WEBHOOK_PATH)),
                ruleActionOverrides: [
                  // Stripe's events and app submissions exceed the 8 KB body limit; the API enforces
                  // its own limits (Lambda's 6 MB, per-field schemas).
                  { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
                  // Decided by the label rules below: blocked outside submissions and the Partner API.
                  ...Object.keys(CRS_BODY_RULES).map((rule) => ({ name: rule, actionToUse: { count: {} } })),
                  { name: 'NoUserAgent_HEADER', actionToUse: { count: {} } },
                ],
              }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    const blockRule = (name: string, priority: number, statement: wafv2.CfnWebACL.StatementProperty) => ({
      name,
      priority,
      action: { block: {} },
      statement,
      visibilityConfig: visibility(name),
    });
    const [ipReputation, commonRuleSet, knownBadInputs] = MANAGED_RULE_GROUPS;
    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      managedRule(ipReputation, 0),
      // Before the content rules: a flood is refused at its cheapest. Not on Stripe's webhook:
      // Stripe sends every account's events from a few addresses, and each is signature-checked.
      {
        name: 'RateLimitPerClient',
        priority: 1,
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: PER_CLIENT_RATE_LIMIT,
            evaluationWindowSec: RATE_WINDOW_SECONDS,
            scopeDownStatement: not(pathIs(STRIPE_WEBHOOK_PATH)),
          },
        },
        visibilityConfig: visibility('RateLimitPerClient'),
      },
      managedRule(commonRuleSet, 2),
      // The common rule set's body rules block everywhere but on customers' own text and raw bytes.
      blockRule('CommonRuleSetBody', 3, {
        andStatement: {
          statements: [
            anyOf(Object.values(CRS_BODY_RULES).map(labelled)),
            not(anyOf([...SUBMISSION_PATH_PREFIXES.map(pathStarts), ...BODY_RULES_COUNT_ONLY_PATHS.map(pathIs)])),
          ],
        },
      }),
      // No User-Agent: refused on the site, not on the Partner API (server-to-server clients).
      blockRule('NoUserAgentOutsidePartnerApi', 4, {
        andStatement: { statements: [labelled('NoUserAgent_Header'), not(pathStarts(PARTNER_API_PREFIX))] },
      }),
      managedRule(knownBadInputs, 5),
    ];
    const rate: wafv2.CfnWebACL.RuleProperty[] = RATE_RULES.map((rule, index) => ({
      name: `RateLimit${rule.name}`,
      priority: rules.length + index,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: rule.limit,
          evaluationWindowSec: RATE_WINDOW_SECONDS,
          scopeDownStatement: postTo(rule.paths),
        },
      },
      visibilityConfig: visibility(`RateLimit${rule.name}`),
    }));
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description:
        'Dental marketplace: AWS managed rules scoped to the API, a per-client rate limit, and tighter ones on sign-in, sign-up, forgot-password and guest checkout',
      defaultAction: { allow: {} },
      rules: [...rules, ...rate],
      visibilityConfig: visibility('DentalMarketplaceWebAcl'),
    });

    // WAF logs to CloudWatch Logs need a group named aws-waf-logs-*.
    const logGroup = props.logs.logGroup(this, 'Logs', `aws-waf-logs-${Stack.of(this).stackName}`);
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${logGroup.logGroupName}`,
      ],
      // Never log credentials.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'x-api-key' } }],
      // Only what a rule blocked or counted: allowed requests are in CloudFront's access logs
      // already, and logging every one in full would cost more than the rest of the edge.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
    logging.node.addDependency(logGroup);
  }
}

/**
 * The web ACL in a stack of its own in us-east-1, for app stacks in other regions (CloudFront
 * takes only us-east-1 web ACLs). Its ARN reaches the app stack through CDK's cross-region
 * references (an SSM parameter read by a custom resource).
 */
export class EdgeStack extends Stack {
  readonly waf: EdgeWaf;

  constructor(scope: Construct, id: string, props: StackProps & { readonly logRetentionDays: number }) {
    super(scope, id, props);
    const logs = new EncryptedLogs(this, 'Logs', { retentionDays: props.logRetentionDays });
    this.waf = new EdgeWaf(this, 'Waf', { logs });
  }
}

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

const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
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
 * us-east-1): AWS managed rules (IP reputation, the common rule set, known bad inputs) and the
 * per-client rate rules above, with its requests logged to an encrypted-at-rest log group.
 */
export class EdgeWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { readonly logs: EncryptedLogs }) {
    super(scope, id);
    const managed: wafv2.CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((name, index) => ({
      name,
      priority: index,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Stripe's webhook events and app submissions exceed the common rule set's 8 KB body
          // limit; the API enforces its own limits (Lambda's 6 MB, per-field schemas).
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    }));
    const rate: wafv2.CfnWebACL.RuleProperty[] = RATE_RULES.map((rule, index) => ({
      name: `RateLimit${rule.name}`,
      priority: MANAGED_RULE_GROUPS.length + index,
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
        'Dental marketplace: AWS managed rules and per-client rate limits on sign-in, sign-up, forgot-password and guest checkout',
      defaultAction: { allow: {} },
      rules: [...managed, ...rate],
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

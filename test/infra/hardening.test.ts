import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy } from '@shared/csp';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../functions/http/origin-verify';
import { BUSINESS_METRICS } from '../../functions/platform/metric-names';
import { ROUTE_GROUPS, type RouteGroup } from '../../functions/routes';
import { REPO_ROOT } from '../../lib/app-config';
import { LAMBDA_BUNDLING, POWERTOOLS_FROM_LAYER } from '../../lib/bundling';
import { POWERTOOLS_ENVIRONMENT, POWERTOOLS_LAYER_ARN_CONTEXT } from '../../lib/function-defaults';
import { ALARM_THRESHOLDS, BUSINESS_WIDGET_TITLES } from '../../lib/observability';
import { MANAGED_RULE_GROUPS, RATE_RULES } from '../../lib/waf';
import { must } from '../support/must';
import { type CfnObject, fakeSiteBuild, removeTempDirs, synthMarketplace, synthTemplates } from './synth-app';

/** Hardening in the synthesized templates: secrets, the edge, least privilege, observability. */
type Resource = CfnObject;
let app: Template;
let resources: Record<string, Resource>;

const groupOf = (description: string): RouteGroup | undefined =>
  ROUTE_GROUPS.find((g) => description.startsWith(`Route group "${g}"`));

/** The managed policy of a role, by the description its function and policy carry. */
function policyOf(match: (description: string) => boolean): { Action: string | string[]; Resource: unknown }[] {
  const policy = Object.values(resources).find(
    (r) => r.Type === 'AWS::IAM::ManagedPolicy' && match(r.Properties.Description ?? ''),
  );
  if (!policy) throw new Error('no such policy');
  return policy.Properties.PolicyDocument.Statement;
}
const actions = (statements: { Action: string | string[] }[], prefix: string) =>
  [...new Set(statements.flatMap((s) => s.Action).filter((a) => a.startsWith(prefix)))].sort();
const groupPolicy = (group: RouteGroup) => policyOf((d) => groupOf(d) === group);
const workerPolicy = (prefix: string) => policyOf((d) => d.startsWith(prefix));

/** Logical ids of the secrets, by description. */
const secretId = (start: string) => {
  const id = Object.entries(resources).find(
    ([, r]) => r.Type === 'AWS::SecretsManager::Secret' && String(r.Properties.Description).startsWith(start),
  )?.[0];
  if (!id) throw new Error(`no secret ${start}`);
  return id;
};
/** The secrets a policy may read (logical ids). */
const readableSecrets = (statements: { Action: string | string[]; Resource: unknown }[]) =>
  statements
    .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))
    .flatMap((s) => [s.Resource].flat())
    .map((r) => JSON.stringify(r))
    .map((r) => /"Ref":"([^"]+)"/.exec(r)?.[1] ?? r)
    .sort();

beforeAll(() => {
  ({ app, appResources: resources } = synthTemplates());
}, 90_000);
afterAll(removeTempDirs);

describe('secrets (item 4)', () => {
  it('the JWT key is generated as {"kid", "secret"}; the Stripe secret is an empty shell the stack creates', () => {
    const jwt = must(resources[secretId('Signing key')], 'the signing key secret');
    expect(jwt.Properties.GenerateSecretString).toMatchObject({
      SecretStringTemplate: JSON.stringify({ kid: 'k1' }),
      GenerateStringKey: 'secret',
      PasswordLength: 64,
    });
    const stripe = must(resources[secretId('Stripe keys')], 'the Stripe keys secret');
    expect(JSON.parse(stripe.Properties.GenerateSecretString.SecretStringTemplate)).toEqual({
      secretKey: '',
      webhookSecret: '',
    });
    app.hasOutput('StripeSecretArn', {});
    app.hasOutput('JwtSecretArn', {});
  });

  it('no function has a secret value (or a dynamic reference to one) in its environment', () => {
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::Lambda::Function') continue;
      const vars = JSON.stringify(r.Properties.Environment?.Variables ?? {});
      expect(vars).not.toContain('resolve:secretsmanager');
      expect(vars).not.toMatch(/"(JWT_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|ORIGIN_VERIFY_SECRET)"/);
    }
  });

  it('each function reads only the secrets it needs; the workers none of the app secrets', () => {
    const jwt = secretId('Signing key');
    const stripe = secretId('Stripe keys');
    const origin = secretId('Value CloudFront sends');
    for (const group of ROUTE_GROUPS) {
      const expected = [
        origin,
        ...(group === 'partner' || group === 'storefront' ? [] : [jwt]),
        // Only checkout, which also serves the admin's refund (routes.ts), calls Stripe.
        ...(group === 'checkout' ? [stripe] : []),
      ];
      const readable = readableSecrets(groupPolicy(group)).filter((id) => [jwt, stripe, origin].includes(id));
      expect(readable, group).toEqual(expected.sort());
    }
    for (const worker of ['Webhook delivery worker', 'Webhook scheduler']) {
      expect(actions(workerPolicy(worker), 'secretsmanager:'), worker).toEqual([]);
    }
    expect(readableSecrets(workerPolicy('Sync worker'))).not.toEqual(expect.arrayContaining([jwt]));
  });
});

describe('the edge (item 5)', () => {
  const distribution = () =>
    must(Object.values(app.findResources('AWS::CloudFront::Distribution'))[0], 'the distribution').Properties
      .DistributionConfig;

  it('CloudFront sends the origin-verify secret to the API, by dynamic reference', () => {
    const apiOrigin = distribution().Origins.find((o: { CustomOriginConfig?: unknown }) => o.CustomOriginConfig);
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': [
            '',
            ['{{resolve:secretsmanager:', { Ref: secretId('Value CloudFront sends') }, ':SecretString:::}}'],
          ],
        },
      },
    ]);
  });

  it('a CLOUDFRONT web ACL with AWS managed rules and per-client rate rules guards the distribution', () => {
    const [aclId, acl] = must(Object.entries(app.findResources('AWS::WAFv2::WebACL'))[0], 'the web ACL');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as CfnObject[];
    expect(rules.filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Name)).toEqual([
      ...MANAGED_RULE_GROUPS,
    ]);
    const rate = rules.filter((r) => r.Statement.RateBasedStatement);
    const paths = JSON.stringify(rate);
    for (const path of [
      '/api/login',
      '/api/admin-login',
      '/api/google-login',
      '/api/register',
      '/api/forgot-password',
      '/api/stripe/create-guest-checkout-session',
    ]) {
      expect(paths).toContain(`"SearchString":"${path}"`);
    }
    // The POST rules, and the per-client limit on everything (test/infra/operations.test.ts).
    expect(rate).toHaveLength(RATE_RULES.length + 1);
    for (const rule of rate) {
      expect(rule.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    }
    expect(distribution().WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    app.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 1);
  });

  it('the SPA gets a strict Content-Security-Policy (the one the local server sends), uploads a deny-all one', () => {
    const policies = Object.values(app.findResources('AWS::CloudFront::ResponseHeadersPolicy')).map(
      (p) => p.Properties.ResponseHeadersPolicyConfig,
    );
    const site = policies.find((p) => p.Comment.startsWith('SPA'));
    const csp: string = site.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toBe(
      contentSecurityPolicy({
        uploadOrigin: 'https://dentalmarketplace-uploads-123456789012-us-east-1.s3.us-east-1.amazonaws.com',
      }),
    );
    const config = distribution();
    const idOf = (comment: string) =>
      Object.entries(app.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find(([, p]) =>
        p.Properties.ResponseHeadersPolicyConfig.Comment.startsWith(comment),
      )?.[0];
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: idOf('SPA') });
    const uploads = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/uploads/*');
    expect(uploads.ResponseHeadersPolicyId).toEqual({ Ref: idOf('Uploaded images') });
  });

  it('5xx answers are not cached, and a deploy keeps the previous build’s chunks', () => {
    expect(distribution().CustomErrorResponses).toEqual(
      [500, 502, 503, 504].map((ErrorCode) => ({ ErrorCode, ErrorCachingMinTTL: 0 })),
    );
    const deployments = Object.values(app.findResources('Custom::CDKBucketDeployment')).map((d) => d.Properties);
    const assets = deployments.find((d) => JSON.stringify(d.Include ?? []).includes('assets/*'));
    expect(assets.Prune).toBe(false);
  });

  it('the uploads bucket admits exactly this distribution (OAC, AWS:SourceArn), TLS only', () => {
    const distributionId = must(Object.keys(app.findResources('AWS::CloudFront::Distribution'))[0], 'the distribution');
    app.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: 'dentalmarketplace-uploads-123456789012-us-east-1',
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Sid: 'CloudFrontOriginAccessControlRead',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: {
              StringEquals: {
                'AWS:SourceArn': Match.objectLike({
                  'Fn::Join': ['', Match.arrayWith([{ Ref: distributionId }])],
                }),
              },
            },
          }),
        ]),
      }),
    });
  });

  it('outside us-east-1 the web ACL lives in a small us-east-1 edge stack', () => {
    const stacks = synthEu();
    expect(stacks.edgeStack?.region).toBe('us-east-1');
    const edge = Template.fromStack(must(stacks.edgeStack, 'the edge stack'));
    edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    Template.fromStack(stacks.appStack).resourceCountIs('AWS::WAFv2::WebACL', 0);
  });
});

function synthEu() {
  return synthMarketplace({
    context: { siteBuildPath: fakeSiteBuild() },
    cloudFormationValidation: false,
    region: 'eu-west-1',
  });
}

describe('least privilege (item 6)', () => {
  const R = ['dynamodb:GetItem', 'dynamodb:Query'];
  const W = ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
  const EXPECTED: Record<RouteGroup, string[]> = {
    accounts: [...R, ...W],
    marketplace: R,
    'developer-apps': [...R, ...W, 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'],
    'api-keys': [...R, ...W, 'dynamodb:BatchGetItem'],
    webhooks: [...R, ...W],
    checkout: [...R, ...W, 'dynamodb:ConditionCheckItem'],
    // A buyer's purchases (reads) and review writes (transactions of Put, Delete and Update).
    purchases: [...R, ...W],
    admin: [...R, ...W, 'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'],
    sync: [...R, ...W, 'dynamodb:BatchWriteItem'],
    partner: [...R, 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
    storefront: R,
  };

  it('each route group gets exactly the DynamoDB actions its routes use; marketplace and Partner API read only', () => {
    for (const group of ROUTE_GROUPS) {
      expect(actions(groupPolicy(group), 'dynamodb:'), group).toEqual([...EXPECTED[group]].sort());
    }
  });

  it('the workers too, and nobody gets Scan, DescribeTable or a wildcard', () => {
    expect(actions(workerPolicy('Webhook delivery worker'), 'dynamodb:')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions(workerPolicy('Webhook scheduler'), 'dynamodb:')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions(workerPolicy('Sync worker'), 'dynamodb:')).toEqual([...R, ...W, 'dynamodb:BatchWriteItem'].sort());
    const all = JSON.stringify(
      Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::ManagedPolicy')
        .map((r) => r.Properties.PolicyDocument),
    );
    expect(all).not.toMatch(/dynamodb:(Scan|DescribeTable|\*)/);
  });
});

describe('observability (item 7)', () => {
  const alarms = () => Object.values(app.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
  const topicId = () => must(Object.keys(app.findResources('AWS::SNS::Topic'))[0], 'the alarm topic');

  it('alarms go to one SNS topic whose e-mail subscriber is the deploy parameter AlarmEmail', () => {
    app.hasParameter('AlarmEmail', { Type: 'String', Default: '' });
    app.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: { Ref: 'AlarmEmail' },
      TopicArn: { Ref: topicId() },
    });
    for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
  });

  it('every function has error and throttle alarms', () => {
    const functions = Object.keys(app.findResources('AWS::Lambda::Function')).filter(
      (id) => !id.startsWith('CustomCDKBucketDeployment') && !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
    );
    const watched = (metricName: string) =>
      alarms()
        .filter((a) => a.MetricName === metricName && a.Namespace === 'AWS/Lambda')
        .map((a) => a.Dimensions[0].Value.Ref);
    const product = functions.filter((id) =>
      /^(Route group|Webhook|Sync worker)/.test(String(must(resources[id]).Properties.Description ?? '')),
    );
    expect(product.length).toBe(ROUTE_GROUPS.length + 3);
    for (const id of product) {
      expect(watched('Errors'), id).toContain(id);
      expect(watched('Throttles'), id).toContain(id);
    }
  });

  it('API 5xx and p99 latency, dead letters, scheduler failures, DynamoDB throttles and SES bounce rate', () => {
    const all = alarms();
    const has = (pred: (a: CfnObject) => boolean, what: string) => expect(all.some(pred), what).toBe(true);
    has((a) => a.Namespace === 'AWS/ApiGateway' && a.MetricName === '5xx', 'API 5xx');
    has(
      (a) =>
        a.Namespace === 'AWS/ApiGateway' &&
        a.MetricName === 'Latency' &&
        a.ExtendedStatistic === 'p99' &&
        a.Threshold === ALARM_THRESHOLDS.apiP99LatencyMs,
      'API p99',
    );
    // All four dead-letter queues (asserted by name in operations.test.ts).
    const metricName = (a: CfnObject) => a.MetricName ?? a.Metrics?.[0]?.MetricStat?.Metric?.MetricName;
    expect(all.filter((a) => metricName(a) === 'ApproximateNumberOfMessagesVisible')).toHaveLength(4);
    const metricsOf = (a: CfnObject) => JSON.stringify(a.Metrics ?? []);
    has((a) => metricsOf(a).includes('FailedInvocations') && metricsOf(a).includes('AWS/Scheduler'), 'scheduler');
    has((a) => metricsOf(a).includes('ReadThrottleEvents') && metricsOf(a).includes('WriteThrottleEvents'), 'DynamoDB');
    has((a) => a.Namespace === 'AWS/SES' && a.MetricName === 'Reputation.BounceRate', 'SES bounce rate');
  });

  it('one CloudWatch dashboard', () => {
    app.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('every function has the Powertools settings and X-Ray tracing with its permissions', () => {
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const ours = functions.filter((r) => r.Properties.Environment?.Variables?.NODE_OPTIONS);
    expect(ours.length).toBeGreaterThanOrEqual(15);
    for (const fn of ours) {
      expect(fn.Properties.Environment.Variables).toMatchObject(POWERTOOLS_ENVIRONMENT);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::ManagedPolicy');
    const xray = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('xray:PutTraceSegments'));
    expect(xray.length).toBeGreaterThanOrEqual(ours.length);
  });

  it("every function loads Logger, Metrics and Tracer from AWS's Powertools layer of the installed version", () => {
    const installed = (pkg: string): string =>
      JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    const version = installed('@aws-lambda-powertools/logger');
    expect(installed('@aws-lambda-powertools/metrics')).toBe(version);
    expect(installed('@aws-lambda-powertools/tracer')).toBe(version);
    // Left out of the bundle, so the layer's copy is what runs.
    expect(LAMBDA_BUNDLING.external).toEqual(expect.arrayContaining([...POWERTOOLS_FROM_LAYER]));
    const parameters = app.toJSON().Parameters as Record<string, { Type: string; Default: string }>;
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const ours = functions.filter((r) => r.Properties.Environment?.Variables?.NODE_OPTIONS);
    expect(ours.length).toBeGreaterThanOrEqual(15);
    for (const fn of ours) {
      // Powertools' and the AWS SDK's (the CDK orders a function's layers by construct path).
      expect(fn.Properties.Layers).toHaveLength(2);
      const refs = (fn.Properties.Layers as Array<{ Ref: string }>).map((l) => l.Ref);
      const parameter = parameters[refs.find((ref) => parameters[ref]) ?? ''];
      expect(parameter, fn.Properties.Description).toEqual({
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: `/aws/service/powertools/typescript/generic/all/${version}`,
      });
    }
  });

  it('every function loads the AWS SDK from the one SDK layer of its stack', () => {
    // (The site's BucketDeployment brings its own AWS CLI layers.)
    const layers = Object.entries(resources).filter(
      ([, r]) => r.Type === 'AWS::Lambda::LayerVersion' && !r.Properties.Description?.includes('awscli'),
    );
    expect(layers).toHaveLength(1);
    const [id, layer] = layers[0] ?? [];
    expect(id).toMatch(/^AwsSdkLayer/);
    expect(layer?.Properties).toMatchObject({
      CompatibleRuntimes: ['nodejs22.x'],
      CompatibleArchitectures: ['arm64'],
      Description: expect.stringContaining('lib/aws-sdk-layer.ts'),
    });
    // The bundles leave every SDK import to it, under its own package names.
    expect(LAMBDA_BUNDLING.external).toEqual(expect.arrayContaining(['@aws-sdk/*', '@aws-sdk-layer/*']));
    const ours = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.NODE_OPTIONS,
    );
    expect(ours.length).toBeGreaterThanOrEqual(15);
    for (const fn of ours) expect(fn.Properties.Layers, fn.Properties.Description).toContainEqual({ Ref: id });
  });

  it('a region without the public Powertools parameter: -c powertoolsLayerArn names the layer, checked at synth time', () => {
    const layer = 'arn:aws:lambda:eu-central-2:123456789012:layer:PowertoolsTypeScript:7';
    const stacks = synthMarketplace({
      region: 'eu-central-2',
      context: { siteBuildPath: fakeSiteBuild(), [POWERTOOLS_LAYER_ARN_CONTEXT]: layer },
      cloudFormationValidation: false,
    });
    const template = Template.fromStack(stacks.appStack).toJSON();
    const ours = Object.values(template.Resources as Record<string, CfnObject>).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.NODE_OPTIONS,
    );
    expect(ours.length).toBeGreaterThanOrEqual(15);
    for (const fn of ours) {
      expect(fn.Properties.Layers, fn.Properties.Description).toEqual(
        expect.arrayContaining([layer, { Ref: expect.stringMatching(/^AwsSdkLayer/) }]),
      );
      expect(fn.Properties.Layers).toHaveLength(2);
    }
    // No parameter for the change set to resolve.
    expect(JSON.stringify(template.Parameters ?? {})).not.toContain('/aws/service/powertools/');
    // A mistyped value or another region's layer fails the synth, not the deploy.
    const synthWith = (value: string) => () =>
      synthMarketplace({
        region: 'eu-central-2',
        context: { siteBuildPath: fakeSiteBuild(), [POWERTOOLS_LAYER_ARN_CONTEXT]: value },
        cloudFormationValidation: false,
      });
    expect(synthWith('PowertoolsTypeScript:7')).toThrow(/powertoolsLayerArn must be a Lambda layer version ARN/);
    expect(synthWith('arn:aws:lambda:us-east-1:123456789012:layer:PowertoolsTypeScript:7')).toThrow(
      /layer in us-east-1, but the stack deploys to eu-central-2/,
    );
  }, 90_000);

  it("the dashboard graphs the business metrics with the functions' namespace and service", () => {
    const [dashboard] = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const title of BUSINESS_WIDGET_TITLES) expect(body).toContain(title);
    const { POWERTOOLS_METRICS_NAMESPACE: namespace, POWERTOOLS_SERVICE_NAME: service } = POWERTOOLS_ENVIRONMENT;
    for (const metricName of Object.values(BUSINESS_METRICS)) {
      // A metric of a graph widget: [namespace, name, dimension name, dimension value, ...].
      expect(body).toContain(`[\\"${namespace}\\",\\"${metricName}\\",\\"service\\",\\"${service}\\"`);
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_AUTHORIZER_CACHE_SECONDS } from '../../functions/http/origin-authorizer';
import { ORIGIN_VERIFY_HEADER } from '../../functions/http/origin-verify';
import { BUSINESS_METRICS } from '../../functions/platform/metric-names';
import { ROUTES, routesOfGroup } from '../../functions/routes';
import { PARTNER_ROUTE_SHARE } from '../../lib/api';
import {
  DEFAULT_CONFIG,
  DEPLOY_CONTEXT_TAG,
  deployContextDigest,
  REPO_ROOT,
  WORKER_CONCURRENCY_CONTEXT,
} from '../../lib/app-config';
import { FUNCTION_DEFAULTS } from '../../lib/function-defaults';
import { ALARM_PURPOSES, ALARM_THRESHOLDS } from '../../lib/observability';
import { CACHE_QUERY_STRINGS } from '../../lib/site';
import {
  BODY_RULES_COUNT_ONLY_PATHS,
  CRS_BODY_RULES,
  PARTNER_API_PREFIX,
  PER_CLIENT_RATE_LIMIT,
  STRIPE_WEBHOOK_PATH,
  SUBMISSION_PATH_PREFIXES,
} from '../../lib/waf';
import { must } from '../support/must';
import {
  type CfnObject,
  cdkJsonContext,
  fakeSiteBuild,
  removeTempDirs,
  synthMarketplace,
  synthTemplates,
} from './synth-app';

/** Issue 29, "run it for a month": what the first weeks of operation need, by purpose. */
let app: Template;
let data: Template;
let resources: Record<string, CfnObject>;
const STACK = 'DentalMarketplace-App';

beforeAll(() => {
  ({ app, data, appResources: resources } = synthTemplates());
}, 90_000);
afterAll(removeTempDirs);

const alarmsByName = (): Map<string, CfnObject> =>
  new Map(
    Object.values(app.findResources('AWS::CloudWatch::Alarm')).map((a) => [
      String(a.Properties.AlarmName),
      a.Properties,
    ]),
  );
/**
 * An alarm by purpose, with its one metric's namespace, name and dimensions at the top (CDK puts a
 * metric with a label into Metrics[0].MetricStat).
 */
const alarm = (purpose: string): CfnObject => {
  const a = must(alarmsByName().get(`${STACK}-${purpose}`), `alarm ${purpose}`);
  const stat = a.MetricName ? undefined : a.Metrics?.length === 1 ? a.Metrics[0].MetricStat : undefined;
  return stat
    ? {
        ...a,
        Namespace: stat.Metric.Namespace,
        MetricName: stat.Metric.MetricName,
        Dimensions: stat.Metric.Dimensions,
      }
    : a;
};
const dimensionsOf = (purpose: string) => JSON.stringify(alarm(purpose).Dimensions);

describe('every failure path alarms, by name', () => {
  it('all four dead-letter queues: webhook delivery, sync jobs, fulfilment, mail', () => {
    const dlqs = [
      ALARM_PURPOSES.deadLettersWebhookDelivery,
      ALARM_PURPOSES.deadLettersSync,
      ALARM_PURPOSES.deadLettersFulfilment,
      ALARM_PURPOSES.deadLettersMail,
    ];
    const queues = new Set<string>();
    for (const purpose of dlqs) {
      const a = alarm(purpose);
      expect(a.Namespace).toBe('AWS/SQS');
      expect(a.MetricName).toBe('ApproximateNumberOfMessagesVisible');
      expect(a.Threshold).toBe(ALARM_THRESHOLDS.deadLetters);
      expect(a.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      queues.add(dimensionsOf(purpose));
    }
    // Four different queues, each of them a dead-letter queue of a worker queue.
    expect(queues.size).toBe(4);
    const deadLetterTargets = new Set(
      Object.values(resources)
        .filter((r) => r.Type === 'AWS::SQS::Queue' && r.Properties.RedrivePolicy)
        .map((r) => JSON.stringify(r.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0])),
    );
    for (const purpose of dlqs) {
      const ref = alarm(purpose).Dimensions[0].Value['Fn::GetAtt'][0];
      expect(deadLetterTargets.has(JSON.stringify(ref)), purpose).toBe(true);
    }
  });

  it("the oldest message's age on the webhook delivery and fulfilment queues", () => {
    const webhook = alarm(ALARM_PURPOSES.webhookQueueOldest);
    const fulfilment = alarm(ALARM_PURPOSES.fulfilmentQueueOldest);
    for (const a of [webhook, fulfilment]) {
      expect(a.Namespace).toBe('AWS/SQS');
      expect(a.MetricName).toBe('ApproximateAgeOfOldestMessage');
    }
    expect(webhook.Threshold).toBe(ALARM_THRESHOLDS.webhookQueueOldestSeconds);
    expect(fulfilment.Threshold).toBe(ALARM_THRESHOLDS.fulfilmentQueueOldestSeconds);
    // The worker queues themselves (they have a redrive policy), not their dead-letter queues.
    const queueOf = (a: CfnObject): string => a.Dimensions[0].Value['Fn::GetAtt'][0];
    for (const [a, name] of [
      [webhook, /Webhook/],
      [fulfilment, /Fulfilment/],
    ] as const) {
      expect(queueOf(a)).toMatch(name);
      expect(must(resources[queueOf(a)], queueOf(a)).Properties.RedrivePolicy).toBeDefined();
    }
  });

  it('SES complaint rate (SES pauses sending at 0.5 %) next to the bounce rate', () => {
    const complaint = alarm(ALARM_PURPOSES.sesComplaintRate);
    expect(complaint).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate' });
    expect(complaint.Threshold).toBeLessThan(0.005);
    expect(alarm(ALARM_PURPOSES.sesBounceRate).MetricName).toBe('Reputation.BounceRate');
  });

  it('throttles on the table and on each global secondary index', () => {
    const indexes = Object.values(data.findResources('AWS::DynamoDB::Table'))[0]?.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
    }[];
    expect(indexes.length).toBeGreaterThan(0);
    expect(JSON.stringify(alarm(ALARM_PURPOSES.dynamoDbThrottles).Metrics)).not.toContain('GlobalSecondaryIndexName');
    for (const { IndexName } of indexes) {
      const metrics = JSON.stringify(alarm(`${ALARM_PURPOSES.dynamoDbIndexThrottles}${IndexName}`).Metrics);
      expect(metrics).toContain(`"Name":"GlobalSecondaryIndexName","Value":"${IndexName}"`);
      expect(metrics).toContain('ReadThrottleEvents');
      expect(metrics).toContain('WriteThrottleEvents');
    }
  });

  it('the business metrics of failed webhook deliveries and failed licence deliveries', () => {
    expect(alarm(ALARM_PURPOSES.webhookDeliveriesGaveUp).MetricName).toBe(BUSINESS_METRICS.webhookGaveUp);
    expect(alarm(ALARM_PURPOSES.webhookDeliveriesGaveUp).Threshold).toBe(ALARM_THRESHOLDS.webhookDeliveriesGaveUp);
    expect(alarm(ALARM_PURPOSES.licenceDeliveriesFailed).MetricName).toBe(BUSINESS_METRICS.licenceUndelivered);
    expect(alarm(ALARM_PURPOSES.licenceDeliveriesFailed).Threshold).toBe(ALARM_THRESHOLDS.licenceDeliveriesFailed);
  });

  it('every alarm purpose exists and is named after its stack', () => {
    const names = [...alarmsByName().keys()];
    for (const purpose of Object.values(ALARM_PURPOSES)) {
      expect(
        names.some((n) => n === `${STACK}-${purpose}` || n.startsWith(`${STACK}-${purpose}`)),
        purpose,
      ).toBe(true);
    }
    for (const name of names) expect(name.startsWith(`${STACK}-`), name).toBe(true);
  });

  it('docs/runbook.md has a section for every alarm the stack creates, and none for an alarm it does not', () => {
    const runbook = readFileSync(join(REPO_ROOT, 'docs/runbook.md'), 'utf8');
    const alarmsSection = must(
      runbook.split(/^## /m).find((s) => s.startsWith('Alarms')),
      'the Alarms section',
    );
    // `### DeadLetters-Mail, DeadLetters-Fulfilment and Errors-&lt;function&gt;`: each name, a placeholder any suffix.
    const headings = [...alarmsSection.matchAll(/^### (.+)$/gm)].flatMap((m) =>
      must(m[1], 'heading')
        .split(/, | and /)
        .map((name) => name.trim()),
    );
    expect(headings.length).toBeGreaterThan(10);
    const pattern = (heading: string) =>
      new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&lt;[a-z]+&gt;/g, '.+')}$`);
    const purposes = [...alarmsByName().keys()].map((name) => name.slice(`${STACK}-`.length));
    expect(purposes.length).toBeGreaterThan(20);
    const undocumented = purposes.filter((purpose) => !headings.some((h) => pattern(h).test(purpose)));
    expect(undocumented).toEqual([]);
    const stale = headings.filter((h) => !purposes.some((purpose) => pattern(h).test(purpose)));
    expect(stale).toEqual([]);
  });
});

describe('the edge protects everyone', () => {
  const acl = () => must(Object.values(app.findResources('AWS::WAFv2::WebACL'))[0], 'the web ACL').Properties;
  const rule = (name: string) =>
    must(
      (acl().Rules as CfnObject[]).find((r) => r.Name === name),
      `rule ${name}`,
    );

  it("the common rule set never sees Stripe's webhook", () => {
    const crs = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement;
    expect(crs.ScopeDownStatement).toEqual({
      NotStatement: {
        Statement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'EXACTLY',
            SearchString: STRIPE_WEBHOOK_PATH,
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
  });

  it('its body rules only count (and label); a rule blocks on their labels outside submission bodies', () => {
    const overrides = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides;
    const counted = overrides.filter((o: CfnObject) => o.ActionToUse.Count).map((o: CfnObject) => o.Name);
    expect(counted).toEqual(expect.arrayContaining(['SizeRestrictions_BODY', ...Object.keys(CRS_BODY_RULES)]));
    const body = rule('CommonRuleSetBody');
    expect(body.Action).toEqual({ Block: {} });
    const text = JSON.stringify(body.Statement);
    for (const label of Object.values(CRS_BODY_RULES)) {
      expect(text).toContain(`"Key":"awswaf:managed:aws:core-rule-set:${label}"`);
    }
    const [, outside] = body.Statement.AndStatement.Statements;
    expect(JSON.stringify(outside.NotStatement)).toContain(`"SearchString":"${SUBMISSION_PATH_PREFIXES[0]}"`);
    for (const prefix of SUBMISSION_PATH_PREFIXES) expect(JSON.stringify(outside)).toContain(prefix);
    // Raw bytes and free text outside the submissions: only counted too, each matched exactly.
    const exact = outside.NotStatement.Statement.OrStatement.Statements.map(
      (st: CfnObject) => st.ByteMatchStatement,
    ).filter((m: CfnObject) => m.PositionalConstraint === 'EXACTLY');
    expect(exact.map((m: CfnObject) => m.SearchString)).toEqual([...BODY_RULES_COUNT_ONLY_PATHS]);
    for (const path of BODY_RULES_COUNT_ONLY_PATHS) {
      expect(
        ROUTES.some((r) => r.method === 'POST' && r.path === path),
        path,
      ).toBe(true);
    }
    // Every route that takes raw bytes is among them or Stripe's (which the rule group never sees).
    for (const route of ROUTES.filter((r) => r.rawBody)) {
      expect(
        (BODY_RULES_COUNT_ONLY_PATHS as readonly string[]).includes(route.path) ||
          route.path.startsWith('/api/stripe/'),
        route.path,
      ).toBe(true);
    }
    // After the rule group whose labels it reads.
    expect(body.Priority).toBeGreaterThan(rule('AWSManagedRulesCommonRuleSet').Priority);
  });

  it('no User-Agent rule on the Partner API: the header rule counts, and blocks outside /v1/*', () => {
    const overrides = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides;
    expect(overrides).toContainEqual({ Name: 'NoUserAgent_HEADER', ActionToUse: { Count: {} } });
    const ua = rule('NoUserAgentOutsidePartnerApi');
    expect(ua.Action).toEqual({ Block: {} });
    expect(ua.Statement.AndStatement.Statements).toEqual([
      { LabelMatchStatement: { Scope: 'LABEL', Key: 'awswaf:managed:aws:core-rule-set:NoUserAgent_Header' } },
      {
        NotStatement: {
          Statement: {
            ByteMatchStatement: expect.objectContaining({
              PositionalConstraint: 'STARTS_WITH',
              SearchString: PARTNER_API_PREFIX,
            }),
          },
        },
      },
    ]);
  });

  it('a blanket per-client rate rule on every request, before the content rules', () => {
    const rate = rule('RateLimitPerClient');
    expect(rate.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: PER_CLIENT_RATE_LIMIT,
      EvaluationWindowSec: 300,
      // Stripe's few sender addresses carry every account's events (signature-checked): not counted.
      ScopeDownStatement: {
        NotStatement: {
          Statement: {
            ByteMatchStatement: expect.objectContaining({
              PositionalConstraint: 'EXACTLY',
              SearchString: STRIPE_WEBHOOK_PATH,
            }),
          },
        },
      },
    });
    expect(rate.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rate.Priority).toBeLessThan(rule('AWSManagedRulesCommonRuleSet').Priority);
  });

  it('WAF logs only what a rule blocked or counted', () => {
    const logging = must(Object.values(app.findResources('AWS::WAFv2::LoggingConfiguration'))[0], 'logging');
    expect(logging.Properties.LoggingFilter.DefaultBehavior).toBe('DROP');
    expect(JSON.stringify(logging.Properties.LoggingFilter.Filters)).toMatch(/BLOCK.*COUNT/);
  });

  it('the API cache key takes only the listed query strings (a random one is no new cache entry)', () => {
    const policy = must(
      Object.values(app.findResources('AWS::CloudFront::CachePolicy')).find((p) =>
        String(p.Properties.CachePolicyConfig.Comment).startsWith('API:'),
      ),
      'the API cache policy',
    ).Properties.CachePolicyConfig;
    const qs = policy.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig;
    expect(qs.QueryStringBehavior).toBe('whitelist');
    expect([...qs.QueryStrings].sort()).toEqual(
      ['q', 'category', 'sort', 'works_with', 'limit', 'cursor', 'page', 'status', 'type'].sort(),
    );
    expect([...CACHE_QUERY_STRINGS].sort()).toEqual([...qs.QueryStrings].sort());
  });

  it('the Partner API routes have their own throttles inside the stage budget', () => {
    const stage = must(Object.values(app.findResources('AWS::ApiGatewayV2::Stage'))[0], 'the stage').Properties;
    const partner = routesOfGroup('partner').filter((r) => r.path.startsWith('/v1/'));
    expect(partner.length).toBeGreaterThan(0);
    for (const route of partner) {
      expect(stage.RouteSettings[`${route.method} ${route.path}`]).toEqual({
        ThrottlingRateLimit: Math.floor(DEFAULT_CONFIG.apiRateLimit * PARTNER_ROUTE_SHARE),
        ThrottlingBurstLimit: Math.floor(DEFAULT_CONFIG.apiBurstLimit * PARTNER_ROUTE_SHARE),
      });
    }
    const total = partner.length * Math.floor(DEFAULT_CONFIG.apiRateLimit * PARTNER_ROUTE_SHARE);
    expect(total).toBeLessThanOrEqual(DEFAULT_CONFIG.apiRateLimit / 2);
  });

  it('the execute-api URL refuses without invoking a route function: a cached Lambda authorizer on the origin header', () => {
    const authorizers = Object.values(app.findResources('AWS::ApiGatewayV2::Authorizer')).map((a) => a.Properties);
    expect(authorizers).toHaveLength(1);
    const [authorizer] = authorizers as [CfnObject];
    expect(authorizer).toMatchObject({
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE_SECONDS,
    });
    const routes = Object.values(app.findResources('AWS::ApiGatewayV2::Route'));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      expect(route.Properties.AuthorizationType, route.Properties.RouteKey).toBe('CUSTOM');
    }
    // The authorizer's function reads the origin secret and nothing else.
    const fn = must(
      Object.values(resources).find(
        (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('API authorizer'),
      ),
      'the authorizer function',
    );
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('ORIGIN_SECRET_ARN');
    expect(Object.keys(fn.Properties.Environment.Variables)).not.toContain('TABLE_NAME');
  });

  it('no ApiUrl output: the site is the only way in', () => {
    expect(Object.keys(app.findOutputs('*'))).not.toContain('ApiUrl');
    app.hasOutput('OriginVerifySecretArn', {});
  });
});

describe('throughput knobs and timeouts', () => {
  const mappings = (t: Template) =>
    Object.values(t.findResources('AWS::Lambda::EventSourceMapping')).map(
      (m) => m.Properties.ScalingConfig?.MaximumConcurrency,
    );

  it('every SQS worker runs at most 2 at once by default, and each takes its own context value', () => {
    expect(mappings(app)).toEqual(new Array(mappings(app).length).fill(2));
    const raised = Template.fromStack(
      synthMarketplace({
        context: {
          siteBuildPath: fakeSiteBuild(),
          [WORKER_CONCURRENCY_CONTEXT.webhookDelivery]: 10,
          [WORKER_CONCURRENCY_CONTEXT.fulfilment]: 4,
          [WORKER_CONCURRENCY_CONTEXT.sync]: 3,
          [WORKER_CONCURRENCY_CONTEXT.mail]: 5,
        },
        cloudFormationValidation: false,
      }).appStack,
    );
    expect(mappings(raised).sort((a, b) => a - b)).toEqual([3, 4, 5, 10]);
    expect(() =>
      synthMarketplace({ context: { [WORKER_CONCURRENCY_CONTEXT.mail]: 1 }, cloudFormationValidation: false }),
    ).toThrow(/mailWorkerConcurrency must be 2 to 1000/);
  });

  it('the sync route function runs the default 15 s like every route (under API Gateway’s 30 s)', () => {
    const routeFunctions = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('Route group'),
    );
    for (const fn of routeFunctions) {
      expect(fn.Properties.Timeout, fn.Properties.Description).toBe(FUNCTION_DEFAULTS.timeout.toSeconds());
    }
  });

  it('the webhook sweep is not retried by Lambda (a failed run cannot overlap the next minute’s)', () => {
    const scheduler = must(
      Object.entries(resources).find(
        ([, r]) =>
          r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('Webhook scheduler'),
      ),
      'webhook scheduler',
    )[0];
    const configs = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::EventInvokeConfig' && JSON.stringify(r.Properties.FunctionName).includes(scheduler),
    );
    expect(configs).toHaveLength(1);
    expect(configs[0]?.Properties).toMatchObject({ MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 });
    // EventBridge does not retry the target either.
    app.hasResourceProperties('AWS::Events::Rule', {
      Targets: [{ Arn: { 'Fn::GetAtt': [scheduler, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 }, Id: 'Target0' }],
    });
  });

  it('a new originSecretNonce changes the distribution (CloudFront re-reads the origin secret)', () => {
    const distributionConfig = (t: Template) =>
      must(Object.values(t.findResources('AWS::CloudFront::Distribution'))[0], 'distribution').Properties
        .DistributionConfig;
    const rotated = Template.fromStack(
      synthMarketplace({
        context: { siteBuildPath: fakeSiteBuild(), originSecretNonce: '20261128T0100' },
        cloudFormationValidation: false,
      }).appStack,
    );
    expect(distributionConfig(rotated).Comment).not.toEqual(distributionConfig(app).Comment);
    expect(distributionConfig(rotated).Comment).toContain('20261128T0100');
  });

  it('the origin secret carries the deploy context digest the rotation script compares (not the nonce)', () => {
    const tagOf = (t: Template) =>
      must(
        Object.values(t.findResources('AWS::SecretsManager::Secret')).find((s) =>
          String(s.Properties.Description).includes('X-Origin-Verify'),
        ),
        'origin secret',
      ).Properties.Tags.find((tag: { Key: string }) => tag.Key === DEPLOY_CONTEXT_TAG)?.Value;
    const siteBuildPath = fakeSiteBuild();
    const synth = (context: Record<string, string>) => {
      const all = { ...cdkJsonContext, siteBuildPath, ...context };
      const t = Template.fromStack(synthMarketplace({ context: all, cloudFormationValidation: false }).appStack);
      return { tag: tagOf(t), digest: deployContextDigest((key) => (all as Record<string, unknown>)[key]) };
    };
    const plain = synth({});
    expect(plain.tag).toMatch(/^[0-9a-f]{64}$/);
    expect(plain.tag).toBe(plain.digest);
    const withAcl = synth({ webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/1' });
    expect(withAcl.tag).toBe(withAcl.digest);
    expect(withAcl.tag).not.toBe(plain.tag);
    expect(synth({ originSecretNonce: '20261129T0400' }).tag).toBe(plain.tag);
  });
});

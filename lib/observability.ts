import { CfnCondition, CfnParameter, Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BUSINESS_METRICS } from '../functions/platform/metric-names';
import { POWERTOOLS_ENVIRONMENT, ServiceFunction } from './function-defaults';

/**
 * The business metrics as the functions record them with Powertools Metrics: the namespace and
 * the `service` dimension the stack sets on every function (POWERTOOLS_ENVIRONMENT).
 */
function businessMetric(metricName: string, period: Duration, label: string): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: POWERTOOLS_ENVIRONMENT.POWERTOOLS_METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: POWERTOOLS_ENVIRONMENT.POWERTOOLS_SERVICE_NAME },
    period,
    statistic: 'Sum',
    label,
  });
}

/** The dashboard's business row: webhook deliveries, checkouts, sync runs. */
export const BUSINESS_WIDGET_TITLES = ['Webhook deliveries', 'Checkouts completed', 'Sync runs'] as const;

/** A metric of a graph and its label in the legend. */
type Series = readonly [metricName: string, label: string];

/** One graph of the business row: a third of the dashboard's width. */
function businessGraph(
  title: string,
  period: Duration,
  left: Series[],
  options: { stacked?: boolean; right?: Series[] } = {},
): cloudwatch.GraphWidget {
  const metrics = (series: Series[]) => series.map(([name, label]) => businessMetric(name, period, label));
  return new cloudwatch.GraphWidget({
    title,
    width: 8,
    stacked: options.stacked,
    left: metrics(left),
    right: options.right && metrics(options.right),
  });
}

function businessWidgets(period: Duration): cloudwatch.IWidget[] {
  const [deliveries, checkouts, sync] = BUSINESS_WIDGET_TITLES;
  const m = BUSINESS_METRICS;
  return [
    businessGraph(deliveries, period, [
      [m.webhookDelivered, 'Delivered (2xx)'],
      [m.webhookFailed, 'Failed attempts'],
    ]),
    businessGraph(
      checkouts,
      period,
      [
        [m.checkoutCompletedPaid, 'Paid'],
        [m.checkoutCompletedFree, 'Free'],
      ],
      { stacked: true },
    ),
    businessGraph(sync, period, [[m.syncRuns, 'Runs']], { right: [[m.syncItemsChanged, 'Items changed']] }),
  ];
}

/** Thresholds of the alarms (documented in the README). */
export const ALARM_THRESHOLDS = {
  /** Function errors (uncaught, timeouts) in 5 minutes. */
  lambdaErrors: 5,
  /** Any throttled invocation in 5 minutes: the account's concurrency is exhausted. */
  lambdaThrottles: 1,
  /** API answers 5xx in 5 minutes. */
  api5xx: 10,
  /** p99 latency of the API in ms, three 5-minute periods in a row. */
  apiP99LatencyMs: 5000,
  /** A message in a dead-letter queue. */
  deadLetters: 1,
  /** Failed scheduled invocations (EventBridge rule and Scheduler) in 5 minutes. */
  schedulerFailures: 1,
  /** DynamoDB throttle events in 5 minutes. */
  dynamoThrottles: 1,
  /** SES account bounce rate (SES reviews accounts at 5 %, pauses at 10 %). */
  sesBounceRate: 0.04,
} as const;

export interface ObservabilityProps {
  readonly httpApi: apigwv2.HttpApi;
  readonly tableName: string;
  readonly deadLetterQueues: readonly sqs.IQueue[];
  /** EventBridge rules whose target invocations must not fail (the webhook scheduler's). */
  readonly ruleNames: readonly string[];
  /** The EventBridge Scheduler group of the sync's poll schedule. */
  readonly scheduleGroup: string;
}

/**
 * Alarms to one SNS topic whose e-mail subscriber is the deploy parameter AlarmEmail
 * (`cdk deploy --parameters <stack>:AlarmEmail=ops@example.com`; empty = no subscription), and one
 * CloudWatch dashboard. Every ServiceFunction of the stack gets error and throttle alarms, found
 * in the construct tree, so a function added later is covered without a change here.
 */
export class Observability extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const email = new CfnParameter(stack, 'AlarmEmail', {
      type: 'String',
      default: '',
      description: 'E-mail address that receives the alarms (confirm the subscription mail); empty for none',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
    });
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Dental marketplace alarms',
      enforceSSL: true,
    });
    Validations.of(this.topic).acknowledge({
      id: 'HIPAA.Security-SNSEncryptedKMS',
      reason:
        'Alarm notifications carry alarm names and metric values only, no patient data; the topic is TLS-only (enforceSSL). The AWS managed SNS key cannot be used by CloudWatch alarms.',
    });
    const hasEmail = new CfnCondition(this, 'HasAlarmEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')),
    });
    const subscription = new sns.CfnSubscription(this, 'AlarmEmailSubscription', {
      topicArn: this.topic.topicArn,
      protocol: 'email',
      endpoint: email.valueAsString,
    });
    subscription.cfnOptions.condition = hasEmail;

    const period = Duration.minutes(5);
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, description: string, periods = 1) => {
      const a = new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: periods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(new actions.SnsAction(this.topic));
      this.alarms.push(a);
      return a;
    };

    const functions = stack.node
      .findAll()
      .filter((c): c is ServiceFunction => c instanceof ServiceFunction)
      .sort((a, b) => a.node.path.localeCompare(b.node.path));
    const functionWidgets: cloudwatch.IWidget[] = [];
    for (const fn of functions) {
      const name = fn.node.path.split('/').slice(1).join('');
      alarm(
        `${name}Errors`,
        fn.function.metricErrors({ period, statistic: 'Sum' }),
        ALARM_THRESHOLDS.lambdaErrors,
        `${fn.node.path}: ${ALARM_THRESHOLDS.lambdaErrors}+ errors in 5 minutes`,
      );
      alarm(
        `${name}Throttles`,
        fn.function.metricThrottles({ period, statistic: 'Sum' }),
        ALARM_THRESHOLDS.lambdaThrottles,
        `${fn.node.path}: throttled (account concurrency exhausted)`,
      );
      functionWidgets.push(
        new cloudwatch.GraphWidget({
          title: name,
          width: 8,
          left: [fn.function.metricInvocations({ period }), fn.function.metricErrors({ period })],
          right: [fn.function.metricDuration({ period, statistic: 'p99' })],
        }),
      );
    }

    const api5xx = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    const apiP99 = props.httpApi.metricLatency({ period, statistic: 'p99' });
    alarm('Api5xx', api5xx, ALARM_THRESHOLDS.api5xx, `API: ${ALARM_THRESHOLDS.api5xx}+ 5xx answers in 5 minutes`);
    alarm(
      'ApiP99Latency',
      apiP99,
      ALARM_THRESHOLDS.apiP99LatencyMs,
      `API: p99 latency at or over ${ALARM_THRESHOLDS.apiP99LatencyMs} ms for 15 minutes`,
      3,
    );

    const dlqWidgets: cloudwatch.IMetric[] = [];
    props.deadLetterQueues.forEach((queue, i) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' });
      dlqWidgets.push(depth);
      alarm(
        `DeadLetters${i}`,
        depth,
        ALARM_THRESHOLDS.deadLetters,
        `Dead-letter queue ${queue.node.path} holds messages`,
      );
    });

    const schedulerFailures = [
      ...props.ruleNames.map(
        (RuleName) =>
          new cloudwatch.Metric({
            namespace: 'AWS/Events',
            metricName: 'FailedInvocations',
            dimensionsMap: { RuleName },
            period,
            statistic: 'Sum',
          }),
      ),
      new cloudwatch.Metric({
        namespace: 'AWS/Scheduler',
        metricName: 'TargetErrorCount',
        dimensionsMap: { ScheduleGroup: props.scheduleGroup },
        period,
        statistic: 'Sum',
      }),
      new cloudwatch.Metric({
        namespace: 'AWS/Scheduler',
        metricName: 'InvocationDroppedCount',
        dimensionsMap: { ScheduleGroup: props.scheduleGroup },
        period,
        statistic: 'Sum',
      }),
    ];
    const usingMetrics = Object.fromEntries(schedulerFailures.map((m, i) => [`s${i}`, m]));
    alarm(
      'SchedulerFailures',
      new cloudwatch.MathExpression({
        expression: Object.keys(usingMetrics).join(' + '),
        usingMetrics,
        period,
        label: 'Failed scheduled invocations',
      }),
      ALARM_THRESHOLDS.schedulerFailures,
      'Scheduled work failed to start (webhook scheduler rule, sync poll schedule)',
    );

    const ddb = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.tableName },
        period,
        statistic: 'Sum',
      });
    const throttles = new cloudwatch.MathExpression({
      expression: 'r + w',
      usingMetrics: { r: ddb('ReadThrottleEvents'), w: ddb('WriteThrottleEvents') },
      period,
      label: 'DynamoDB throttle events',
    });
    alarm('DynamoDbThrottles', throttles, ALARM_THRESHOLDS.dynamoThrottles, 'DynamoDB throttled requests on the table');

    const bounceRate = new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      period: Duration.minutes(15),
      statistic: 'Maximum',
    });
    alarm(
      'SesBounceRate',
      bounceRate,
      ALARM_THRESHOLDS.sesBounceRate,
      `SES bounce rate at or over ${ALARM_THRESHOLDS.sesBounceRate * 100} % (SES reviews the account at 5 %)`,
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${stack.stackName}-overview`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }),
      new cloudwatch.GraphWidget({ title: 'API 5xx and p99 latency', width: 12, left: [api5xx], right: [apiP99] }),
      new cloudwatch.GraphWidget({ title: 'Dead-letter queues', width: 12, left: dlqWidgets }),
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttles', width: 8, left: [throttles] }),
      new cloudwatch.GraphWidget({ title: 'SES bounce rate', width: 8, left: [bounceRate] }),
      new cloudwatch.GraphWidget({ title: 'Scheduler failures', width: 8, left: schedulerFailures }),
      ...businessWidgets(period),
      ...functionWidgets,
    );
  }
}

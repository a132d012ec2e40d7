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

/** Thresholds of the alarms (each alarm's meaning and first checks: docs/runbook.md). */
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
  /** SES account complaint rate (SES reviews accounts at 0.1 %, pauses sending at 0.5 %). */
  sesComplaintRate: 0.001,
  /** Age of the oldest webhook delivery waiting in its queue, in seconds (deliveries falling behind). */
  webhookQueueOldestSeconds: 1800,
  /** Age of the oldest licence delivery waiting in its queue, in seconds (a buyer waits for a licence). */
  fulfilmentQueueOldestSeconds: 900,
  /** Webhook deliveries given up (last retry failed, or endpoint disabled) in an hour. */
  webhookDeliveriesGaveUp: 5,
  /** Purchases the automatic licence delivery left waiting for their developer, in 5 minutes. */
  licenceDeliveriesFailed: 1,
} as const;

/**
 * Every alarm of the stack by its purpose: its name is `<stack>-<purpose>` (the name the alarm
 * mail and the console show; docs/runbook.md has a section per purpose). Function alarms are
 * `<stack>-Errors-<function>` and `<stack>-Throttles-<function>`.
 */
export const ALARM_PURPOSES = {
  api5xx: 'Api5xx',
  apiP99Latency: 'ApiP99Latency',
  deadLettersWebhookDelivery: 'DeadLetters-WebhookDelivery',
  deadLettersSync: 'DeadLetters-SyncJobs',
  deadLettersFulfilment: 'DeadLetters-Fulfilment',
  deadLettersMail: 'DeadLetters-Mail',
  webhookQueueOldest: 'WebhookDeliveryQueue-OldestMessage',
  fulfilmentQueueOldest: 'FulfilmentQueue-OldestMessage',
  schedulerFailures: 'SchedulerFailures',
  dynamoDbThrottles: 'DynamoDbThrottles',
  /** One per global secondary index: `DynamoDbThrottles-GSI1`, ... */
  dynamoDbIndexThrottles: 'DynamoDbThrottles-',
  sesBounceRate: 'SesBounceRate',
  sesComplaintRate: 'SesComplaintRate',
  webhookDeliveriesGaveUp: 'WebhookDeliveriesGaveUp',
  licenceDeliveriesFailed: 'LicenceDeliveriesFailed',
} as const;

/** The queues whose messages must not pile up or die: their dead-letter queues, and the oldest message's age. */
export interface WatchedQueues {
  /** Dead-letter queue of each worker queue: any message in one alarms. */
  readonly deadLetters: {
    readonly webhookDelivery: sqs.IQueue;
    readonly sync: sqs.IQueue;
    readonly fulfilment: sqs.IQueue;
    readonly mail: sqs.IQueue;
  };
  readonly webhookDelivery: sqs.IQueue;
  readonly fulfilment: sqs.IQueue;
}

export interface ObservabilityProps {
  readonly httpApi: apigwv2.HttpApi;
  readonly tableName: string;
  /** The table's global secondary indexes (their throttles alarm one by one). */
  readonly indexNames: readonly string[];
  readonly queues: WatchedQueues;
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
        alarmName: `${stack.stackName}-${id}`,
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
        `Errors-${name}`,
        fn.function.metricErrors({ period, statistic: 'Sum' }),
        ALARM_THRESHOLDS.lambdaErrors,
        `${fn.node.path}: ${ALARM_THRESHOLDS.lambdaErrors}+ errors in 5 minutes`,
      );
      alarm(
        `Throttles-${name}`,
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
    const P = ALARM_PURPOSES;
    alarm(P.api5xx, api5xx, ALARM_THRESHOLDS.api5xx, `API: ${ALARM_THRESHOLDS.api5xx}+ 5xx answers in 5 minutes`);
    alarm(
      P.apiP99Latency,
      apiP99,
      ALARM_THRESHOLDS.apiP99LatencyMs,
      `API: p99 latency at or over ${ALARM_THRESHOLDS.apiP99LatencyMs} ms for 15 minutes`,
      3,
    );

    const dlqWidgets: cloudwatch.IMetric[] = [];
    const { deadLetters } = props.queues;
    const deadLetterAlarms = [
      [
        P.deadLettersWebhookDelivery,
        deadLetters.webhookDelivery,
        'webhook deliveries (poison messages, or storage failing)',
      ],
      [P.deadLettersSync, deadLetters.sync, 'sync jobs (a run or poll failed 3 times)'],
      [P.deadLettersFulfilment, deadLetters.fulfilment, 'licence deliveries (a buyer waits for a licence)'],
      [P.deadLettersMail, deadLetters.mail, 'mails (a reset, verification or licence mail failed 5 times)'],
    ] as const;
    for (const [purpose, queue, what] of deadLetterAlarms) {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: purpose });
      dlqWidgets.push(depth);
      alarm(
        purpose,
        depth,
        ALARM_THRESHOLDS.deadLetters,
        `Dead-letter queue of ${what} holds messages: docs/runbook.md`,
      );
    }

    const oldest = (queue: sqs.IQueue, label: string) =>
      queue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum', label });
    const ageWidgets = [
      oldest(props.queues.webhookDelivery, 'Webhook delivery queue'),
      oldest(props.queues.fulfilment, 'Fulfilment queue'),
    ];
    alarm(
      P.webhookQueueOldest,
      ageWidgets[0] as cloudwatch.Metric,
      ALARM_THRESHOLDS.webhookQueueOldestSeconds,
      `Webhook deliveries wait over ${ALARM_THRESHOLDS.webhookQueueOldestSeconds / 60} minutes in their queue: the worker falls behind (raise -c webhookWorkerConcurrency after the Lambda quota)`,
      2,
    );
    alarm(
      P.fulfilmentQueueOldest,
      ageWidgets[1] as cloudwatch.Metric,
      ALARM_THRESHOLDS.fulfilmentQueueOldestSeconds,
      `A licence delivery waits over ${ALARM_THRESHOLDS.fulfilmentQueueOldestSeconds / 60} minutes in its queue: buyers wait for their licences`,
    );

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
      P.schedulerFailures,
      new cloudwatch.MathExpression({
        expression: Object.keys(usingMetrics).join(' + '),
        usingMetrics,
        period,
        label: 'Failed scheduled invocations',
      }),
      ALARM_THRESHOLDS.schedulerFailures,
      'Scheduled work failed to start (webhook scheduler rule, sync poll schedule)',
    );

    const ddb = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        period,
        statistic: 'Sum',
      });
    // Ids unique across the expressions: the dashboard graphs them together.
    const throttleEvents = (label: string, id: string, index?: string) =>
      new cloudwatch.MathExpression({
        expression: `r${id} + w${id}`,
        usingMetrics: { [`r${id}`]: ddb('ReadThrottleEvents', index), [`w${id}`]: ddb('WriteThrottleEvents', index) },
        period,
        label,
      });
    const throttles = throttleEvents('DynamoDB throttle events (table)', 'table');
    alarm(P.dynamoDbThrottles, throttles, ALARM_THRESHOLDS.dynamoThrottles, 'DynamoDB throttled requests on the table');
    // A GSI that cannot keep up throttles the table's writes too (on-demand tables included).
    const indexThrottles = props.indexNames.map((index, i) => {
      const metric = throttleEvents(`DynamoDB throttle events (${index})`, `index${i}`, index);
      alarm(
        `${P.dynamoDbIndexThrottles}${index}`,
        metric,
        ALARM_THRESHOLDS.dynamoThrottles,
        `DynamoDB throttled requests on the global secondary index ${index}`,
      );
      return metric;
    });

    const bounceRate = new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      period: Duration.minutes(15),
      statistic: 'Maximum',
    });
    alarm(
      P.sesBounceRate,
      bounceRate,
      ALARM_THRESHOLDS.sesBounceRate,
      `SES bounce rate at or over ${ALARM_THRESHOLDS.sesBounceRate * 100} % (SES reviews the account at 5 %)`,
    );
    const complaintRate = new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.ComplaintRate',
      period: Duration.minutes(15),
      statistic: 'Maximum',
    });
    alarm(
      P.sesComplaintRate,
      complaintRate,
      ALARM_THRESHOLDS.sesComplaintRate,
      `SES complaint rate at or over ${ALARM_THRESHOLDS.sesComplaintRate * 100} % (SES reviews the account at 0.1 % and pauses sending at 0.5 %)`,
    );

    // Business failures the functions record (functions/platform/metric-names.ts).
    const gaveUp = businessMetric(BUSINESS_METRICS.webhookGaveUp, Duration.hours(1), 'Webhook deliveries given up');
    alarm(
      P.webhookDeliveriesGaveUp,
      gaveUp,
      ALARM_THRESHOLDS.webhookDeliveriesGaveUp,
      `${ALARM_THRESHOLDS.webhookDeliveriesGaveUp}+ webhook deliveries given up in an hour (last retry failed, or endpoint disabled)`,
    );
    const undelivered = businessMetric(BUSINESS_METRICS.licenceUndelivered, period, 'Licence deliveries failed');
    alarm(
      P.licenceDeliveriesFailed,
      undelivered,
      ALARM_THRESHOLDS.licenceDeliveriesFailed,
      'A purchase was left without its licence (licence webhook failed every attempt, key pool empty, or app gone)',
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${stack.stackName}-overview`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }),
      new cloudwatch.GraphWidget({ title: 'API 5xx and p99 latency', width: 12, left: [api5xx], right: [apiP99] }),
      new cloudwatch.GraphWidget({ title: 'Dead-letter queues', width: 12, left: dlqWidgets }),
      new cloudwatch.GraphWidget({ title: 'Oldest message (s)', width: 8, left: ageWidgets }),
      new cloudwatch.GraphWidget({ title: 'Undelivered', width: 8, left: [gaveUp, undelivered] }),
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttles', width: 8, left: [throttles, ...indexThrottles] }),
      new cloudwatch.GraphWidget({
        title: 'SES bounce and complaint rates',
        width: 8,
        left: [bounceRate],
        right: [complaintRate],
      }),
      new cloudwatch.GraphWidget({ title: 'Scheduler failures', width: 8, left: schedulerFailures }),
      ...businessWidgets(period),
      ...functionWidgets,
    );
  }
}

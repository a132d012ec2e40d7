/**
 * Mail and licence fulfilment in the synthesized templates: the SES domain identity with Easy DKIM, the
 * configuration set whose bounces and complaints reach the mail worker (EventBridge -> SQS), the
 * mail retry queue, the fulfilment queue and worker, each queue with its dead-letter queue, and who
 * may send to which.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJobs } from '../../functions/queues/fulfilment';
import { mailRetries } from '../../functions/queues/mail';
import { FULFILMENT_WORKER_BATCH_SIZE, FULFILMENT_WORKER_MAX_CONCURRENCY } from '../../lib/fulfilment';
import { SES_FEEDBACK_DETAIL_TYPES } from '../../lib/mail';
import { type CfnObject, expectQueueConsumer, fakeSiteBuild, removeTempDirs, synthMarketplace } from './synth-app';

type Resources = Record<string, CfnObject>;

let app: Template;
let res: Resources;

beforeAll(() => {
  const stacks = synthMarketplace({
    context: { siteBuildPath: fakeSiteBuild(), mailFrom: 'no-reply@mail.dental.example' },
    cloudFormationValidation: false,
  });
  app = Template.fromStack(stacks.appStack);
  res = app.toJSON().Resources;
}, 90_000);
afterAll(removeTempDirs);

const idOf = (type: string, pattern: RegExp): string => {
  const found = Object.entries(res).find(([id, r]) => r.Type === type && pattern.test(id));
  if (!found) throw new Error(`no ${type} ${pattern}`);
  return found[0];
};
const functionId = (description: string): string => {
  const found = Object.entries(res).find(
    ([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description ?? '').startsWith(description),
  );
  if (!found) throw new Error(`no function "${description}"`);
  return found[0];
};
/** The statements of the managed policy of the role of a function. */
const statementsOf = (fnId: string): Array<{ Sid?: string; Action: string | string[]; Resource: unknown }> => {
  const role = res[fnId]?.Properties.Role['Fn::GetAtt'][0];
  const policy = Object.values(res).find(
    (r) => r.Type === 'AWS::IAM::ManagedPolicy' && JSON.stringify(r.Properties.Roles ?? []).includes(`"${role}"`),
  );
  if (!policy) throw new Error(`no policy for ${fnId}`);
  return policy.Properties.PolicyDocument.Statement;
};
const actionsOf = (fnId: string) => statementsOf(fnId).flatMap((s) => s.Action);
const groupFunction = (group: string) => functionId(`Route group "${group}"`);

/**
 * A worker's queue as lib/queues.ts workerQueue builds it: encrypted, hidden for six times the
 * worker's timeout once received, dead-lettered after the queue definition's receive count.
 */
const expectWorkerQueue = (queue: string, dlq: string, workerTimeout: number, maxReceiveCount: number) =>
  expect(res[queue]?.Properties).toMatchObject({
    SqsManagedSseEnabled: true,
    VisibilityTimeout: 6 * workerTimeout,
    RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount },
  });

describe('mail', () => {
  it('a domain identity of the mail domain with Easy DKIM (2048-bit), in the configuration set', () => {
    const configSet = idOf('AWS::SES::ConfigurationSet', /^MailConfigurationSet/);
    app.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.dental.example',
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: configSet } },
    });
    // The three CNAME records to publish are stack outputs.
    const outputs = Object.keys(app.toJSON().Outputs).filter((k) => k.includes('DkimRecord'));
    expect(outputs).toHaveLength(3);
  });

  it('bounces and complaints go from the configuration set through EventBridge to the mail-events queue', () => {
    const configSet = idOf('AWS::SES::ConfigurationSet', /^MailConfigurationSet/);
    app.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: configSet },
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals(['bounce', 'complaint']),
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      }),
    });
    const eventsQueue = idOf('AWS::SQS::Queue', /^MailMailRetry[0-9A-F]{8}$/);
    const eventsDlq = idOf('AWS::SQS::Queue', /^MailMailDeadLetter/);
    app.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        'detail-type': SES_FEEDBACK_DETAIL_TYPES,
        detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: configSet }] } } },
      },
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [eventsQueue, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [eventsDlq, 'Arn'] } },
        }),
      ],
    });
    // Only EventBridge, for this rule, may send to the queue.
    app.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: eventsQueue }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('the mail worker consumes the one mail queue of retries and feedback (partial batch failures), dead-lettered', () => {
    const worker = functionId('Mail worker');
    const timeout = res[worker]?.Properties.Timeout;
    const queue = idOf('AWS::SQS::Queue', /^MailMailRetry[0-9A-F]{8}$/);
    expectWorkerQueue(queue, idOf('AWS::SQS::Queue', /^MailMailDeadLetter/), timeout, mailRetries.maxReceiveCount);
    expectQueueConsumer(app, worker, queue);
    // It records suppressed addresses and re-sends: the table items and SES, nothing more.
    expect(actionsOf(worker)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'ses:SendEmail', 'sqs:ReceiveMessage']),
    );
    expect(actionsOf(worker)).not.toContain('dynamodb:Query');
    expect(actionsOf(worker)).not.toContain('sqs:SendMessage');
  });

  it('every sender sends through the configuration set, as the configured sender, and may queue a retry', () => {
    const configSet = idOf('AWS::SES::ConfigurationSet', /^MailConfigurationSet/);
    const mailQueue = idOf('AWS::SQS::Queue', /^MailMailRetry[0-9A-F]{8}$/);
    const senders = [
      ...['accounts', 'checkout', 'admin', 'developer-apps'].map(groupFunction),
      functionId('Fulfilment worker'),
      functionId('Webhook delivery worker'),
      functionId('Webhook scheduler'),
    ];
    for (const fn of senders) {
      const vars = res[fn]?.Properties.Environment.Variables;
      expect(vars.SES_CONFIGURATION_SET, fn).toEqual({ Ref: configSet });
      expect(vars.MAIL_QUEUE_URL, fn).toEqual({ Ref: mailQueue });
      expect(vars.MAIL_FROM, fn).toBe('no-reply@mail.dental.example');
      const send = statementsOf(fn).find((s) => s.Sid === 'SendMailAsConfiguredSender');
      expect(JSON.stringify(send?.Resource), fn).toContain('configuration-set/');
      expect(JSON.stringify(send?.Resource), fn).toContain('identity/mail.dental.example');
      expect(send, fn).toMatchObject({
        Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@mail.dental.example' } },
      });
    }
    // Functions that never mail have neither.
    for (const group of ['marketplace', 'partner', 'api-keys']) {
      expect(res[groupFunction(group)]?.Properties.Environment.Variables.MAIL_QUEUE_URL, group).toBeUndefined();
      expect(actionsOf(groupFunction(group)), group).not.toContain('ses:SendEmail');
    }
  });
});

describe('mail from a subdomain of the mail domain (-c mailDomain=<parent>)', () => {
  let parent: Resources;
  beforeAll(() => {
    const stacks = synthMarketplace({
      context: {
        siteBuildPath: fakeSiteBuild(),
        mailFrom: 'no-reply@mail.dental.example',
        mailDomain: 'dental.example',
      },
      cloudFormationValidation: false,
    });
    parent = Template.fromStack(stacks.appStack).toJSON().Resources;
  }, 90_000);

  it('senders may send as the identity the stack creates (the parent domain), not only the sender and its domain', () => {
    const identity = Object.values(parent).find((r) => r.Type === 'AWS::SES::EmailIdentity');
    expect(identity?.Properties.EmailIdentity).toBe('dental.example');
    const statements = Object.values(parent)
      .filter((r) => r.Type === 'AWS::IAM::ManagedPolicy' || r.Type === 'AWS::IAM::Policy')
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Array<{ Sid?: string; Resource: unknown }>)
      .filter((s) => s.Sid === 'SendMailAsConfiguredSender');
    expect(statements.length).toBeGreaterThan(0);
    for (const send of statements) {
      const resources = JSON.stringify(send.Resource);
      expect(resources).toContain('identity/dental.example"');
      expect(resources).toContain('identity/mail.dental.example"');
    }
  });
});

describe('queued licence delivery', () => {
  it('the fulfilment worker consumes the fulfilment queue with partial batch failures; the queue dead-letters', () => {
    const worker = functionId('Fulfilment worker');
    const queue = idOf('AWS::SQS::Queue', /^QueuesFulfilment[0-9A-F]{8}$/);
    const dlq = idOf('AWS::SQS::Queue', /^QueuesFulfilmentDeadLetter/);
    expectQueueConsumer(app, worker, queue, {
      batchSize: FULFILMENT_WORKER_BATCH_SIZE,
      maxConcurrency: FULFILMENT_WORKER_MAX_CONCURRENCY,
    });
    const timeout = res[worker]?.Properties.Timeout;
    // A developer's licence webhook takes up to 34 s.
    expect(timeout).toBeGreaterThanOrEqual(45);
    // Longer than the 5-minute fulfilment lease, so a retry after a dead worker can take it over.
    expect(6 * timeout).toBeGreaterThan(300);
    expectWorkerQueue(queue, dlq, timeout, fulfilmentJobs.maxReceiveCount);
    const vars = res[worker]?.Properties.Environment.Variables;
    expect(vars.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe('false');
    expect(Object.keys(vars)).toEqual(expect.arrayContaining(['TABLE_NAME', 'QUEUE_URL', 'APP_URL', 'MAIL_FROM']));
    expect(actionsOf(worker)).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
        'sqs:ReceiveMessage',
        'ses:SendEmail',
      ]),
    );
    expect(actionsOf(worker)).not.toContain('dynamodb:Scan');
    expect(actionsOf(worker)).not.toContain('dynamodb:DeleteItem');
  });

  it('only checkout and developer-apps enqueue licence deliveries', () => {
    const queue = idOf('AWS::SQS::Queue', /^QueuesFulfilment[0-9A-F]{8}$/);
    const sendsTo = (fnId: string) =>
      statementsOf(fnId).some(
        (s) => [s.Action].flat().includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(`"${queue}"`),
      );
    for (const group of ['checkout', 'developer-apps', 'purchases', 'admin', 'accounts', 'webhooks', 'marketplace']) {
      const fn = groupFunction(group);
      const expected = ['checkout', 'developer-apps'].includes(group);
      expect(sendsTo(fn), group).toBe(expected);
      expect(Boolean(res[fn]?.Properties.Environment.Variables.FULFILMENT_QUEUE_URL), group).toBe(expected);
    }
  });
});

import { dirname, join } from 'node:path';
import { AssetHashType, AssetStaging, DockerImage, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/platform/function-timeout';
import { DEFAULT_METRICS_NAMESPACE, DEFAULT_SERVICE_NAME } from '../functions/platform/metric-names';
import { REPO_ROOT } from './app-config';
import { buildSdkLayerSync } from './aws-sdk-layer';
import {
  type FunctionBundling,
  LAMBDA_BUNDLING,
  powertoolsLayerParameter,
  powertoolsLayerVersion,
  SDK_LAYER_MANIFEST,
  sdkLayerAlias,
} from './bundling';
import type { EncryptedLogs } from './logs';

/** The defaults every function of the product shares, set once here. */
export const FUNCTION_DEFAULTS = {
  runtime: lambda.Runtime.NODEJS_22_X,
  architecture: lambda.Architecture.ARM_64,
  memorySize: 512,
  timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
  tracing: lambda.Tracing.ACTIVE,
} as const;

/**
 * Powertools for AWS Lambda's settings, the same on every function: one service name (the
 * `service` dimension of the business metrics, so the dashboard finds them whichever function
 * recorded them; the log lines name their function besides), the metrics namespace, and tracing
 * on (the functions' X-Ray tracing is ACTIVE; the Tracer captures the AWS SDK clients).
 */
export const POWERTOOLS_ENVIRONMENT = {
  POWERTOOLS_SERVICE_NAME: DEFAULT_SERVICE_NAME,
  POWERTOOLS_METRICS_NAMESPACE: DEFAULT_METRICS_NAMESPACE,
  POWERTOOLS_TRACE_ENABLED: 'true',
} as const;

/**
 * Context value naming the Powertools layer ARN to use instead of AWS's public SSM parameter: for a
 * region where AWS does not publish the parameter (the change set would fail with "Unable to fetch
 * parameters [/aws/service/powertools/...]"), or a layer of your own (docs/deploy.md).
 */
export const POWERTOOLS_LAYER_ARN_CONTEXT = 'powertoolsLayerArn';
const LAYER_ARN = /^arn:aws[a-z-]*:lambda:([a-z0-9-]+):\d{12}:layer:[A-Za-z0-9_-]+:\d+$/;

/**
 * AWS's Powertools for AWS Lambda (TypeScript) layer of the installed version, in this region: its
 * ARN read at deploy time from the public SSM parameter AWS publishes for that version, or the
 * layer version ARN given as context POWERTOOLS_LAYER_ARN_CONTEXT (checked at synth time: a layer
 * version ARN in the stack's region).
 */
function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const override = scope.node.tryGetContext(POWERTOOLS_LAYER_ARN_CONTEXT);
  if (override !== undefined && override !== null && override !== '') {
    const arn = String(override);
    const region = LAYER_ARN.exec(arn)?.[1];
    if (!region) {
      throw new Error(
        `Context ${POWERTOOLS_LAYER_ARN_CONTEXT} must be a Lambda layer version ARN (arn:aws:lambda:<region>:<account>:layer:<name>:<version>), got "${arn}"`,
      );
    }
    const stackRegion = Stack.of(scope).region;
    if (!Token.isUnresolved(stackRegion) && region !== stackRegion) {
      throw new Error(
        `Context ${POWERTOOLS_LAYER_ARN_CONTEXT} names a layer in ${region}, but the stack deploys to ${stackRegion}: Lambda takes layers of its own region only`,
      );
    }
    return lambda.LayerVersion.fromLayerVersionArn(scope, 'PowertoolsLayer', arn);
  }
  const arn = ssm.StringParameter.valueForStringParameter(
    scope,
    powertoolsLayerParameter(powertoolsLayerVersion(REPO_ROOT)),
  );
  return lambda.LayerVersion.fromLayerVersionArn(scope, 'PowertoolsLayer', arn);
}

/** The AWS SDK layer's id in its stack: one layer per stack, shared by all its functions. */
export const AWS_SDK_LAYER_ID = 'AwsSdkLayer';

/**
 * The AWS SDK for JavaScript v3 the functions load (lib/aws-sdk-layer.ts): the clients they import,
 * built at synth time from package-lock's SDK into a layer, one per stack. Its asset hash is the
 * built output's, so a layer version is published only when the SDK or the names change. Its
 * modules have package names of their own (`@aws-sdk-layer/*`), so the order Lambda extracts a
 * function's layers in (the CDK sorts them) cannot let Powertools' copies of two clients win.
 */
function awsSdkLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(AWS_SDK_LAYER_ID);
  if (existing) return existing as lambda.LayerVersion;
  return new lambda.LayerVersion(stack, AWS_SDK_LAYER_ID, {
    description:
      'AWS SDK for JavaScript v3: the clients the functions import, tree-shaken and minified (lib/aws-sdk-layer.ts)',
    compatibleRuntimes: [FUNCTION_DEFAULTS.runtime],
    compatibleArchitectures: [FUNCTION_DEFAULTS.architecture],
    code: lambda.Code.fromAsset(join(REPO_ROOT, dirname(SDK_LAYER_MANIFEST)), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Built by esbuild on this machine, as the functions are; the image is never pulled.
        image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
        local: {
          tryBundle(outputDir: string): boolean {
            buildSdkLayerSync(REPO_ROOT, outputDir);
            return true;
          },
        },
      },
    }),
  });
}

/**
 * A role whose permissions go into one customer managed policy instead of an inline policy, so
 * the CDK grant methods (table.grantReadWriteData(fn), queue.grantSendMessages(fn), ...) keep
 * working while every function's permissions stay a single, reviewable, reusable document.
 */
class ManagedPolicyRole extends iam.Role {
  readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    super(scope, id, props);
    this.policy = new iam.ManagedPolicy(this, 'Policy', { roles: [this], description: props.description });
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.policy.addStatements(statement);
    return { statementAdded: true, policyDependable: this.policy };
  }
}

export interface ServiceFunctionProps {
  /** TypeScript entry relative to the repository root, e.g. functions/marketplace/index.ts. */
  readonly entry: string;
  readonly description: string;
  readonly logs: EncryptedLogs;
  readonly environment?: Record<string, string>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** This function's own build options beyond LAMBDA_BUNDLING (lib/bundling.ts functionBundling). */
  readonly bundling?: FunctionBundling;
}

/**
 * One Lambda function of the product: Node.js 22 on ARM64, bundled locally by esbuild into
 * minified ESM with external source maps, X-Ray tracing, its own encrypted log group with
 * retention, and a role that starts with nothing but writing to that log group. Permissions are
 * added by the caller, resource by resource.
 */
export class ServiceFunction extends Construct implements iam.IGrantable {
  readonly function: nodejs.NodejsFunction;
  /** The TypeScript entry, relative to the repository root (`npm run check:bundle` builds each). */
  readonly entry: string;
  readonly role: iam.Role;
  readonly grantPrincipal: iam.IPrincipal;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    const logGroup = props.logs.logGroup(this, 'Logs');
    const role = new ManagedPolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    this.role = role;
    this.grantPrincipal = role;

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      ...FUNCTION_DEFAULTS,
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      memorySize: props.memorySize ?? FUNCTION_DEFAULTS.memorySize,
      timeout: props.timeout ?? FUNCTION_DEFAULTS.timeout,
      role,
      logGroup,
      // Powertools' Logger, Metrics and Tracer, and the AWS SDK, left out of the bundle (lib/bundling.ts).
      layers: [powertoolsLayer(this), awsSdkLayer(this)],
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...POWERTOOLS_ENVIRONMENT, ...props.environment },
      bundling: {
        // lib/bundling.ts, which `npm run check:bundle` builds with and holds to the size budgets.
        format: nodejs.OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourcemap,
        sourceMapMode: nodejs.SourceMapMode.DEFAULT,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        // The AWS SDK v3 comes from the SDK layer above (lib/aws-sdk-layer.ts; docs/deploy.md),
        // written out so that check:bundle builds the same.
        bundleAwsSDK: false,
        externalModules: [...LAMBDA_BUNDLING.external, ...(props.bundling?.external ?? [])],
        logLevel: nodejs.LogLevel.WARNING,
        define: { ...LAMBDA_BUNDLING.define, ...props.bundling?.define },
        // esbuild's working directory is the project root when it runs here; in Docker (without a
        // local esbuild) it would be /: an alias to a path (./frontend/...) resolves from it.
        workingDirectory: AssetStaging.BUNDLING_INPUT_DIR,
        // esbuild's --alias:<package>=<replacement>, which NodejsFunction has no property for.
        // Every SDK package to the SDK layer's module of it (lib/bundling.ts), then the function's own.
        esbuildArgs: Object.fromEntries(
          Object.entries({ ...sdkLayerAlias(REPO_ROOT), ...props.bundling?.alias }).map(([from, to]) => [
            `--alias:${from}`,
            to,
          ]),
        ),
      },
    });
    // Permissions must exist before the first invocation, not merely before deletion.
    this.function.node.addDependency(role.policy);

    const ack = (id: string, reason: string) => Validations.of(this).acknowledge({ id, reason });
    ack(
      'AwsSolutions-L1',
      'Node.js 22 is pinned on purpose: it is the runtime the local server, the tests and the esbuild target use; move all of them together.',
    );
    ack(
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions (added by tracing: ACTIVE).',
    );
    ack(
      'HIPAA.Security-LambdaInsideVPC',
      'The functions reach only AWS APIs (IAM-authorised, TLS) and public HTTPS endpoints (Stripe, Google, developer webhooks guarded against private targets); a VPC would add NAT gateways without adding a control.',
    );
  }

  /**
   * For a function API Gateway invokes (a route group's, the authorizer): why it has neither
   * reserved concurrency nor a dead-letter queue. Workers say their own (consumeQueue, a schedule).
   */
  acknowledgeApiInvocation(): void {
    const ack = (id: string, reason: string) => Validations.of(this).acknowledge({ id, reason });
    ack(
      'HIPAA.Security-LambdaConcurrency',
      'The HTTP API stage throttles requests (apiRateLimit/apiBurstLimit); reserved concurrency would fail deployment in accounts with the default concurrency quota.',
    );
    ack(
      'HIPAA.Security-LambdaDLQ',
      'Invoked synchronously by API Gateway: a failed request is answered with an error, there is no asynchronous event to dead-letter.',
    );
  }

  addEnvironment(key: string, value: string): void {
    this.function.addEnvironment(key, value);
  }

  /**
   * Feeds the function from an SQS queue: `batchSize` messages per invocation, partial batch
   * failures reported (a failing message returns alone and, after its queue's receive count, the
   * redrive policy moves it to the dead-letter queue), at most `maxConcurrency` invocations at
   * once. The reasons say why the function needs no dead-letter queue of its own
   * (`deadLetterReason`) and no reserved concurrency (by default: the event source's bound).
   */
  consumeQueue(queue: sqs.IQueue, options: QueueConsumerOptions): void {
    this.function.addEventSource(
      new SqsEventSource(queue, {
        batchSize: options.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: options.maxConcurrency,
      }),
    );
    const ack = (id: string, reason: string) => Validations.of(this.function).acknowledge({ id, reason });
    ack('HIPAA.Security-LambdaDLQ', options.deadLetterReason);
    ack(
      'HIPAA.Security-LambdaConcurrency',
      options.concurrencyReason ??
        `The SQS event source’s maxConcurrency (${options.maxConcurrency}) bounds the worker without reserving account concurrency.`,
    );
  }
}

export interface QueueConsumerOptions {
  readonly batchSize: number;
  readonly maxConcurrency: number;
  readonly deadLetterReason: string;
  readonly concurrencyReason?: string;
}

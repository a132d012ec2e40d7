import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../lib/app-config';
import { createMarketplace } from '../../lib/marketplace-app';

/** cdk.json's context (feature flags and defaults), so the tests synthesize what `cdk synth` does. */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(
  readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8'),
).context;

const tempDirs: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

/** Removes the SPA builds and cloud assemblies the tests made (call from afterAll). */
/**
 * A resource (or any object inside one) of a synthesized template, exactly as aws-cdk-lib/assertions
 * types it: CloudFormation JSON has no schema here, so its fields are read as the library gives them.
 */
export type CfnObject = ReturnType<Template['findResources']>[string];

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A throwaway SPA build, so the tests do not depend on `npm run build:web` having run. */
export function fakeSiteBuild(): string {
  const dir = tempDir('site-build-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>test</title>');
  return dir;
}

/** The context of a production-shaped deployment: custom domain and certificate, WAF, Stripe secret. */
export const PRODUCTION_CONTEXT = {
  domainName: 'market.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/market/abcd',
  stripeSecretName: 'dental-marketplace/stripe',
} as const;

export interface SynthOptions {
  /** Extra context, e.g. { siteBuildPath: fakeSiteBuild() }. */
  readonly context?: Record<string, unknown>;
  /**
   * CDK's built-in CloudFormation template validation, which `cdk synth` runs. On by default; it
   * costs ~10 s per test worker to load, so suites that only read the templates may skip it.
   */
  readonly cloudFormationValidation?: boolean;
  /** The app stack's region (default us-east-1). */
  readonly region?: string;
}

/**
 * The product's two stacks in a fresh app. Bundling is skipped ('aws:cdk:bundling-stacks': [])
 * so no esbuild runs; `cdk synth` covers the real bundles.
 */
export function synthMarketplace(options: SynthOptions = {}) {
  const app = new App({
    outdir: tempDir('cdk-out-'),
    builtinCloudFormationValidation: options.cloudFormationValidation ?? true,
    context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  const stacks = createMarketplace(app, { account: '123456789012', region: options.region ?? 'us-east-1' });
  return { app, ...stacks };
}

/**
 * The two stacks' templates for the suites that only read them: a throwaway site build and no
 * CloudFormation validation (nag.test.ts runs it). Template.fromStack also fails on resource
 * dependency cycles, which CloudFormation would only reject at deploy time.
 */
export function synthTemplates() {
  const stacks = synthMarketplace({ context: { siteBuildPath: fakeSiteBuild() }, cloudFormationValidation: false });
  const app = Template.fromStack(stacks.appStack);
  const appResources: Record<string, CfnObject> = app.toJSON().Resources;
  return { data: Template.fromStack(stacks.dataStack), app, appResources };
}

/**
 * The worker consumes the queue and reports partial batch failures (a failed message is retried
 * alone); `limits`, when given, are its batch size and maximum concurrency.
 */
export function expectQueueConsumer(
  app: Template,
  worker: string,
  queue: string,
  limits?: { batchSize: number; maxConcurrency: number },
): void {
  app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
    FunctionName: { Ref: worker },
    EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
    FunctionResponseTypes: ['ReportBatchItemFailures'],
    ...(limits && { BatchSize: limits.batchSize, ScalingConfig: { MaximumConcurrency: limits.maxConcurrency } }),
  });
}

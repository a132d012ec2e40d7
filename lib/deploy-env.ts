import type { Environment } from 'aws-cdk-lib';

/**
 * What a new AWS account gives Lambda: 10 concurrent executions until a quota increase is granted
 * (Service Quotas, "Concurrent executions"). The stack reserves none, and its queue workers
 * together may take at most WORKERS_CONCURRENCY_SHARE of it, so API requests always find room
 * (four queue workers at SQS's minimum cap of 2 each: 8 of 10, leaving 2 for API requests until the
 * quota is raised)
 * (test/infra/deploy-env.test.ts checks both in the synthesized templates).
 */
export const NEW_ACCOUNT_LAMBDA_CONCURRENCY = 10;
export const WORKERS_CONCURRENCY_SHARE = 0.8;

const ACCOUNT = /^\d{12}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** Synthesis cannot go on: the message says why and what to do. */
export class DeployEnvironmentError extends Error {}

/**
 * The account and region the stacks are synthesized for. The account ends up in bucket names,
 * ARNs and policies, so synthesis refuses to guess it: it comes from context (`-c account=...`)
 * or from the AWS credentials the CDK CLI found (CDK_DEFAULT_ACCOUNT), and the all-zero placeholder
 * or anything but 12 digits is refused with a message saying what to do.
 */
export function deployEnvironment(
  context: { account?: unknown; region?: unknown },
  env: NodeJS.ProcessEnv = process.env,
): Required<Pick<Environment, 'account' | 'region'>> {
  const given = (v: unknown): string | undefined =>
    v === undefined || v === null || String(v).trim() === '' ? undefined : String(v).trim();
  const account = given(context.account) ?? given(env.CDK_DEFAULT_ACCOUNT);
  const region = given(context.region) ?? given(env.CDK_DEFAULT_REGION) ?? 'us-east-1';
  if (!account) {
    throw new DeployEnvironmentError(
      'No AWS account to synthesize for: the CDK found no AWS credentials and no account was given. ' +
        'Sign in first (e.g. `aws sso login --profile <profile>` and `export AWS_PROFILE=<profile>`; ' +
        '`aws sts get-caller-identity` must answer), or name the account for an offline synth: ' +
        '`npx cdk synth -c account=123456789012 -c region=eu-west-1`. See docs/deploy.md.',
    );
  }
  if (!ACCOUNT.test(account) || /^0+$/.test(account)) {
    throw new DeployEnvironmentError(
      `"${account}" is not an AWS account id: give the 12-digit id of the account you deploy to ` +
        '(`aws sts get-caller-identity --query Account`). Bucket names and policies are built from it, ' +
        'so a placeholder would deploy resources no real account can use.',
    );
  }
  if (!REGION.test(region)) {
    throw new DeployEnvironmentError(`"${region}" is not an AWS region (e.g. us-east-1, eu-west-1).`);
  }
  return { account, region };
}

/**
 * Rotates the origin secret (the X-Origin-Verify value CloudFront sends to the API) without a
 * moment in which CloudFront and the API disagree: docs/runbook.md "Rotating secrets".
 *
 *   npm run rotate:origin-secret -- --secret-id <OriginVerifySecretArn> [--stack DentalMarketplace-App] [-- <cdk deploy options>]
 *   npm run rotate:origin-secret -- --secret-id <arn> --step drop --previous-version <id>   # resume
 *
 * Steps (--step all runs them in order; each can be run alone to resume after a failure):
 * 1. put: a new random value becomes AWSCURRENT; Secrets Manager moves the old one to AWSPREVIOUS.
 *    The functions and the API's authorizer read both (functions/secrets.ts) and accept either.
 * 2. wait: SECRET_MAX_AGE_SECONDS and a margin, so every warm function has read the new value.
 * 3. deploy: `cdk deploy <stack> -c originSecretNonce=<now>`: the distribution changes, so
 *    CloudFormation updates it and CloudFront re-reads the secret into its origin header; the
 *    deploy returns once the distribution is deployed at every edge.
 * 4. drop: the AWSPREVIOUS label is removed from the old version: within SECRET_MAX_AGE_SECONDS
 *    the old value is refused everywhere.
 * Before step 4 nothing is refused; if the deploy fails, fix it and resume with --step deploy.
 */
import { spawnSync } from 'node:child_process';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { SECRET_MAX_AGE_SECONDS } from '../functions/secrets';

const STEPS = ['put', 'wait', 'deploy', 'drop'] as const;
type Step = (typeof STEPS)[number];

function parseArgs(argv: readonly string[]) {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const cdkArgs = dash === -1 ? [] : argv.slice(dash + 1);
  const value = (name: string) => {
    const at = own.indexOf(`--${name}`);
    return at === -1 ? undefined : own[at + 1];
  };
  const secretId = value('secret-id');
  if (!secretId) throw new Error('--secret-id <the stack output OriginVerifySecretArn> is required');
  const step = (value('step') ?? 'all') as Step | 'all';
  if (step !== 'all' && !STEPS.includes(step)) throw new Error(`--step must be all or one of ${STEPS.join(', ')}`);
  return {
    secretId,
    step,
    stack: value('stack') ?? 'DentalMarketplace-App',
    previousVersion: value('previous-version'),
    waitSeconds: Number(value('wait-seconds') ?? SECRET_MAX_AGE_SECONDS + 60),
    cdkArgs,
  };
}

/** The version ids holding a staging label. */
async function versionWith(sm: SecretsManagerClient, secretId: string, stage: string): Promise<string | undefined> {
  const { VersionIdsToStages } = await sm.send(new DescribeSecretCommand({ SecretId: secretId }));
  return Object.entries(VersionIdsToStages ?? {}).find(([, stages]) => stages.includes(stage))?.[0];
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const sm = new SecretsManagerClient({});
  const runs = (step: Step) => args.step === 'all' || args.step === step;
  let previous = args.previousVersion;

  if (runs('put')) {
    previous = await versionWith(sm, args.secretId, 'AWSCURRENT');
    const { RandomPassword } = await sm.send(
      new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false }),
    );
    if (!RandomPassword) throw new Error('Secrets Manager returned no random value');
    const { VersionId } = await sm.send(
      new PutSecretValueCommand({ SecretId: args.secretId, SecretString: RandomPassword }),
    );
    console.log(
      `1/4 new value stored (version ${VersionId}); the old one (${previous}) is AWSPREVIOUS and still accepted`,
    );
  }
  if (runs('wait')) {
    console.log(`2/4 waiting ${args.waitSeconds} s for every function to read both values`);
    await new Promise((resolve) => setTimeout(resolve, args.waitSeconds * 1000));
  }
  if (runs('deploy')) {
    const nonce = new Date().toISOString().replace(/[-:.]/g, '');
    const cdk = [
      'cdk',
      'deploy',
      args.stack,
      '-c',
      `originSecretNonce=${nonce}`,
      '--require-approval',
      'never',
      ...args.cdkArgs,
    ];
    console.log(`3/4 npx ${cdk.join(' ')}`);
    const result = spawnSync('npx', cdk, { stdio: 'inherit' });
    if (result.status !== 0) {
      throw new Error(
        `cdk deploy failed: nothing is refused yet (both values are accepted). Fix it, then resume with --step deploy and then --step drop --previous-version ${previous ?? '<the AWSPREVIOUS version id>'}`,
      );
    }
  }
  if (runs('drop')) {
    previous ??= await versionWith(sm, args.secretId, 'AWSPREVIOUS');
    if (!previous) {
      console.log('4/4 no AWSPREVIOUS version: nothing to drop');
      return;
    }
    await sm.send(
      new UpdateSecretVersionStageCommand({
        SecretId: args.secretId,
        VersionStage: 'AWSPREVIOUS',
        RemoveFromVersionId: previous,
      }),
    );
    console.log(
      `4/4 AWSPREVIOUS removed from ${previous}: the old value is refused within ${SECRET_MAX_AGE_SECONDS} s`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

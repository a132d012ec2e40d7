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
 *
 * The deploy runs with the context cdk.json, cdk.context.json, ~/.cdk.json and the `-c key=value`
 * arguments after `--` give, as `cdk deploy` reads them. Before anything else the script compares
 * that context with the deployed one (the digest the stack tags the origin secret with,
 * lib/app-config.ts deployContextDigest) and refuses when they differ: a forgotten
 * `-c domainName=...` or `-c webAclArn=...` would redeploy production without its domain or WAF.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { SECRET_MAX_AGE_SECONDS } from '../functions/secrets';
import { DEPLOY_CONTEXT_KEYS, DEPLOY_CONTEXT_TAG, deployContextDigest } from '../lib/app-config';

const STEPS = ['put', 'wait', 'deploy', 'drop'] as const;
type Step = (typeof STEPS)[number];

export interface RotateArgs {
  secretId: string;
  step: Step | 'all';
  stack: string;
  previousVersion?: string;
  waitSeconds: number;
  /** The arguments after `--`, passed on to `cdk deploy`. */
  cdkArgs: string[];
}

export function parseArgs(argv: readonly string[]): RotateArgs {
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
    cdkArgs: [...cdkArgs],
  };
}

/** The `-c key=value` / `--context key=value` / `--context=key=value` arguments given to cdk. */
export function contextArguments(cdkArgs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (pair: string | undefined) => {
    const at = pair?.indexOf('=') ?? -1;
    if (pair === undefined || at <= 0) throw new Error(`cdk context must be key=value, got "${pair ?? ''}"`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  };
  cdkArgs.forEach((arg, i) => {
    if (arg === '-c' || arg === '--context') add(cdkArgs[i + 1]);
    else if (arg.startsWith('--context=')) add(arg.slice('--context='.length));
  });
  return out;
}

/** The context files cdk reads (each an object, {} when absent). */
export interface ContextFiles {
  /** cdk.json's "context". */
  project: Record<string, unknown>;
  /** cdk.context.json. */
  projectContext: Record<string, unknown>;
  /** ~/.cdk.json's "context". */
  user: Record<string, unknown>;
}

function readJson(path: string): Record<string, unknown> {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
}

export function readContextFiles(dir = process.cwd(), home = homedir()): ContextFiles {
  return {
    project: (readJson(join(dir, 'cdk.json')).context ?? {}) as Record<string, unknown>,
    projectContext: readJson(join(dir, 'cdk.context.json')),
    user: (readJson(join(home, '.cdk.json')).context ?? {}) as Record<string, unknown>,
  };
}

/** A context value as `cdk deploy` resolves it: command line, then cdk.json, cdk.context.json, ~/.cdk.json. */
export function deployContext(cdkArgs: readonly string[], files: ContextFiles): (key: string) => unknown {
  const args = contextArguments(cdkArgs);
  const bags = [args, files.project, files.projectContext, files.user];
  return (key) => bags.find((bag) => key in bag)?.[key];
}

/** What the rotation talks to, replaced in the tests. */
export interface RotateDeps {
  sm: Pick<SecretsManagerClient, 'send'>;
  contextFiles: ContextFiles;
  sleep(ms: number): Promise<void>;
  /** Runs `npx <args>`; its exit status. */
  cdk(args: readonly string[]): number;
  log(line: string): void;
  now(): Date;
}

/**
 * Refuses (before any step changes anything) when the context the deploy would run with is not
 * the one the stack was deployed with.
 */
async function checkDeployContext(args: RotateArgs, deps: RotateDeps): Promise<void> {
  const { Tags } = await deps.sm.send(new DescribeSecretCommand({ SecretId: args.secretId }));
  const deployed = Tags?.find((t) => t.Key === DEPLOY_CONTEXT_TAG)?.Value;
  if (!deployed) {
    throw new Error(
      `The origin secret has no ${DEPLOY_CONTEXT_TAG} tag (the stack was deployed before the rotation checked its context): deploy once with your usual context (npx cdk deploy --all -c ...), then rotate.`,
    );
  }
  const get = deployContext(args.cdkArgs, deps.contextFiles);
  if (deployContextDigest(get) !== deployed) {
    const given = DEPLOY_CONTEXT_KEYS.flatMap((key) => {
      const value = get(key);
      return value === undefined || value === null || value === '' ? [] : [`${key}=${String(value)}`];
    });
    throw new Error(
      `Refusing to deploy: this context is not the one ${args.stack} was deployed with (a forgotten -c domainName, certificateArn, webAclArn... would take it off production). Context now: ${given.join(' ') || '(defaults only)'}. Pass the deploy's usual -c key=value arguments after -- (or keep them in cdk.json / cdk.context.json). Nothing has changed.`,
    );
  }
}

/** The version ids holding a staging label. */
async function versionWith(sm: RotateDeps['sm'], secretId: string, stage: string): Promise<string | undefined> {
  const { VersionIdsToStages } = await sm.send(new DescribeSecretCommand({ SecretId: secretId }));
  return Object.entries(VersionIdsToStages ?? {}).find(([, stages]) => stages.includes(stage))?.[0];
}

export async function rotate(args: RotateArgs, deps: RotateDeps): Promise<void> {
  const { sm } = deps;
  const runs = (step: Step) => args.step === 'all' || args.step === step;
  let previous = args.previousVersion;

  if (runs('deploy')) await checkDeployContext(args, deps);
  if (runs('put')) {
    previous = await versionWith(sm, args.secretId, 'AWSCURRENT');
    const { RandomPassword } = await sm.send(
      new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false }),
    );
    if (!RandomPassword) throw new Error('Secrets Manager returned no random value');
    const { VersionId } = await sm.send(
      new PutSecretValueCommand({ SecretId: args.secretId, SecretString: RandomPassword }),
    );
    deps.log(
      `1/4 new value stored (version ${VersionId}); the old one (${previous}) is AWSPREVIOUS and still accepted`,
    );
  }
  if (runs('wait')) {
    deps.log(`2/4 waiting ${args.waitSeconds} s for every function to read both values`);
    await deps.sleep(args.waitSeconds * 1000);
  }
  if (runs('deploy')) {
    const nonce = deps.now().toISOString().replace(/[-:.]/g, '');
    const cdk = [
      'cdk',
      'deploy',
      args.stack,
      // The app stack only: the data stack has nothing to re-read.
      '--exclusively',
      '-c',
      `originSecretNonce=${nonce}`,
      '--require-approval',
      'never',
      ...args.cdkArgs,
    ];
    deps.log(`3/4 npx ${cdk.join(' ')}`);
    if (deps.cdk(cdk) !== 0) {
      throw new Error(
        `cdk deploy failed: nothing is refused yet (both values are accepted). Fix it, then resume with --step deploy and then --step drop --previous-version ${previous ?? '<the AWSPREVIOUS version id>'}`,
      );
    }
  }
  if (runs('drop')) {
    previous ??= await versionWith(sm, args.secretId, 'AWSPREVIOUS');
    if (!previous) {
      deps.log('4/4 no AWSPREVIOUS version: nothing to drop');
      return;
    }
    await sm.send(
      new UpdateSecretVersionStageCommand({
        SecretId: args.secretId,
        VersionStage: 'AWSPREVIOUS',
        RemoveFromVersionId: previous,
      }),
    );
    deps.log(`4/4 AWSPREVIOUS removed from ${previous}: the old value is refused within ${SECRET_MAX_AGE_SECONDS} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  Promise.resolve()
    .then(() =>
      rotate(parseArgs(process.argv.slice(2)), {
        sm: new SecretsManagerClient({}),
        contextFiles: readContextFiles(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        cdk: (cdkArgs) => spawnSync('npx', cdkArgs, { stdio: 'inherit' }).status ?? 1,
        log: (line) => console.log(line),
        now: () => new Date(),
      }),
    )
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}

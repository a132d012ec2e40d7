import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEPLOY_CONTEXT_KEYS, DEPLOY_CONTEXT_TAG, deployContextDigest, readAppConfig } from '../lib/app-config';
import { type ContextFiles, deployContext, parseArgs, type RotateDeps, rotate } from './rotate-origin-secret';

/**
 * The origin secret rotation's steps against a stubbed Secrets Manager and a stubbed `cdk`: their
 * order (put, wait, deploy, drop), and its refusal to deploy with another context than the
 * deployed one (docs/runbook.md "Rotating secrets").
 */

const SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-AbCdEf';
const sm = mockClient(SecretsManagerClient);

/** What production was deployed with: cdk.json's defaults and a custom domain, certificate and web ACL. */
const CDK_JSON: ContextFiles = {
  project: { appName: 'DentalMarketplace', mailFrom: 'no-reply@example.com', domainName: '', webAclArn: '' },
  projectContext: {},
  user: {},
};
const PRODUCTION_ARGS = [
  '-c',
  'domainName=market.example.com',
  '--context',
  'certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/abc',
  '--context=webAclArn=arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/1',
];
const deployedDigest = deployContextDigest(deployContext(PRODUCTION_ARGS, CDK_JSON));

let events: string[];
let cdkCalls: string[][];
let cdkStatus: number;

function deps(): RotateDeps {
  return {
    sm: new SecretsManagerClient({ region: 'eu-west-1' }),
    contextFiles: CDK_JSON,
    sleep: async (ms) => {
      events.push(`wait ${ms}`);
    },
    cdk: (args) => {
      events.push('cdk deploy');
      cdkCalls.push([...args]);
      return cdkStatus;
    },
    log: () => {},
    now: () => new Date('2026-11-29T04:00:00.000Z'),
  };
}

beforeEach(() => {
  sm.reset();
  events = [];
  cdkCalls = [];
  cdkStatus = 0;
  const record = (name: string) => (input: unknown) => {
    events.push(name);
    return input;
  };
  sm.on(DescribeSecretCommand).callsFake((input) => {
    record('describe')(input);
    return {
      Tags: [{ Key: DEPLOY_CONTEXT_TAG, Value: deployedDigest }],
      VersionIdsToStages: { 'v-old': ['AWSCURRENT'], 'v-older': ['AWSPREVIOUS'] },
    };
  });
  sm.on(GetRandomPasswordCommand).callsFake(() => {
    events.push('random');
    return { RandomPassword: 'n'.repeat(48) };
  });
  sm.on(PutSecretValueCommand).callsFake((input) => {
    record('put')(input);
    return { VersionId: 'v-new' };
  });
  sm.on(UpdateSecretVersionStageCommand).callsFake(record('drop'));
});

const run = (...argv: string[]) => rotate(parseArgs(['--secret-id', SECRET, ...argv]), deps());

describe('npm run rotate:origin-secret', () => {
  it('puts a new value, waits, deploys with a new nonce and the given context, then drops the old value', async () => {
    await run('--wait-seconds', '360', '--', ...PRODUCTION_ARGS);

    // The context check (describe) first, before anything changes; the drop last, after the deploy.
    expect(events).toEqual(['describe', 'describe', 'random', 'put', 'wait 360000', 'cdk deploy', 'drop']);
    expect(sm.commandCalls(PutSecretValueCommand)[0]?.args[0].input).toEqual({
      SecretId: SECRET,
      SecretString: 'n'.repeat(48),
    });
    const [deploy] = cdkCalls;
    expect(deploy?.slice(0, 4)).toEqual(['cdk', 'deploy', 'DentalMarketplace-App', '--exclusively']);
    expect(deploy).toContain('originSecretNonce=20261129T040000000Z');
    expect(deploy?.slice(-PRODUCTION_ARGS.length)).toEqual(PRODUCTION_ARGS);
    // The version that was AWSCURRENT before the put (now AWSPREVIOUS) loses its label.
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)[0]?.args[0].input).toEqual({
      SecretId: SECRET,
      VersionStage: 'AWSPREVIOUS',
      RemoveFromVersionId: 'v-old',
    });
  });

  it('refuses before putting anything when a -c of the deployed context is forgotten', async () => {
    // The web ACL forgotten: the deploy would take the WAF off production.
    await expect(run('--', ...PRODUCTION_ARGS.slice(0, 4))).rejects.toThrow(/Refusing to deploy.*Nothing has changed/);
    expect(events).toEqual(['describe']);
    expect(cdkCalls).toEqual([]);
    // No context at all: the same.
    await expect(run()).rejects.toThrow(/Refusing to deploy/);
    expect(sm.commandCalls(PutSecretValueCommand)).toEqual([]);
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)).toEqual([]);
  });

  it('refuses when the stack recorded no deploy context', async () => {
    sm.on(DescribeSecretCommand).resolves({ VersionIdsToStages: { 'v-old': ['AWSCURRENT'] } });
    await expect(run('--', ...PRODUCTION_ARGS)).rejects.toThrow(/no deploy-context-sha256 tag/);
    expect(sm.commandCalls(PutSecretValueCommand)).toEqual([]);
    expect(cdkCalls).toEqual([]);
  });

  it('keeps the old value accepted when the deploy fails, and says how to resume', async () => {
    cdkStatus = 1;
    await expect(run('--wait-seconds', '0', '--', ...PRODUCTION_ARGS)).rejects.toThrow(
      /nothing is refused yet.*--step deploy.*--step drop --previous-version v-old/,
    );
    expect(events.at(-1)).toBe('cdk deploy');
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)).toEqual([]);
  });

  it('resumes with --step deploy (context checked) and --step drop (the AWSPREVIOUS version by default)', async () => {
    await run('--step', 'deploy', '--', ...PRODUCTION_ARGS);
    expect(events).toEqual(['describe', 'cdk deploy']);
    events = [];
    await run('--step', 'drop');
    expect(events).toEqual(['describe', 'drop']);
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)[0]?.args[0].input.RemoveFromVersionId).toBe('v-older');
  });

  it('reads context as cdk does: -c before cdk.json before cdk.context.json before ~/.cdk.json', () => {
    const get = deployContext(['-c', 'appUrl=https://a.example'], {
      project: { appUrl: 'https://b.example', mailFrom: 'x@b.example' },
      projectContext: { mailFrom: 'x@c.example', domainName: 'c.example' },
      user: { domainName: 'd.example', webAclArn: 'acl' },
    });
    expect([get('appUrl'), get('mailFrom'), get('domainName'), get('webAclArn'), get('certificateArn')]).toEqual([
      'https://a.example',
      'x@b.example',
      'c.example',
      'acl',
      undefined,
    ]);
  });

  it('digests every context key the app reads (but the nonce and a removed key)', () => {
    const read = new Set<string>();
    const scope = {
      node: {
        tryGetContext: (key: string) => {
          read.add(key);
          return undefined;
        },
      },
    } as unknown as Parameters<typeof readAppConfig>[0];
    readAppConfig(scope);
    read.delete('originSecretNonce');
    read.delete('jwtSecretInEnvironment');
    expect(read.size).toBeGreaterThan(15);
    for (const key of read) expect(DEPLOY_CONTEXT_KEYS, key).toContain(key);
  });
});

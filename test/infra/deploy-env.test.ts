import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/app-config';
import { functionEntries } from '../../lib/bundling';
import {
  DeployEnvironmentError,
  deployEnvironment,
  NEW_ACCOUNT_LAMBDA_CONCURRENCY,
  WORKERS_CONCURRENCY_SHARE,
} from '../../lib/deploy-env';
import { ServiceFunction } from '../../lib/function-defaults';
import { type CfnObject, fakeSiteBuild, removeTempDirs, synthMarketplace } from './synth-app';

describe('synthesis refuses an unknown account', () => {
  it('refuses to synthesize without an account, naming what to do', () => {
    expect(() => deployEnvironment({}, {})).toThrow(DeployEnvironmentError);
    expect(() => deployEnvironment({}, {})).toThrow(/No AWS account.*aws sso login.*-c account=/);
  });

  it('refuses the all-zero placeholder and anything but 12 digits', () => {
    for (const account of ['000000000000', '12345', 'my-account', '1234567890123']) {
      expect(() => deployEnvironment({ account }, {})).toThrow(/is not an AWS account id/);
      expect(() => deployEnvironment({}, { CDK_DEFAULT_ACCOUNT: account })).toThrow(/is not an AWS account id/);
    }
  });

  it("takes the account from context or from the CDK CLI's credentials, context first", () => {
    expect(deployEnvironment({}, { CDK_DEFAULT_ACCOUNT: '111122223333', CDK_DEFAULT_REGION: 'eu-west-1' })).toEqual({
      account: '111122223333',
      region: 'eu-west-1',
    });
    expect(
      deployEnvironment({ account: '444455556666', region: 'eu-central-1' }, { CDK_DEFAULT_ACCOUNT: '111122223333' }),
    ).toEqual({ account: '444455556666', region: 'eu-central-1' });
    expect(() => deployEnvironment({ account: '444455556666', region: 'moon-1' }, {})).toThrow(/not an AWS region/);
  });

  it('`cdk synth` without credentials stops with that message', () => {
    const env = { ...process.env };
    delete env.CDK_DEFAULT_ACCOUNT;
    delete env.CDK_DEFAULT_REGION;
    const run = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['bin/app.ts'], {
      cwd: REPO_ROOT,
      env: { ...env, CDK_OUTDIR: join(tmpdir(), 'cdk-out-refusal-test') },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No AWS account to synthesize for');
  }, 240_000);
});

describe('a new account (10 concurrent Lambda executions)', () => {
  let stacks: ReturnType<typeof synthMarketplace>;
  let resources: Record<string, CfnObject>;

  beforeAll(() => {
    stacks = synthMarketplace({ context: { siteBuildPath: fakeSiteBuild() }, cloudFormationValidation: false });
    resources = {
      ...Template.fromStack(stacks.dataStack).toJSON().Resources,
      ...Template.fromStack(stacks.appStack).toJSON().Resources,
    };
  }, 240_000);
  afterAll(removeTempDirs);

  it('reserves no concurrency and provisions none', () => {
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(10);
    for (const fn of functions) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Alias')).toEqual([]);
  });

  it('bounds every queue worker, and all of them together leave room for API requests', () => {
    const mappings = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThan(0);
    let total = 0;
    for (const m of mappings) {
      const max = m.Properties.ScalingConfig?.MaximumConcurrency;
      expect(max, 'an SQS event source without maxConcurrency may take the whole account').toBeGreaterThanOrEqual(2);
      total += max;
    }
    expect(total).toBeLessThanOrEqual(NEW_ACCOUNT_LAMBDA_CONCURRENCY * WORKERS_CONCURRENCY_SHARE);
  });

  it('every function the stacks deploy is one that `npm run check:bundle` builds and budgets', () => {
    const budgeted = new Set(Object.values(functionEntries(REPO_ROOT)));
    const deployed = stacks.app.node
      .findAll()
      .filter((c): c is ServiceFunction => c instanceof ServiceFunction)
      .map((fn) => fn.entry);
    expect(deployed.length).toBeGreaterThan(10);
    for (const entry of deployed) expect(budgeted, entry).toContain(entry);
  });
});

import type { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeSiteBuild, PRODUCTION_CONTEXT, removeTempDirs, synthMarketplace } from './synth-app';

/**
 * cdk-nag, as bin/app.ts runs it on every synth: AWS Solutions and HIPAA Security. Every finding
 * must be fixed or acknowledged beside its resource with a reason (Validations.of(x).acknowledge).
 */
function findings(app: App): string[] {
  // Synthesize first, so cross-stack references are resolved the way the deployed templates have them.
  app.synth();
  return [new AwsSolutionsChecks(app), new HIPAASecurityChecks(app)].flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((v) => v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`)),
  );
}

afterAll(removeTempDirs);

describe('cdk-nag', () => {
  it('the default deployment (with the SPA build) has no unacknowledged findings', () => {
    const { app, dataStack, appStack } = synthMarketplace({ context: { siteBuildPath: fakeSiteBuild() } });
    expect(findings(app)).toEqual([]);
    // Nor any CDK warning left unexplained.
    for (const stack of [dataStack, appStack]) {
      expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
    }
  }, 90_000);

  it('a production-shaped deployment (custom domain and certificate, existing web ACL and Stripe secret, mail identity) has none either', () => {
    const { app } = synthMarketplace({
      context: {
        siteBuildPath: fakeSiteBuild(),
        ...PRODUCTION_CONTEXT,
        createMailIdentity: true,
      },
    });
    expect(findings(app)).toEqual([]);
  }, 90_000);
});

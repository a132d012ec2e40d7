import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeSiteBuild, PRODUCTION_CONTEXT, removeTempDirs, synthMarketplace } from './synth-app';

/**
 * No dead acknowledgement: every cdk-nag acknowledgement (Validations.of(x).acknowledge) in the
 * stacks is consulted by a finding it silences, in the default or the production-shaped
 * deployment. A reason left behind after its resource changed would otherwise keep describing
 * something that is no longer there (issue 29: two were).
 */
const KEY = Validations.ACKNOWLEDGED_RULES_METADATA_KEY;
const NAG_ID = /^(AwsSolutions|HIPAA\.Security)-/;

const idsOf = (node: IConstruct): string[] =>
  node.node.metadata
    .filter((entry) => entry.type === KEY && entry.data)
    .flatMap((entry) => Object.keys(entry.data as object).map((k) => k.replace(/^annotation::/i, '')));

/** The acknowledgements of a deployment, and which of them a finding consulted. */
function acknowledgements(app: App): { all: Set<string>; used: Set<string> } {
  app.synth();
  const all = new Set<string>();
  for (const node of app.node.findAll()) {
    for (const id of idsOf(node)) if (NAG_ID.test(id)) all.add(`${node.node.path} ${id}`);
  }
  const used = new Set<string>();
  const proto = NagPack.prototype as unknown as { isAcknowledged(resource: IConstruct, ruleId: string): boolean };
  const original = proto.isAcknowledged;
  proto.isAcknowledged = (resource: IConstruct, ruleId: string): boolean => {
    // Every acknowledgement on the way up counts as used (a generic one shadowed by a nearer,
    // more precise one is redundant, not dead).
    let found = false;
    for (let current: IConstruct | undefined = resource; current; current = current.node.scope) {
      if (idsOf(current).includes(ruleId)) {
        used.add(`${current.node.path} ${ruleId}`);
        found = true;
      }
    }
    return found;
  };
  try {
    for (const pack of [new AwsSolutionsChecks(app), new HIPAASecurityChecks(app)]) pack.validateScope(app);
  } finally {
    proto.isAcknowledged = original;
  }
  return { all, used };
}

afterAll(removeTempDirs);

describe('cdk-nag acknowledgements', () => {
  it('every acknowledgement silences a finding in the default or the production-shaped deployment', () => {
    const plain = acknowledgements(
      synthMarketplace({ context: { siteBuildPath: fakeSiteBuild() }, cloudFormationValidation: false }).app,
    );
    const production = acknowledgements(
      synthMarketplace({
        context: {
          siteBuildPath: fakeSiteBuild(),
          ...PRODUCTION_CONTEXT,
        },
        cloudFormationValidation: false,
      }).app,
    );
    const dead = [...new Set([...plain.all, ...production.all])].filter(
      (ack) => !plain.used.has(ack) && !production.used.has(ack),
    );
    expect(plain.used.size).toBeGreaterThan(10);
    expect(dead.sort()).toEqual([]);
  }, 120_000);
});

import { Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges AwsSolutions-IAM5 (wildcard permission) findings on the IAM policies under `scope`,
 * but only those `match` selects, with a reason. cdk-nag v3 acknowledges one finding id at a time
 * and those ids embed resolved ARNs (account, logical ids); this evaluates the rule itself so the
 * ids are exact, while an unexpected wildcard still fails the check.
 *
 * Call it after the permissions in question have been added.
 */
export function acknowledgeWildcards(scope: IConstruct, match: RegExp, reason: string): void {
  for (const node of scope.node.findAll()) {
    if (!(node instanceof iam.CfnPolicy || node instanceof iam.CfnManagedPolicy)) continue;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) continue;
    for (const finding of findings) {
      if (match.test(finding)) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
  }
}

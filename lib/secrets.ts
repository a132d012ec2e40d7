import { RemovalPolicy, Tags, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DEPLOY_CONTEXT_TAG, deployContextDigest } from './app-config';

export interface AppSecretsProps {
  /**
   * An existing secret with JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."} (context
   * `stripeSecretName`). Without it the stack creates an empty one for the operator to fill.
   */
  readonly stripeSecretName?: string;
}

/** Which secrets a function may read: it gets the ARN (in its environment) and read access of exactly these. */
export interface SecretNeeds {
  readonly jwt?: boolean;
  readonly stripe?: boolean;
  readonly origin?: boolean;
}

/**
 * The application's secrets, all in Secrets Manager and read by the functions at cold start
 * (functions/secrets.ts, Powertools Parameters, cached); no secret value is put into a Lambda
 * environment or the template.
 * - JWT signing key: JSON {"kid", "secret"} generated at deploy time (64 characters). Rotation
 *   by hand with key ids (docs/runbook.md "Rotating secrets"): put {"kid": new, "secret": new, "previous": {old kid, old secret}}.
 * - Stripe keys: created as an empty shell (or an existing secret named by context), so a deploy
 *   never fails on a missing secret; payments answer 503 until the operator stores the keys.
 * - Origin verify: a generated value CloudFront sends to the API in X-Origin-Verify (lib/site.ts)
 *   and the router checks, so the execute-api URL cannot bypass CloudFront and its WAF.
 */
export class AppSecrets extends Construct {
  readonly jwt: secretsmanager.Secret;
  readonly stripe: secretsmanager.ISecret;
  readonly originVerify: secretsmanager.Secret;
  /** What functions pass to GetSecretValue for the Stripe secret: its ARN, or the name of an existing one. */
  private readonly stripeSecretId: string;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    this.jwt = new secretsmanager.Secret(this, 'JwtSigningSecret', {
      description: 'Signing key of the dental marketplace access tokens: {"kid", "secret", "previous"?}',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ kid: 'k1' }),
        generateStringKey: 'secret',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
    });
    this.acknowledge(
      this.jwt,
      'Rotated by hand with key ids (docs/runbook.md "Rotating secrets", docs/deploy.md "Rotating secrets"): the new key signs, the previous one keeps verifying until the 12-hour tokens it signed expire; an automatic rotation would need the same two-phase change.',
      'A token signing key, not patient data; the AWS managed key encrypts it and IAM limits reading to the functions that sign or verify tokens.',
    );

    if (props.stripeSecretName) {
      this.stripe = secretsmanager.Secret.fromSecretNameV2(this, 'StripeSecret', props.stripeSecretName);
      this.stripeSecretId = props.stripeSecretName;
    } else {
      const shell = new secretsmanager.Secret(this, 'StripeKeys', {
        description:
          'Stripe keys of the marketplace: put {"secretKey": "sk_...", "webhookSecret": "whsec_..."}; payments answer 503 until then',
        // An empty shell: the placeholder field is ignored by the functions (functions/secrets.ts).
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }),
          generateStringKey: 'placeholder',
          passwordLength: 16,
          excludePunctuation: true,
        },
        // Holds what the operator stored: kept if the stack goes away.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      this.acknowledge(
        shell,
        'Stripe issues and rolls these keys (Dashboard > Developers); the operator stores the new ones here, and the functions pick them up within 5 minutes.',
        'Stripe API keys, not patient data; the AWS managed key encrypts them and IAM limits reading to the checkout function.',
      );
      this.stripe = shell;
      this.stripeSecretId = shell.secretArn;
    }

    this.originVerify = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'Value CloudFront sends to the API in X-Origin-Verify (the API refuses requests without it)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    // The deploy context's digest, which the rotation script compares with its own before its deploy.
    Tags.of(this.originVerify).add(
      DEPLOY_CONTEXT_TAG,
      deployContextDigest((key) => this.node.tryGetContext(key)),
    );
    this.acknowledge(
      this.originVerify,
      'CloudFront holds the value as an origin header set at deploy time, so a rotation needs a deploy between its steps: npm run rotate:origin-secret (docs/runbook.md) puts a new value, forces the distribution update and then drops the previous value, which the API accepts in between; an automatic rotation Lambda cannot deploy.',
      'A shared value between CloudFront and the API, not patient data; the AWS managed key encrypts it.',
    );
  }

  private acknowledge(secret: secretsmanager.Secret, rotation: string, kms: string): void {
    const ack = (id: string, reason: string) => Validations.of(secret).acknowledge({ id, reason });
    ack('AwsSolutions-SMG4', rotation);
    ack('HIPAA.Security-SecretsManagerRotationEnabled', rotation);
    ack('HIPAA.Security-SecretsManagerUsingKMSKey', kms);
  }

  /** The secrets' ids a function reads at cold start (names match functions/config.ts). */
  environment(needs: SecretNeeds): Record<string, string> {
    return {
      ...(needs.jwt ? { JWT_SECRET_ARN: this.jwt.secretArn } : {}),
      ...(needs.stripe ? { STRIPE_SECRET_ARN: this.stripeSecretId } : {}),
      ...(needs.origin ? { ORIGIN_SECRET_ARN: this.originVerify.secretArn } : {}),
    };
  }

  /** Read access to exactly the secrets in `needs`. */
  grantRead(grantee: iam.IGrantable, needs: SecretNeeds): void {
    if (needs.jwt) this.jwt.grantRead(grantee);
    if (needs.stripe) this.stripe.grantRead(grantee);
    if (needs.origin) this.originVerify.grantRead(grantee);
  }
}

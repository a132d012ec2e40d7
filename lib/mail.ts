import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** The sender address (context `mailFrom`). */
  readonly from: string;
  /** Create the SES identity for the address (SES e-mails a verification link on deploy). */
  readonly createIdentity: boolean;
}

/**
 * E-mail through SES. The sender is configurable; sending is allowed only from that address,
 * authorised against its address identity or its domain identity, whichever the operator verified.
 * While the account is in the SES sandbox, recipients must be verified identities too.
 */
export class Mail extends Construct {
  readonly from: string;
  private readonly identityArns: string[];

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.from;
    const domain = props.from.split('@')[1] as string;
    const identityArn = (identity: string) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    this.identityArns = [identityArn(props.from), identityArn(domain)];
    if (props.createIdentity) {
      new ses.EmailIdentity(this, 'SenderIdentity', { identity: ses.Identity.email(props.from) });
    }
  }

  /** ses:SendEmail (the SES v2 API the functions use) as the configured sender only. */
  grantSend(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendMailAsConfiguredSender',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: this.identityArns,
        conditions: { StringEquals: { 'ses:FromAddress': this.from } },
      }),
    );
  }
}

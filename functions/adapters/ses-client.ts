import { SESv2Client } from '@aws-sdk/client-sesv2';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { common, onClientReset } from './aws-clients';
import { tagDependency } from './resilience';

/** The SES v2 client (mail), created once per container; locally it points at aws-ses-v2-local. */
let ses: SESv2Client | undefined;
onClientReset(() => (ses = undefined));

export function sesClient(): SESv2Client {
  ses ??= traced(tagDependency(new SESv2Client(common(getConfig().SES_ENDPOINT)), 'SES'));
  return ses;
}

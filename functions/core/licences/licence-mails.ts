/**
 * The mails licence delivery sends: the buyer's licence mail (key, or what happens next) and the
 * developer's calls to action (empty key pool, manual access and its reminder, failed licence
 * webhook). Plain text; the texts shown in the app (section 4) are reused word for word.
 */
import { MSG } from '@shared/messages';
import { siteUrl } from '@shared/site-paths';
import type { PurchaseRecord } from '../purchases/purchase';
import type { OutgoingMail } from '../users/ports';
import type { Delivery } from './fulfilment';

interface BuyerMailInput {
  to: string;
  appName: string;
  delivery: Delivery;
  /** The developer's access instructions (manual licensing, or any app that has them). */
  instructions: string | null;
  /** What the developer sent for a manual licence: shown instead of "Access Pending". */
  accessDetails?: string | null;
  /** Bought through the guest checkout: explain how to see it in an account. */
  guest: boolean;
  /**
   * A guest's single-use "Create your practice account" link (core/users/practice-claims.ts): a
   * practice account for exactly this address, which takes the address's purchases.
   */
  claimLink?: string | null;
  /** The signed link to see or revoke the app's access to the practice's data (core/installs/access-links.ts). */
  accessLink?: string | null;
  appUrl: string;
}

/** The access link's words in the licence mail. */
export const ACCESS_LINK_TEXT = "See or revoke this app's access to your practice data";

/** The claim link's words in the licence mail (the issue's, quoted by tests). */
export const CLAIM_LINK_TEXT = 'Create your practice account';

const date = (iso: string) => iso.slice(0, 10);

/** Most characters of developer-written text a mail carries. */
export const DEVELOPER_TEXT_MAX = 2000;
export const APP_NAME_MAX = 80;
export const DEVELOPER_TEXT_NOTE = 'written by the app developer, not by Dental App Marketplace';

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;

/** One line of developer-written text (an app name): no control or direction characters, capped. */
export function developerLine(text: string, max = APP_NAME_MAX): string {
  const flat = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * A block of developer-written text: control characters removed, capped, and every line quoted
 * with "| " under a heading that says who wrote it, so it cannot pass for the platform's words.
 */
export function developerBlock(heading: string, text: string): string[] {
  const clean = text.replace(/\r\n?/g, '\n').replace(CONTROL, ' ').trim();
  const capped = clean.length > DEVELOPER_TEXT_MAX ? `${clean.slice(0, DEVELOPER_TEXT_MAX - 1)}…` : clean;
  return [`${heading} (${DEVELOPER_TEXT_NOTE}):`, ...capped.split('\n').map((l) => `| ${l}`)];
}

export function buyerLicenceMail(input: BuyerMailInput): OutgoingMail {
  const { delivery, appUrl } = input;
  const appName = developerLine(input.appName);
  const lines = [`Thank you for your purchase of ${appName}.`, ''];
  const details = input.accessDetails?.trim();
  if (delivery.license_status === 'assigned' && delivery.license_key) {
    lines.push(`Your license key: ${delivery.license_key}`);
    if (details) lines.push('', ...developerBlock('Your access details', details));
  } else if (delivery.license_status === 'active') {
    lines.push('Your license is active.');
    if (details) lines.push('', ...developerBlock('Your access details', details));
  } else if (delivery.license_status === 'out_of_stock') {
    lines.push(`${MSG.licenseUnavailable}: ${MSG.licenseUnavailableText}`);
  } else {
    lines.push(`${MSG.accessPending}: ${MSG.accessPendingText}`);
  }
  lines.push(delivery.expires_at ? `Valid until: ${date(delivery.expires_at)}` : 'Valid: no expiry');
  if (input.instructions?.trim()) lines.push('', ...developerBlock('How to get started', input.instructions));
  lines.push('', `Your purchases and license keys: ${appUrl}/marketplace/my-purchases`);
  if (input.guest && input.claimLink) {
    lines.push(
      '',
      `${CLAIM_LINK_TEXT}: ${input.claimLink}`,
      'Following the link creates a practice account for this email address, with a password you',
      'choose, and puts this license and your other purchases with this address under My Purchased',
      'Licenses. Already have an account? Sign in first, then follow the link to add them to it.',
    );
  } else if (input.guest) {
    lines.push(
      '',
      'This license is kept for this email address. To see it under My Purchased Licenses, sign up',
      `(${appUrl}/signup) or sign in with this address and confirm the address when asked.`,
    );
  }
  if (input.accessLink) {
    lines.push(
      '',
      `${ACCESS_LINK_TEXT}: ${input.accessLink}`,
      'Revoking stops your practice data reaching the app at once; the license itself stays valid.',
    );
  }
  lines.push('', 'Questions? Reply to this email or visit the support page.');
  return { to: input.to, subject: `Your license for ${appName}`, text: lines.join('\n') };
}

interface DeveloperMailInput {
  to: string;
  appName: string;
  buyerEmail: string;
  buyerName: string | null;
  purchaseId: string;
  appUrl: string;
}

const buyerLine = (i: DeveloperMailInput) =>
  `Buyer: ${i.buyerName ? `${i.buyerName} <${i.buyerEmail}>` : i.buyerEmail}`;

export function poolEmptyMail(input: DeveloperMailInput): OutgoingMail {
  return {
    to: input.to,
    subject: `Your key pool for ${input.appName} is empty`,
    text: [
      `A customer bought ${input.appName}, but its license key pool has no keys left.`,
      '',
      buyerLine(input),
      `Purchase: ${input.purchaseId}`,
      '',
      `Add license keys to the app in your dashboard (${input.appUrl}/dashboard/apps); waiting customers`,
      'receive their keys as soon as new keys are available.',
    ].join('\n'),
  };
}

export function manualAccessMail(input: DeveloperMailInput & { instructions: string | null }): OutgoingMail {
  return {
    to: input.to,
    subject: `Send access details for ${input.appName} to ${input.buyerEmail}`,
    text: [
      `A customer bought ${input.appName}. Its licensing is manual: please send them their access details`,
      'within 24 hours.',
      '',
      buyerLine(input),
      `Purchase: ${input.purchaseId}`,
      '',
      'Your licensing instructions:',
      input.instructions?.trim() || '(none given)',
    ].join('\n'),
  };
}

export function webhookFailedMail(input: DeveloperMailInput & { error: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `License webhook for ${input.appName} failed: send access details to ${input.buyerEmail} manually`,
    text: [
      `A customer bought ${input.appName}, but your license webhook did not return a license key`,
      `(${input.error}), even after retries.`,
      '',
      buyerLine(input),
      `Purchase: ${input.purchaseId}`,
      '',
      'Please send the customer their access details manually within 24 hours, and check your',
      'license webhook endpoint.',
    ].join('\n'),
  };
}

/** The developer's reminder of a manual licence still waiting for its access details (MANUAL_REMINDER_HOURS). */
export function reminderMail(input: {
  to: string;
  appName: string;
  purchase: PurchaseRecord;
  pendingSince: string;
  appUrl: string;
}): OutgoingMail {
  const { purchase } = input;
  const buyer = purchase.buyer_name ? `${purchase.buyer_name} <${purchase.buyer_email}>` : purchase.buyer_email;
  return {
    to: input.to,
    subject: `Reminder: ${purchase.buyer_email} is still waiting for access to ${input.appName}`,
    text: [
      `A customer bought ${input.appName} on ${input.pendingSince.slice(0, 16).replace('T', ' ')} UTC and is still`,
      'waiting for their access details. We promise buyers access within 24 hours.',
      '',
      `Buyer: ${buyer}`,
      `Purchase: ${purchase.id}`,
      '',
      `Send them their access details, then record them under Pending licenses in My Apps`,
      `(${siteUrl(input.appUrl, '/dashboard/apps')}): the buyer is emailed and their license turns active.`,
    ].join('\n'),
  };
}

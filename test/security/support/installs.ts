import { randomUUID } from 'node:crypto';
import { dynamoInstallStore } from '../../../functions/adapters/dynamodb/installs-repo';

/** An active install of `appId` by a guest practice at `customerEmail`, granting appointment.created. */
export async function activeGuestInstall(appId: string, appName: string, customerEmail: string): Promise<void> {
  const at = new Date().toISOString();
  await dynamoInstallStore.create({
    id: randomUUID(),
    buyer_id: `guest_${randomUUID()}`,
    app_id: appId,
    app: { id: appId, name: appName, slug: null },
    customer_email: customerEmail,
    status: 'active',
    granted: { event_types: ['appointment.created'], features: [] },
    declaration_version: null,
    installed_at: at,
    updated_at: at,
    revoked_at: null,
  });
}

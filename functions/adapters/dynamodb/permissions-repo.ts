/**
 * An app's permissions declaration: one item beside the app, PK=APP#<id>,
 * SK=DATAACCESS (GetItem / PutItem; no index).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import type { AppRecord } from '../../core/apps/app';
import { reviewedDeclaration } from '../../core/apps/reviewed-view';
import type { DeclarationSource } from '../../core/installs/permissions';
import type { PermissionsStore } from '../../core/permissions/permissions-service';
import { documentClient, tableName } from '../aws-clients';
import { deleteItem, getItem, type ItemMapper, putItem } from './dynamo';
import { appKey, permissionsKey } from './keys';

/** An app's declaration, stored whole as the developer declared it (with the catalogue's names of then). */
export const permissionsItem: ItemMapper<{ appId: string; declaration: PermissionsDeclaration }> = {
  toItem: ({ appId, declaration }) => ({
    ...permissionsKey(appId),
    entity: 'AppPermissions',
    app_id: appId,
    declaration,
  }),
  fromItem: (item) => ({ appId: String(item.app_id), declaration: item.declaration as PermissionsDeclaration }),
};

export const dynamoPermissionsStore: PermissionsStore = {
  async get(appId) {
    const res = await documentClient().send(new GetCommand({ TableName: tableName(), Key: permissionsKey(appId) }));
    return res.Item?.declaration ? permissionsItem.fromItem(res.Item).declaration : undefined;
  },
  async put(appId, declaration) {
    await putItem(permissionsItem.toItem({ appId, declaration }));
  },
  async remove(appId) {
    await deleteItem(permissionsKey(appId));
  },
};

/**
 * What practices are asked to consent to: an approved app's declaration as the admin last reviewed
 * it, while a change of it waits for review (core/apps/reviewed-view.ts); else the stored one. The
 * installs, the checkout's consent and the event routing read requested permissions through this.
 */
export const reviewedDeclarationSource: DeclarationSource = {
  async get(appId) {
    const [app, current] = await Promise.all([
      getItem(appKey(appId), { projection: ['reviewed'] }),
      dynamoPermissionsStore.get(appId),
    ]);
    return reviewedDeclaration({ reviewed: app?.reviewed as AppRecord['reviewed'] }, current) ?? undefined;
  },
};

/**
 * An app's data access declaration: one item beside the app, PK=APP#<id>,
 * SK=DATAACCESS (GetItem / PutItem; no index).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DataAccessDeclaration } from '../../../shared/schemas/data-access';
import type { AppRecord } from '../../core/apps/app';
import { reviewedDeclaration } from '../../core/apps/reviewed-view';
import type { DataAccessStore } from '../../core/data-access/data-access-service';
import type { DeclarationSource } from '../../core/installs/permissions';
import { documentClient, tableName } from '../aws-clients';
import { deleteItem, getItem, type ItemMapper, putItem } from './dynamo';
import { appKey, dataAccessKey } from './keys';

/** An app's declaration, stored whole as the developer declared it (with the catalogue's names of then). */
export const dataAccessItem: ItemMapper<{ appId: string; declaration: DataAccessDeclaration }> = {
  toItem: ({ appId, declaration }) => ({
    ...dataAccessKey(appId),
    entity: 'AppDataAccess',
    app_id: appId,
    declaration,
  }),
  fromItem: (item) => ({ appId: String(item.app_id), declaration: item.declaration as DataAccessDeclaration }),
};

export const dynamoDataAccessStore: DataAccessStore = {
  async get(appId) {
    const res = await documentClient().send(new GetCommand({ TableName: tableName(), Key: dataAccessKey(appId) }));
    return res.Item?.declaration ? dataAccessItem.fromItem(res.Item).declaration : undefined;
  },
  async put(appId, declaration) {
    await putItem(dataAccessItem.toItem({ appId, declaration }));
  },
  async remove(appId) {
    await deleteItem(dataAccessKey(appId));
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
      dynamoDataAccessStore.get(appId),
    ]);
    return reviewedDeclaration({ reviewed: app?.reviewed as AppRecord['reviewed'] }, current) ?? undefined;
  },
};

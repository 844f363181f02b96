// Licences for API tests of the prospecting calls (they sit behind the licence gate): a member gets
// one the way an administrator gives it, through /api/stripe/assignKey. When every key is taken, a
// paid key is added first, as the billing component will when a licence is bought.
import request from 'supertest';
import type { App } from '../app';
import type { Store } from '../db/types';
import type { LicenceDoc } from '../modules/licences/module';
import { markAccessChanged } from './organisations';

/** Far beyond any test clock: a paid key that stays valid. */
export const PAID_UNTIL = Date.UTC(2100, 0, 1);

type Admin = { token: string; organisationId: string };
type KeyView = { _id: string; userId?: string };

export async function grantLicence(
  t: { app: App; store: Store },
  admin: Admin,
  userId: string,
): Promise<string> {
  const post = (path: string, body: Record<string, unknown>) =>
    request(t.app)
      .post(path)
      .send({ token: admin.token, organisationId: admin.organisationId, ...body });
  const list = await post('/api/stripe/getAllKey', {});
  if (list.status !== 200) throw new Error(`getAllKey ${list.status}: ${JSON.stringify(list.body)}`);
  let free = (list.body.keys as KeyView[]).find((key) => key.userId === undefined);
  if (!free) {
    const { insertedId } = await t.store.collection<LicenceDoc>('licences').insertOne({
      organisationId: admin.organisationId,
      plan: 4,
      period: 'monthly',
      renewalAt: PAID_UNTIL,
      trial: false,
      createdAt: 0,
    });
    // As the licences repository does after each write: the organisation's copies are read again.
    await markAccessChanged(t.store, admin.organisationId);
    free = { _id: insertedId };
  }
  const res = await post('/api/stripe/assignKey', { keyId: free._id, userId });
  if (res.status !== 200) throw new Error(`assignKey ${res.status}: ${JSON.stringify(res.body)}`);
  return free._id;
}

import type { Config } from '../config';
import { openMongoStore } from './mongo-store';
import { openNedbStore } from './nedb-store';
import type { Store } from './types';

/** MongoDB when MONGODB_URI is set, otherwise the embedded store under DATA_DIR. */
export async function openStore(config: Pick<Config, 'mongodbUri' | 'dataDir'>): Promise<Store> {
  if (config.mongodbUri) return openMongoStore(config.mongodbUri);
  return openNedbStore({ dataDir: config.dataDir });
}

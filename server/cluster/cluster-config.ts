import path from 'node:path';
import * as z from 'zod';
import {
  dataDirSetting,
  databaseUrlSetting,
  flagSetting,
  localUrl,
  parseSettings,
  portSetting,
  publicUrlSetting,
  secretSetting,
  spaDirSetting,
  wholeNumberSetting,
} from '../config.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** More instances than two cores and one PostgreSQL serve: past it, the start is a mistake. */
export const maxClusterSize = 8;

const clusterSettings = z.object({
  CLUSTER_SIZE: wholeNumberSetting(1, maxClusterSize).default(2),
  // HAProxy binds the port itself: it has to be a real one.
  PORT: portSetting(1).default(3000),
  DATA_DIR: dataDirSetting.default(() => path.join(root, '.data/cluster')),
  DATABASE_URL: databaseUrlSetting.optional(),
  JWT_SECRET: secretSetting.optional(),
  PAYMENT_WEBHOOK_SECRET: secretSetting.optional(),
  PUBLIC_URL: publicUrlSetting.optional(),
  DEMO_DATA: flagSetting.optional(),
  SPA_DIR: spaDirSetting.optional(),
});

export interface ClusterConfig {
  size: number;
  port: number;
  dataDir: string;
  /** Unset: the cluster's own PostgreSQL in DATA_DIR/postgres. */
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  paymentWebhookSecret: string | undefined;
  publicUrl: string;
  /** By default on the cluster's own PostgreSQL only, as the embedded database of a single server. */
  demoData: boolean;
  spaDir: string | undefined;
}

/** `npm run start:cluster`'s settings: the server's own schemas (server/config.ts), read once here. */
export function readClusterConfig(env: NodeJS.ProcessEnv = process.env): ClusterConfig {
  const settings = parseSettings(clusterSettings, env);
  return {
    size: settings.CLUSTER_SIZE,
    port: settings.PORT,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    jwtSecret: settings.JWT_SECRET,
    paymentWebhookSecret: settings.PAYMENT_WEBHOOK_SECRET,
    publicUrl: settings.PUBLIC_URL ?? localUrl(settings.PORT),
    demoData: settings.DEMO_DATA ?? settings.DATABASE_URL === undefined,
    spaDir: settings.SPA_DIR,
  };
}

import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { AppConfig } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';

/** Everything a handler may use, built once at start (or per test) and passed in: no module-level singletons. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  auth: Auth;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  version: string;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  twoFactorEnabled: boolean;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    clientIp: string;
    user: SignedInUser | null;
  };
};

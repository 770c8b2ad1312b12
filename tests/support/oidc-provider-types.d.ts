// The few parts of oidc-provider 9 the tests use (the package ships no type declarations).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    findAccount(context: unknown, id: string): Promise<Account>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: 'server_error', listener: (context: unknown, error: Error) => void): void;
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a local port, standing in for a school's identity
 * provider in tests. Its development login form accepts any login name; the name is the e-mail it vouches for.
 */
export async function startTestOidcProvider(options: { port?: number; clientId: string; clientSecret: string; redirectUri: string }) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['crosswalk-test-oidc-cookie-key'] },
    pkce: { required: () => true },
    async findAccount(_context, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: true, name: `Staff ${id.split('@')[0]}` };
        },
      };
    },
  });
  provider.on('server_error', (_context, error) => console.error('test OIDC provider error:', error));
  server.on('request', provider.callback());
  return {
    issuer,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

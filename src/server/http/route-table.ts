import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { requireAccess } from './require-access';

/**
 * Who may call a route. Declared once per route, here, so the authorization-matrix test can read
 * the whole table: a route added without an access level does not compile, and one without a matrix entry fails the test.
 */
export type Access = 'public' | 'signed-in' | 'student' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  method: Method;
  path: string;
  access: Access;
}

export class RouteTable {
  readonly entries: RouteEntry[] = [];
  constructor(private readonly app: Hono<AppEnv>) {}

  add(method: Method, path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.entries.push({ method, path, access });
    // Hono's typed overloads do not accept a spread of handlers: the cast keeps one generic registration point.
    (this.app.on as (method: string, path: string, ...rest: unknown[]) => void)(method, path, requireAccess(access), ...handlers);
  }

  get(path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.add('GET', path, access, ...handlers);
  }
  post(path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.add('POST', path, access, ...handlers);
  }
  put(path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.add('PUT', path, access, ...handlers);
  }
  patch(path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.add('PATCH', path, access, ...handlers);
  }
  delete(path: string, access: Access, ...handlers: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) {
    this.add('DELETE', path, access, ...handlers);
  }
}

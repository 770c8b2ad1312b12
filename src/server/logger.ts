/** Structured JSON logs in UTC, one line per event, with OWASP vocabulary event names (authn_login_fail, authz_fail…). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const log = (at: LogLevel) => (event: string, fields: Record<string, unknown> = {}) => {
    if (order[at] < order[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields }));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

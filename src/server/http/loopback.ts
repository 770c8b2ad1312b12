/**
 * A host name or address only this machine answers to: localhost (and *.localhost), 127.0.0.0/8 and ::1, also as an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) or in brackets ([::1]).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Which hosts are this machine: plain http:// to them never leaves it. One list for the
 * registry's download policy and for where a remote agent's secret may go.
 */

/** `hostname` as `URL` gives it (an IPv6 address in brackets or not): localhost, ::1 or 127.0.0.0/8. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

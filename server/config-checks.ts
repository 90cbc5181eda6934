/**
 * What every setting's check is (server/config.ts reads each variable through one), and the
 * checks more than one area uses.
 */

export type Check<T> = (value: string | undefined) => { value: T } | { error: string };
export const ok = <T>(value: T) => ({ value });
export const fail = (error: string) => ({ error });

/** A switch that is on unless set to "off" (RATE_LIMIT, AUTO_REPLY). */
export const onOff: Check<boolean> = (v) =>
  v === undefined || v === "on"
    ? ok(true)
    : v === "off"
      ? ok(false)
      : fail('must be "on" or "off"');
export const anyText: Check<string | undefined> = (v) => ok(v);

/**
 * Plain http (or imap) carries a password in the clear: only to this machine, where nothing
 * on the wire can read it.
 */
export const isLoopbackHost = (hostname: string) =>
  /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(hostname);

// `npm run hv:check`: a dry run of the hypervisor link with the service's own settings. Checks
// that the request server takes a connection, that SMAPI_USER may call it
// (Query_API_Functional_Level over the wire protocol) and that CP commands reach CP (QUERY
// USERID through the transport's cp()); prints what works and what does not, and exits 1 when
// anything fails (2 when the settings themselves are unusable). Changes nothing.
import 'reflect-metadata';
import { ConfigError, loadConfig, type Config } from '#config';
import {
  createHypervisorTransport,
  WireClient,
  wireClientOptions,
  WireSocket,
  type WireClientOptions,
} from '#hypervisor';

/** What the request server's codes on an authenticated call mean to whoever set it up. */
const WHY: Record<string, string> = {
  '100/0': 'not authorised by the external security manager',
  '100/12': 'not authorised by the directory manager',
  '100/16': 'not authorised by the request server (its authorisation list lacks SMAPI_USER)',
  '120/0': 'userid or password not valid (SMAPI_USER, SMAPI_PASSWORD_FILE)',
  '128/0': 'the password of SMAPI_USER has expired',
};

let failed = false;
const pass = (what: string): void => console.log(`ok    ${what}`);
const fail = (what: string): void => {
  failed = true;
  console.log(`FAIL  ${what}`);
};
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The request server accepts a connection (and the TLS handshake, with SMAPI_CA_FILE). */
async function connection(opts: WireClientOptions): Promise<boolean> {
  const where = `${opts.host}:${opts.port} (${opts.ca ? 'TLS' : 'TCP'})`;
  try {
    const socket = await WireSocket.open(opts, opts.connectTimeoutMs);
    socket.close();
    pass(`request server ${where} accepts connections`);
    return true;
  } catch (e) {
    fail(`request server ${where}: ${message(e)}`);
    return false;
  }
}

/** One authenticated call that changes nothing: its reason code is the API level. */
async function authorisation(opts: WireClientOptions): Promise<void> {
  // One attempt: the dry run reports the link as it is now, without the resend schedule.
  const wire = new WireClient({ ...opts, retryDelaysMs: [0] });
  try {
    const { rc, rs } = await wire.call('Query_API_Functional_Level', opts.userid);
    if (rc === 0) {
      pass(`Query_API_Functional_Level as ${opts.userid}: authorised, API level ${rs}`);
    } else {
      const why = WHY[`${rc}/${rs}`] ?? 'refused';
      fail(`Query_API_Functional_Level as ${opts.userid}: rc ${rc} rs ${rs}: ${why}`);
    }
  } catch (e) {
    fail(`Query_API_Functional_Level: ${message(e)}`);
  }
}

/** CP through the same transport the workers use. */
async function cp(cfg: Config): Promise<void> {
  try {
    const transport = await createHypervisorTransport(cfg);
    const reply = await transport.cp('QUERY USERID');
    if (reply.rc === 0) pass(`CP QUERY USERID: ${reply.lines.join(' ').trim()}`);
    else fail(`CP QUERY USERID: rc ${reply.rc} ${reply.lines.join(' ').trim()}`);
  } catch (e) {
    fail(`CP QUERY USERID: ${message(e)}`);
  }
}

async function main(): Promise<number> {
  let cfg: Config;
  let opts: WireClientOptions;
  try {
    cfg = loadConfig();
    if (cfg.HV_TRANSPORT !== 'smapi') {
      console.log('FAIL  HV_TRANSPORT is not smapi: set it and the SMAPI_* settings to check');
      return 2;
    }
    opts = await wireClientOptions(cfg);
  } catch (e) {
    console.log(`FAIL  settings: ${e instanceof ConfigError ? e.message : message(e)}`);
    return 2;
  }
  pass(`settings: SMAPI_USER ${opts.userid}, password file readable`);
  if (await connection(opts)) await authorisation(opts);
  else fail('Query_API_Functional_Level: not tried (no connection)');
  await cp(cfg);
  console.log(failed ? 'hypervisor link: NOT ready' : 'hypervisor link: ready');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

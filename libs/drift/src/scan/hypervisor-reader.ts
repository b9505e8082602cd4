import { Injectable } from '@nestjs/common';
import { isUserid, toUserid } from '#envelope';
import { SystemsManagement, isSmapi } from '#hypervisor';
import type { DatabaseFacts, HypervisorFacts } from '../domain/facts.js';
import { fcpOf } from '../domain/directory-statements.js';
import type { ReadScope } from './read-scope.js';

/** Directory entries read at once: a short query each, kept from crowding other callers out. */
const ENTRIES_AT_ONCE = 8;

const upper = (s: string): string => s.trim().toUpperCase();

/** `(NONE)` and blanks are how the API says a list is empty. */
const isName = (s: string): boolean => /^[A-Z0-9@#$_-]{1,8}$/.test(s);

/**
 * Reads the hypervisor for the drift report, with the calls the service makes elsewhere: the
 * directory's users (Image_Name_Query_DM), the entries of the users compared (Image_Query_DM),
 * the FCP devices (System_WWPN_Query) and the vswitches' grants (Virtual_Network_Vswitch_Query,
 * _Query_Extended). Reads only.
 */
@Injectable()
export class HypervisorReader {
  constructor(private readonly hv: SystemsManagement) {}

  async read(db: DatabaseFacts, prefix: string, scope: ReadScope = {}): Promise<HypervisorFacts> {
    const users = new Set((await this.hv.imageNameQueryDM()).map(upper));
    const [entries, fcps, grants] = await Promise.all([
      this.entries(this.toRead(users, db, prefix, scope)),
      scope.fcps === false ? null : this.fcps(),
      scope.grants === false ? null : this.grants(),
    ]);
    return { users, entries, fcps, grants };
  }

  /**
   * The users whose statements the comparison needs: every row's guest (its NICs and FCPs), the
   * prefix's users (FCPs dedicated to an unknown guest) and the holders of FCPs with
   * connections; those in the directory, under a userid the API takes.
   */
  private toRead(
    users: ReadonlySet<string>,
    db: DatabaseFacts,
    prefix: string,
    scope: ReadScope,
  ): string[] {
    const wanted = new Set([
      ...db.guests.filter((g) => !g.migrated).map((g) => upper(g.userid)),
      ...(prefix ? [...users].filter((u) => u.startsWith(prefix)) : []),
      ...db.fcps.filter((f) => f.connections > 0).map((f) => upper(f.assignerId)),
    ]);
    return [...wanted].filter(
      (u) => users.has(u) && isUserid(u) && (!scope.entriesOf || scope.entriesOf.has(u)),
    );
  }

  private async entries(userids: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (let i = 0; i < userids.length; i += ENTRIES_AT_ONCE) {
      await Promise.all(
        userids.slice(i, i + ENTRIES_AT_ONCE).map(async (u) => {
          try {
            out.set(u, await this.hv.imageQueryDM(toUserid(u)));
          } catch (e) {
            if (!isSmapi(e, [400, 4])) throw e; // deleted since the list was read: not there
          }
        }),
      );
    }
    return out;
  }

  private async fcps(): Promise<Map<string, { owner: string | null; state: string }>> {
    const { devices } = await this.hv.systemWwpnQuery();
    return new Map(
      devices.map((d) => {
        const owner = upper(d.owner);
        return [
          fcpOf(d.fcpId),
          { owner: isName(owner) && owner !== 'NONE' ? owner : null, state: d.state },
        ];
      }),
    );
  }

  private async grants(): Promise<Map<string, Set<string>>> {
    const names = await this.hv.vswitchNames().catch((e: unknown) => {
      if (isSmapi(e, [212, 40])) return []; // none defined
      throw e;
    });
    const out = new Map<string, Set<string>>();
    for (const name of names.map(upper)) {
      const info = await this.hv.vswitchQuery(name).catch((e: unknown) => {
        if (isSmapi(e, [212, 40])) return null; // deleted since the list was read
        throw e;
      });
      if (!info) continue;
      out.set(name, new Set(info.authorizedUsers.map((a) => upper(a.grantUserid)).filter(isName)));
    }
    return out;
  }
}

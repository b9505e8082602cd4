/** Preferences of an RFC 7240 `Prefer` header that the operations API honours. */
export interface Preferences {
  respondAsync: boolean;
  /** Seconds the client is willing to wait (`wait=N`). */
  wait?: number;
  /** `handling=strict`: refuse (409) rather than queue behind the guest's other operations. */
  strict?: boolean;
}

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { respondAsync: false };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const item of raw.split(/[,;]/)) {
    const [k, v] = item
      .trim()
      .split('=', 2)
      .map((s) => s?.trim().replace(/^"|"$/g, ''));
    if (!k) continue;
    const key = k.toLowerCase();
    if (key === 'respond-async') prefs.respondAsync = true;
    else if (key === 'wait' && v && /^\d+$/.test(v)) prefs.wait = Number(v);
    else if (key === 'handling' && v?.toLowerCase() === 'strict') prefs.strict = true;
  }
  return prefs;
}

/** The Preference-Applied value for what was honoured, or undefined. */
export function preferenceApplied(p: Preferences): string | undefined {
  const applied = [
    p.respondAsync ? 'respond-async' : p.wait !== undefined ? `wait=${p.wait}` : '',
    p.strict ? 'handling=strict' : '',
  ].filter(Boolean);
  return applied.length ? applied.join(', ') : undefined;
}

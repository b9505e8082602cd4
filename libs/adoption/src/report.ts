import type { ConfigTranslation } from './config/zvmsdk-config.js';
import type { AdoptionResult } from './adoption.service.js';
import { KINDS } from './plan/plan.types.js';

const HEADLINE: Record<AdoptionResult['status'], string> = {
  'dry-run': 'Dry run: nothing was written. This is what adopt would do:',
  conflicts:
    'Stopped before any write: these records conflict with ours (say which wins with --prefer ours|theirs):',
  nothing: 'Nothing to adopt: every record is here already (or skipped, see below).',
  adopted: 'Adopted, in one transaction:',
};

/** The report as people read it. */
export function formatReport(r: AdoptionResult): string {
  const lines = [HEADLINE[r.status]];
  for (const c of r.plan.conflicts) {
    lines.push(`  conflict ${c.kind} ${c.key}`, `    ours:   ${c.ours}`, `    theirs: ${c.theirs}`);
  }
  for (const m of r.plan.missing) lines.push(`  ${m} not found: that part is skipped`);
  for (const kind of KINDS) {
    const k = r.plan.report[kind];
    const verb = r.status === 'adopted' ? 'adopted' : 'to adopt';
    lines.push(
      `${kind}: ${k.adopted.length} ${verb}, ${k.present.length} already present, ${k.skipped.length} skipped`,
    );
    if (k.adopted.length) lines.push(`  ${verb}: ${k.adopted.join(', ')}`);
    if (k.present.length) lines.push(`  already present: ${k.present.join(', ')}`);
    for (const s of k.skipped) lines.push(`  skipped ${s.key}: ${s.reason}`);
  }
  for (const w of r.plan.warnings) lines.push(`warning: ${w}`);
  return `${lines.join('\n')}\n`;
}

/** The report for programs (`--json`). */
export function jsonReport(r: AdoptionResult | undefined, config?: ConfigTranslation): string {
  const adoption = r && {
    status: r.status,
    missing: r.plan.missing,
    conflicts: r.plan.conflicts,
    warnings: r.plan.warnings,
    ...r.plan.report,
  };
  return `${JSON.stringify({ ...adoption, ...(config && { config }) }, null, 2)}\n`;
}

/** The settings a zvmsdk.conf translates into, as lines of an environment file. */
export function formatConfig(t: ConfigTranslation): string {
  const lines = ["# this service's settings from the reference's configuration"];
  for (const s of t.settings) lines.push(`${s.env}=${s.value}  # ${s.from}`);
  for (const u of t.unmatched) lines.push(`# ${u.from}: ${u.note}`);
  return `${lines.join('\n')}\n`;
}

// docs/configuration.md is generated from AppConfig (libs/config/src/app-config.ts), so the
// reference cannot drift from the settings the service reads: each property is a variable, its
// initializer the default, its JSDoc the meaning, its validators the accepted values, and the
// class's `// ---- section ----` comments the sections. `npm run docs:config` writes the file;
// scripts/configuration-doc.spec.ts fails when the file differs from what this renders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { QUEUE_CONCURRENCY } from '#jobs';

export const CONFIG_SOURCE = 'libs/config/src/app-config.ts';
export const CONFIG_DOC = 'docs/configuration.md';
export const REGENERATE = 'npm run docs:config';

/** One setting as the document shows it. */
export interface Setting {
  section: string;
  name: string;
  default: string;
  values: string;
  meaning: string;
}

/** Defaults that live elsewhere than the initializer (an empty list there means "the catalogue's"). */
const DEFAULT_FROM: Record<string, () => string> = {
  QUEUE_CONCURRENCY: () =>
    Object.entries(QUEUE_CONCURRENCY)
      .map(([queue, n]) => `${queue}=${n}`)
      .join(','),
  WORKER_QUEUES: () => Object.keys(QUEUE_CONCURRENCY).join(','),
};

/** The settings of AppConfig in declaration order; throws on one without JSDoc. */
export function readSettings(source: string): Setting[] {
  const file = ts.createSourceFile(CONFIG_SOURCE, source, ts.ScriptTarget.Latest, true);
  const cls = file.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === 'AppConfig',
  );
  if (!cls) throw new Error(`${CONFIG_SOURCE}: class AppConfig not found`);
  const settings: Setting[] = [];
  const missing: string[] = [];
  let section = '';
  for (const member of cls.members) {
    section = sectionBefore(source, member) ?? section;
    if (!ts.isPropertyDeclaration(member)) continue;
    const name = member.name.getText(file);
    const doc = jsDocText(member);
    if (!doc) {
      missing.push(name);
      continue;
    }
    const stated = /\s*Default: (.+?)\.?$/.exec(doc);
    const meaning = stated ? doc.slice(0, stated.index) : doc;
    const elsewhere = DEFAULT_FROM[name];
    settings.push({
      section,
      name,
      default: elsewhere
        ? codeOf(elsewhere())
        : stated
          ? codeOf(stated[1])
          : defaultOf(member.initializer, file),
      values: valuesOf(member, file),
      meaning: meaning.trim(),
    });
  }
  if (missing.length)
    throw new Error(`${CONFIG_SOURCE}: add JSDoc (its meaning) to ${missing.join(', ')}`);
  return settings;
}

/** The `// ---- name ----` comment among a member's leading comments, if any. */
function sectionBefore(source: string, member: ts.Node): string | undefined {
  let found: string | undefined;
  for (const range of ts.getLeadingCommentRanges(source, member.getFullStart()) ?? []) {
    const m = /^\/\/ -{2,} (.+?) -{2,}$/.exec(source.slice(range.pos, range.end).trim());
    if (m) found = m[1];
  }
  return found;
}

function jsDocText(member: ts.Node): string {
  const docs = (member as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return docs
    .map((d) => ts.getTextOfJSDocComment(d.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function defaultOf(init: ts.Expression | undefined, file: ts.SourceFile): string {
  if (!init) return '(unset)';
  if (ts.isStringLiteral(init)) return init.text === '' ? '(empty)' : codeOf(init.text);
  if (ts.isArrayLiteralExpression(init)) {
    const items = init.elements.map((e) => (ts.isStringLiteral(e) ? e.text : e.getText(file)));
    return items.length ? codeOf(items.join(',')) : '(empty)';
  }
  const n = numberOf(init);
  return codeOf(n === undefined ? init.getText(file) : String(n));
}

/** A numeric initializer (`64 * 1024 ** 3`, `3 * 86_400`) as the number it is. */
function numberOf(e: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isParenthesizedExpression(e)) return numberOf(e.expression);
  if (ts.isBinaryExpression(e)) {
    const [a, b] = [numberOf(e.left), numberOf(e.right)];
    if (a === undefined || b === undefined) return undefined;
    const kind = e.operatorToken.kind;
    if (kind === ts.SyntaxKind.AsteriskToken) return a * b;
    if (kind === ts.SyntaxKind.AsteriskAsteriskToken) return a ** b;
    if (kind === ts.SyntaxKind.PlusToken) return a + b;
  }
  return undefined;
}

/** What the validators accept, where they say it briefly: @IsIn's list, @Min/@Max of numbers. */
function valuesOf(member: ts.PropertyDeclaration, file: ts.SourceFile): string {
  const calls = new Map<string, readonly ts.Expression[]>();
  for (const d of ts.getDecorators(member) ?? []) {
    if (ts.isCallExpression(d.expression))
      calls.set(d.expression.expression.getText(file), d.expression.arguments);
  }
  const isIn = calls.get('IsIn')?.[0];
  if (isIn && ts.isArrayLiteralExpression(isIn))
    return isIn.elements
      .map((e) => codeOf(ts.isStringLiteral(e) ? e.text : e.getText(file)))
      .join(', ');
  const kind = calls.has('IsInt') ? 'integer' : calls.has('IsNumber') ? 'number' : undefined;
  if (!kind) return '';
  const min = calls.get('Min')?.[0];
  const max = calls.get('Max')?.[0];
  const [lo, hi] = [min && numberOf(min), max && numberOf(max)];
  if (lo !== undefined && hi !== undefined) return `${kind} ${lo}–${hi}`;
  if (lo !== undefined) return `${kind} ≥ ${lo}`;
  return kind;
}

/** Code unless it holds code already (a JSDoc default may). */
function codeOf(text: string): string {
  return text.includes('`') ? text : `\`${text}\``;
}

/** A table cell: pipes escaped, `<…>` outside code spans kept from reading as HTML. */
function cell(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('')
    .replace(/\|/g, '\\|');
}

/** The whole document, formatted as Prettier formats the repository's markdown. */
export async function renderConfigurationDoc(root: string): Promise<string> {
  const settings = readSettings(readFileSync(join(root, CONFIG_SOURCE), 'utf8'));
  const sections = [...new Set(settings.map((s) => s.section))];
  const lines = [
    '# Configuration',
    '',
    `<!-- Generated from ${CONFIG_SOURCE} by \`${REGENERATE}\`; do not edit by hand. -->`,
    '',
    'Every process reads its settings from environment variables, or from a JSON object of the',
    'same names in the file named by `CONFIG_FILE` (the environment wins). They are validated at',
    'start-up, and every bad setting is listed before the process stops. Paths that default below',
    '`DATA_DIR` follow it. Besides these: the OpenTelemetry SDK reads its own `OTEL_BSP_*` and',
    '`OTEL_EXPORTER_OTLP_HEADERS`, and `hvctl` its `HVCTL_*` settings ([hvctl.md](hvctl.md)).',
    '',
    sections.map((s) => `- [${s}](#${slug(s)})`).join('\n'),
  ];
  for (const section of sections) {
    lines.push(
      '',
      `## ${section}`,
      '',
      '| variable | default | accepts | meaning |',
      '| --- | --- | --- | --- |',
    );
    for (const s of settings.filter((x) => x.section === section))
      lines.push(`| \`${s.name}\` | ${cell(s.default)} | ${cell(s.values)} | ${cell(s.meaning)} |`);
  }
  const options = (await prettier.resolveConfig(join(root, CONFIG_DOC))) ?? {};
  return prettier.format(lines.join('\n') + '\n', { ...options, parser: 'markdown' });
}

/** GitHub's heading anchor (see also scripts/markdown-links.ts). */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

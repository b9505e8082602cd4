import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '#config';
import {
  CONFIG_DOC,
  CONFIG_SOURCE,
  readSettings,
  REGENERATE,
  renderConfigurationDoc,
} from './configuration-doc.js';

// docs/configuration.md is AppConfig rendered: a setting added, renamed, re-defaulted or
// re-described without regenerating the document fails here.
describe('docs/configuration.md', () => {
  const root = repoRoot();

  it('is what the generator makes of AppConfig', async () => {
    const expected = await renderConfigurationDoc(root);
    const file = join(root, CONFIG_DOC);
    const actual = existsSync(file) ? readFileSync(file, 'utf8') : '(missing)';
    if (actual !== expected)
      throw new Error(`${CONFIG_DOC} is out of date with ${CONFIG_SOURCE}: run \`${REGENERATE}\``);
  });

  it('lists every setting of AppConfig with its default and meaning', () => {
    const settings = readSettings(readFileSync(join(root, CONFIG_SOURCE), 'utf8'));
    const names = settings.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'REDIS_URL', 'GET_FCP_PAIR_WITH_SAME_INDEX']),
    );
    const port = settings.find((s) => s.name === 'PORT');
    expect(port).toMatchObject({ section: 'api', default: '`8080`', values: 'integer 0–65535' });
    expect(settings.find((s) => s.name === 'IMAGE_MAX_BYTES')?.default).toBe('`68719476736`');
    expect(settings.find((s) => s.name === 'TOKEN_PATH')?.default).toBe('`<DATA_DIR>/token.dat`');
    for (const s of settings) expect(s.meaning).not.toBe('');
  });

  it('refuses a setting without JSDoc, naming it', () => {
    const source = `export class AppConfig {\n  // ---- api ----\n  /** Documented. */\n  A = 1;\n  B = 2;\n}\n`;
    expect(() => readSettings(source)).toThrow(/add JSDoc .* to B$/);
  });
});

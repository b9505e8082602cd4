// `npm run docs:config`: writes docs/configuration.md from AppConfig (scripts/configuration-doc.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { CONFIG_DOC, renderConfigurationDoc } from './configuration-doc.js';

const root = repoRoot();
writeFileSync(join(root, CONFIG_DOC), await renderConfigurationDoc(root));
console.log(`wrote ${CONFIG_DOC}`);

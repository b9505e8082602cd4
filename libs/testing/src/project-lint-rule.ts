import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '#config';

/**
 * The messages of one rule of eslint.config.js, as the project config applies it to a file at
 * `path`, for `code` given here: the lint specs run each rule on deliberate violations
 * (type-aware rules stay out: too slow).
 */
export async function projectRuleMessages(
  ruleName: string,
  path: string,
  code: string,
): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot() });
  const cfg = (await eslint.calculateConfigForFile(path)) as { rules?: Linter.RulesRecord };
  const rule = cfg.rules?.[ruleName];
  if (!rule) return [];
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        rules: { [ruleName]: rule },
      },
    ],
    { filename: path },
  );
  return messages.map((m) => m.message);
}

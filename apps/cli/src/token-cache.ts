import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Seconds before its `exp` at which a cached token counts as expired (clock skew, slow calls). */
const MARGIN_S = 30;

type Cache = Record<string, string>;

/** `exp` of a JWT (seconds), or 0 when it cannot be read: such a token is never reused. */
function expiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : 0;
  } catch {
    return 0;
  }
}

/** Short-lived tokens kept between runs, one per service URL, in a 0600 file. */
export class TokenCache {
  constructor(private readonly file: string) {}

  private async read(): Promise<Cache> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as Cache;
    } catch {
      return {};
    }
  }

  /** The cached token for `url` while it has more than MARGIN_S to live. */
  async get(url: string): Promise<string | undefined> {
    const token = (await this.read())[url];
    return token && expiry(token) - MARGIN_S > Date.now() / 1000 ? token : undefined;
  }

  async put(url: string, token: string): Promise<void> {
    const cache = await this.read();
    cache[url] = token;
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFile(this.file, JSON.stringify(cache), { mode: 0o600 });
    await chmod(this.file, 0o600); // an existing file keeps its mode on write
  }

  async drop(url: string): Promise<void> {
    const cache = await this.read();
    if (!(url in cache)) return;
    delete cache[url];
    await writeFile(this.file, JSON.stringify(cache), { mode: 0o600 });
  }
}

import { spawn } from 'node:child_process';

/**
 * Copies with scp: `scp -q -P <port> -o BatchMode=yes [sshOptions] -- <from> <to>`, spawned with an argument
 * array (never a shell). BatchMode makes a missing key or unknown host fail at once instead of
 * prompting. Rejects with the tail of scp's stderr.
 */
export function scpCopy(
  binary: string,
  port: number,
  from: string,
  to: string,
  sshOptions: readonly string[] = [],
): Promise<void> {
  const args = ['-q', '-P', String(port), '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=30'];
  args.push(...sshOptions);
  const child = spawn(binary, [...args, '--', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (e) => reject(new Error(`cannot run ${binary}: ${e.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const why = stderr.trim() || `exit ${code ?? signal}`;
      reject(new Error(`scp failed: ${why}`));
    });
  });
}

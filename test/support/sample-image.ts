import { createHash } from 'node:crypto';
import { e2eGraph } from './e2e-graph.js';
import type { TestStack } from './stack.js';

/**
 * The images lib's sample images, from the e2e bundle: imported from '#images', each test file
 * loaded that lib's whole graph (the hypervisor client, the operations, Nest) to make a file.
 */
export const { SAMPLE_OS_RELEASE, sampleImageStream, writeSampleImage } = await e2eGraph();

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Uploads and imports a 10-cylinder image whose disk carries an OS (rhel9.0), so that guests
 * deployed from it boot something that answers over IUCV.
 */
export async function importSampleImage(stack: TestStack, name: string): Promise<void> {
  const image = await collect(
    sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 6 }),
  );
  const up = await fetch(`${stack.url}/files`, {
    method: 'PUT',
    headers: { 'x-auth-token': await stack.token(), 'content-type': 'application/octet-stream' },
    body: image,
  });
  const file = ((await up.json()) as { output: { dest_url: string } }).output;
  const md5sum = createHash('md5').update(image).digest('hex');
  const imported = await stack.http('POST', '/images', {
    body: {
      image: {
        image_name: name,
        url: file.dest_url,
        image_meta: { os_version: 'rhel9.0', md5sum },
      },
    },
  });
  if (imported.status !== 200)
    throw new Error(`import of ${name}: ${JSON.stringify(imported.body)}`);
}

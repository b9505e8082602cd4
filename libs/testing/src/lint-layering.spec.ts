import { projectRuleMessages } from './project-lint-rule.js';

/** The import layering of eslint.config.js holds: its rule, run on deliberate violations. */
const restrictedImports = (path: string, code: string): Promise<string[]> =>
  projectRuleMessages('no-restricted-imports', path, code);

describe('import layering (lint)', () => {
  it('refuses a lib importing an app', async () => {
    const found = await restrictedImports(
      'libs/testing/src/fixture.ts',
      "import { createSimulator } from '../../../apps/hv-simulator/src/index.js';\n",
    );
    expect(found.join('\n')).toMatch(/never imports an app/);
  });

  it('refuses a lib reaching into another lib instead of its index', async () => {
    const found = await restrictedImports(
      'libs/volumes/src/fixture.ts',
      "import { FcpRepository } from '../../persistence/src/fcp.repository.js';\n",
    );
    expect(found.join('\n')).toMatch(/public index/);
  });

  it('refuses the Prisma client outside libs/persistence', async () => {
    const found = await restrictedImports(
      'libs/guests/src/fixture.ts',
      "import { PrismaClient } from '@prisma/client';\n",
    );
    expect(found.join('\n')).toMatch(/Only libs\/persistence/);
    const inApp = await restrictedImports(
      'apps/api/src/fixture.ts',
      "import type { Guest } from '../../../libs/persistence/src/generated/sqlite/client.js';\n",
    );
    expect(inApp.length).toBeGreaterThan(0);
  });

  it('keeps libs/telemetry low: the hypervisor and operations import it, not the reverse', async () => {
    const found = await restrictedImports(
      'libs/telemetry/src/fixture.ts',
      "import { SystemsManagement } from '#hypervisor';\nimport { loadConfig } from '#config';\n",
    );
    expect(found).toEqual([expect.stringMatching(/Layer order/)]);
  });

  it('lets libs use the public indexes, and persistence its own client', async () => {
    expect(
      await restrictedImports(
        'libs/volumes/src/fixture.ts',
        "import { FcpRepository } from '#persistence';\nimport { x } from './domain/x.js';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'libs/persistence/src/fixture.ts',
        "import { PrismaClient } from './generated/sqlite/client.js';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a lib importing a lib of its own tier or above (layer order)', async () => {
    const up = await restrictedImports(
      'libs/persistence/src/fixture.ts',
      "import { OperationsService } from '#operations';\n",
    );
    expect(up.join('\n')).toMatch(/Layer order/);
    const sideways = await restrictedImports(
      'libs/jobs/src/fixture.ts',
      "import { SystemsManagement } from '#hypervisor';\n",
    );
    expect(sideways.join('\n')).toMatch(/Layer order/);
    const featureUp = await restrictedImports(
      'libs/guests/src/fixture.ts',
      "import { NicsService } from '#network';\n",
    );
    expect(featureUp.join('\n')).toMatch(/Layer order/);
    expect(
      await restrictedImports(
        'libs/network/src/fixture.ts',
        "import { GuestsService } from '#guests';\nimport { loadConfig } from '#config';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the api and worker sides of libs/operations apart (issue #24)', async () => {
    const workerToApi = await restrictedImports(
      'libs/operations/src/worker/fixture.ts',
      "import { JobWaiter } from '../api/job-waiter.service.js';\n",
    );
    expect(workerToApi).toEqual([expect.stringMatching(/worker\/ never imports api\//)]);
    const apiToWorker = await restrictedImports(
      'libs/operations/src/api/events/fixture.spec.ts',
      "import { OperationRunner } from '../../worker/operation-runner.js';\n",
    );
    expect(apiToWorker).toEqual([expect.stringMatching(/api\/ never imports worker\//)]);
    for (const [path, code] of [
      ['libs/operations/src/fixture.ts', "import { Accepted } from './api/accepted.js';\n"],
      ['libs/operations/src/coordination/fixture.ts', "import { x } from '../worker/x.js';\n"],
    ]) {
      const found = await restrictedImports(path, code);
      expect(found).toEqual([expect.stringMatching(/shared code imports neither/)]);
    }
  });

  it('lets both sides use the shared files, and the module import both sides', async () => {
    expect(
      await restrictedImports(
        'libs/operations/src/api/fixture.ts',
        "import { operationView } from '../operation-view.js';\nimport { GuestTurns } from '../coordination/guest-turns.service.js';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'libs/operations/src/worker/prune/fixture.ts',
        "import type { OperationJobData } from '../../job-data.js';\nimport { x } from '../y.js';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'libs/operations/src/operations.module.ts',
        "import { A } from './api/a.js';\nimport { W } from './worker/w.js';\n",
      ),
    ).toEqual([]);
    // the sides keep the rules of every lib
    const up = await restrictedImports(
      'libs/operations/src/worker/fixture.ts',
      "import { GuestsService } from '#guests';\n",
    );
    expect(up.join('\n')).toMatch(/Layer order/);
  });

  it('holds tests, benches and scripts to the public indexes too', async () => {
    for (const path of ['bench/fixture.ts', 'scripts/fixture.ts', 'test/fixture.e2e-spec.ts']) {
      const found = await restrictedImports(
        path,
        "import { PrismaService } from '../libs/persistence/src/prisma.service.js';\n",
      );
      expect(found.join('\n')).toMatch(/public index/);
    }
    expect(
      await restrictedImports(
        'bench/fixture.ts',
        "import { tempSqlite } from '#persistence/testing';\n",
      ),
    ).toEqual([]);
  });
});

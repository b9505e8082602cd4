import { Module } from '@nestjs/common';
import { GuestChangesService } from './actions/guest-changes.service.js';
import { GuestActionsController } from './actions/guest-actions.controller.js';
import { GuestActionsService } from './actions/guest-actions.service.js';
import { GuestsController } from './lifecycle/guests.controller.js';
import { GuestDisksController } from './disks/guest-disks.controller.js';
import { GuestDisksService } from './disks/guest-disks.service.js';
import { DirectoryChecks } from './lifecycle/directory-checks.js';
import { PowerQueries } from './lifecycle/power-queries.js';
import { GuestsService } from './lifecycle/guests.service.js';
import { GuestInfoController } from './inspection/guest-info.controller.js';
import { GuestInfoService } from './inspection/guest-info.service.js';
import { GuestImageService } from './deploy-capture/guest-image.service.js';
import { MigrationService } from './migration/migration.service.js';
import { GuestRegistration } from './migration/guest-registration.js';
import { ManagedGuests } from './managed/managed-guests.js';
import { GuestDepartures } from './managed/guest-departures.js';
import { GuestStatsController } from './inspection/guest-stats.controller.js';
import { GuestStatsService } from './inspection/guest-stats.service.js';
import { GuestDryRunChecks } from './dry-run/guest-dry-run.checks.js';

/** Api side of the guests feature. */
@Module({
  controllers: [
    GuestStatsController,
    GuestsController,
    GuestActionsController,
    GuestInfoController,
    GuestDisksController,
  ],
  providers: [
    GuestsService,
    DirectoryChecks,
    PowerQueries,
    GuestActionsService,
    GuestChangesService,
    GuestInfoService,
    GuestDisksService,
    GuestImageService,
    MigrationService,
    GuestRegistration,
    GuestStatsService,
    ManagedGuests,
    GuestDepartures,
    GuestDryRunChecks,
  ],
})
export class GuestsModule {}

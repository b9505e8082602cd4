-- Issue #58, calls in doubt: an ended operation with a step once in doubt is re-checked for
-- effects that landed after it ended (late_effects, sweep_at, sweeps).

-- AlterTable
ALTER TABLE "operations" ADD COLUMN "late_effects" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "operations" ADD COLUMN "sweep_at" DATETIME;
ALTER TABLE "operations" ADD COLUMN "sweeps" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "operations_sweep_at_idx" ON "operations"("sweep_at");

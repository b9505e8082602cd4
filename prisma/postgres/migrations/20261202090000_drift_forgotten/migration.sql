-- Issue #58, drift report: the items an operator forgot (POST /drift/{kind}/{id}/forget).

-- CreateTable
CREATE TABLE "drift_forgotten" (
    "kind" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    "seen" TEXT NOT NULL,
    "operation_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drift_forgotten_pkey" PRIMARY KEY ("kind","item_id")
);

-- Issue #59 item 6, drain and resume: the operation queues an operator holds (POST /host/drain).

-- CreateTable
CREATE TABLE "queue_drain" (
    "queue" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "by" TEXT NOT NULL,
    "request_id" TEXT,

    CONSTRAINT "queue_drain_pkey" PRIMARY KEY ("queue")
);

-- Issue #59 item 6, drain and resume: the operation queues an operator holds (POST /host/drain).

-- CreateTable
CREATE TABLE "queue_drain" (
    "queue" TEXT NOT NULL PRIMARY KEY,
    "since" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "by" TEXT NOT NULL,
    "request_id" TEXT
);

-- CreateTable
CREATE TABLE "switch" (
    "userid" TEXT NOT NULL,
    "interface" TEXT NOT NULL,
    "switch" TEXT,
    "port" TEXT,
    "comments" TEXT,

    PRIMARY KEY ("userid", "interface"),
    CONSTRAINT "switch_userid_fkey" FOREIGN KEY ("userid") REFERENCES "guests" ("userid") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "switch_port_idx" ON "switch"("port");

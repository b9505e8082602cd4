-- CreateTable
CREATE TABLE "switch" (
    "userid" TEXT NOT NULL,
    "interface" TEXT NOT NULL,
    "switch" TEXT,
    "port" TEXT,
    "comments" TEXT,

    CONSTRAINT "switch_pkey" PRIMARY KEY ("userid","interface")
);

-- CreateIndex
CREATE INDEX "switch_port_idx" ON "switch"("port");

-- AddForeignKey
ALTER TABLE "switch" ADD CONSTRAINT "switch_userid_fkey" FOREIGN KEY ("userid") REFERENCES "guests"("userid") ON DELETE CASCADE ON UPDATE CASCADE;

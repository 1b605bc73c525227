-- CreateTable
CREATE TABLE "SipEngineCommand" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "callId" INTEGER,
    "legId" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',
    "dueAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SipEngineCommand_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SipEngineCommand_dueAt_idx" ON "SipEngineCommand"("dueAt");

-- CreateIndex
CREATE INDEX "SipEngineCommand_callId_idx" ON "SipEngineCommand"("callId");

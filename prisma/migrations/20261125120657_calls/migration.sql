-- CreateTable
CREATE TABLE "Call" (
    "id" SERIAL NOT NULL,
    "domainId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "applicationPublicId" TEXT NOT NULL,
    "domainName" TEXT NOT NULL,
    "callerId" TEXT,
    "mode" TEXT NOT NULL DEFAULT 'talk',
    "status" TEXT NOT NULL DEFAULT 'STARTED',
    "reason" TEXT,
    "outbound" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "success" BOOLEAN NOT NULL DEFAULT false,
    "recording" BOOLEAN NOT NULL DEFAULT false,
    "recordingFile" TEXT,
    "announce" TEXT,
    "startTime" TIMESTAMP(3) NOT NULL,
    "connectTime" TIMESTAMP(3),
    "endTime" TIMESTAMP(3),
    "bootId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Call_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallLeg" (
    "id" SERIAL NOT NULL,
    "callId" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'STARTED',
    "mode" TEXT NOT NULL DEFAULT 'talk',
    "playing" BOOLEAN NOT NULL DEFAULT false,
    "playId" TEXT,
    "startTime" TIMESTAMP(3) NOT NULL,
    "answerTime" TIMESTAMP(3),
    "endTime" TIMESTAMP(3),
    "reason" TEXT,

    CONSTRAINT "CallLeg_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorAction" (
    "id" UUID NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "legId" INTEGER,
    "callId" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "SimulatorAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorClock" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "offsetMs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "SimulatorClock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "scopeKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "body" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("scopeKey")
);

-- CreateIndex
CREATE INDEX "Call_domainId_userId_startTime_id_idx" ON "Call"("domainId", "userId", "startTime" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Call_active_bootId_idx" ON "Call"("active", "bootId");

-- CreateIndex
CREATE INDEX "CallLeg_callId_id_idx" ON "CallLeg"("callId", "id");

-- CreateIndex
CREATE INDEX "CallLeg_address_idx" ON "CallLeg"("address");

-- CreateIndex
CREATE INDEX "SimulatorAction_dueAt_idx" ON "SimulatorAction"("dueAt");

-- CreateIndex
CREATE INDEX "SimulatorAction_callId_idx" ON "SimulatorAction"("callId");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- AddForeignKey
ALTER TABLE "Call" ADD CONSTRAINT "Call_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallLeg" ADD CONSTRAINT "CallLeg_callId_fkey" FOREIGN KEY ("callId") REFERENCES "Call"("id") ON DELETE CASCADE ON UPDATE CASCADE;


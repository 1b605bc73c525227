-- Trigram operator classes for the case-insensitive filters (contains/startsWith are ILIKE).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "User_domainId_createdAt_idx";

-- DropIndex
DROP INDEX "Event_applicationId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Domain_name_idx" ON "Domain" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Application_domainId_createdAt_id_idx" ON "Application"("domainId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Application_name_idx" ON "Application" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_domainId_createdAt_id_idx" ON "User"("domainId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "User_login_idx" ON "User" USING GIN ("login" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_firstName_idx" ON "User" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_lastName_idx" ON "User" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Event_applicationId_createdAt_id_idx" ON "Event"("applicationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Event_type_idx" ON "Event" USING GIN ("type" gin_trgm_ops);
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "createdById" UUID;


-- Users created before: the developer who owns the application named in createdWith
-- ("<domain>:<name>"), else (the portal, the seed) the owner of the user's domain.
UPDATE "User" u SET "createdById" = COALESCE(
  (SELECT a."createdById" FROM "Application" a JOIN "Domain" ad ON ad.id = a."domainId" WHERE ad.name || ':' || a.name = u."createdWith"),
  (SELECT d."ownerId" FROM "Domain" d WHERE d.id = u."domainId")
);

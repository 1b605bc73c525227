-- AlterTable
ALTER TABLE "Domain" ADD COLUMN     "userCount" INTEGER NOT NULL DEFAULT 0;


-- Each domain's user count, exact: statement-level triggers add and subtract the rows each INSERT or
-- DELETE on "User" touched, in the same transaction. Concurrent writers serialize on the domain row
-- (READ COMMITTED re-reads its latest "userCount"), so no increment is lost.
CREATE FUNCTION "User_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Domain" d SET "userCount" = d."userCount" + n.change
  FROM (SELECT "domainId", count(*)::int * (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END) AS change FROM changed GROUP BY "domainId") n
  WHERE d.id = n."domainId";
  RETURN NULL;
END $$;

-- Users never move between domains; refusing it keeps the counts exact without an UPDATE trigger on every user write.
CREATE FUNCTION "User_domain_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a user cannot move to another domain';
END $$;

CREATE TRIGGER "User_count_insert" AFTER INSERT ON "User"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "User_count_changed"();
CREATE TRIGGER "User_count_delete" AFTER DELETE ON "User"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "User_count_changed"();
CREATE TRIGGER "User_domain_fixed" BEFORE UPDATE OF "domainId" ON "User"
  FOR EACH ROW WHEN (OLD."domainId" IS DISTINCT FROM NEW."domainId") EXECUTE FUNCTION "User_domain_fixed"();

-- Existing users.
UPDATE "Domain" d SET "userCount" = (SELECT count(*) FROM "User" u WHERE u."domainId" = d.id);

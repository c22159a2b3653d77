-- AlterTable
ALTER TABLE "status_lists" ADD COLUMN     "index_key" BYTEA;

-- Lists made before this migration handed out indexes in order (index = slot). Mapping their remaining slots
-- through a permutation could land on an index already issued, so they take no new credentials: marked full,
-- their issued entries stay published and revocable, and the next issue starts a list with a key.
UPDATE "status_lists"
SET "index_key" = decode(md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text), 'hex'),
    "next_index" = "size";

ALTER TABLE "status_lists" ALTER COLUMN "index_key" SET NOT NULL;

-- Outbox events and webhook endpoints take their created_at from the database's clock rather than from the
-- Prisma client of whichever instance wrote them (Prisma's now() is the client's): the webhook fan-out gives an
-- endpoint the events created from its own creation on, and that comparison needs one clock across instances.
-- statement_timestamp() rather than now(): the start of the writing statement, not of its transaction, so the
-- order of two writes is the order of their statements; and Prisma's schema engine reads a now() or
-- CURRENT_TIMESTAMP default back as its own client-side now(), which this is not.
ALTER TABLE "outbox_events" ALTER COLUMN "created_at" SET DEFAULT statement_timestamp();
ALTER TABLE "webhook_endpoints" ALTER COLUMN "created_at" SET DEFAULT statement_timestamp();

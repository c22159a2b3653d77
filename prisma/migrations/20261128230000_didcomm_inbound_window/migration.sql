-- The inbound DIDComm bound (src/modules/didcomm/inbox.policy.ts) counts a recipient DID's inbound messages of
-- the last hour inside the transaction that stores one more: an index leading with the DID and the direction,
-- ordered by time, reads only that hour's rows (the index on did_id alone read all the DID ever received).
CREATE INDEX "didcomm_messages_did_id_direction_created_at_idx" ON "didcomm_messages"("did_id", "direction", "created_at");

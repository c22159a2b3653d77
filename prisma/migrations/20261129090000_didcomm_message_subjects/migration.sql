-- The data subjects whose credentials a DIDComm message carries as attachments (src/modules/didcomm/
-- didcomm.attachments.ts), so that erasing a subject (GDPR Art. 17) reaches every message holding one of their
-- credentials, sent or received, as it reaches the credentials themselves.
ALTER TABLE "didcomm_messages" ADD COLUMN "subject_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Messages stored before: those that carry a credential this service issued (Issue Credential 3.0 names the
-- attachment by the credential's id) take its subject. A credential received from elsewhere before now is not
-- read here; its message is found by the subject only once it is sent or received again.
UPDATE "didcomm_messages" m
SET "subject_ids" = s.ids
FROM (
  SELECT m2.id, array_agg(DISTINCT c.subject_id) AS ids
  FROM "didcomm_messages" m2
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(m2.plaintext -> 'attachments') = 'array' THEN m2.plaintext -> 'attachments' ELSE '[]'::jsonb END
  ) AS a
  JOIN "credentials" c
    ON c.id = CASE WHEN a ->> 'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (a ->> 'id')::uuid END
  WHERE c.subject_id IS NOT NULL
  GROUP BY m2.id
) AS s
WHERE m.id = s.id;

CREATE INDEX "didcomm_messages_subject_ids_idx" ON "didcomm_messages" USING GIN ("subject_ids");

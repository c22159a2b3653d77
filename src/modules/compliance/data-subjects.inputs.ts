// What a data subject request names: the subject id as credentials carry it (credentials.subject_id, the issue
// request's subject_id), with the same bounds issue puts on it.
import { z } from 'zod';

export const subjectIdInput = z
  .string({ error: 'subject_id must be a string' })
  .min(1, 'subject_id must not be empty')
  .max(2048, 'subject_id must be at most 2048 characters');

export const exportInput = z.object({
  subjectId: subjectIdInput,
  cursor: z.string().nullish(),
});

export const dataSubjectRequestKind = z
  .enum(['export', 'erase'])
  .meta({ id: 'DataSubjectRequestKind', description: 'export (GDPR Art. 15) or erase (Art. 17).' });

/** The sections of an export that are bounded (newest first) rather than paged. */
export const exportSection = z
  .enum(['trust_attestations', 'events', 'didcomm_messages', 'presentation_requests', 'credential_offers', 'requests'])
  .meta({ id: 'SubjectExportSection', description: 'A section of a data subject export bounded to 1,000 rows.' });

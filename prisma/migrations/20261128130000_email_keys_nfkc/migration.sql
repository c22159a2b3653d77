-- Email keys become NFKC, then lower case (src/modules/auth/email-address.ts); until now they were only
-- trimmed and lower-cased, so a full-width or otherwise compatibility-equivalent spelling of an address keyed
-- apart from it. The stored addresses become NFKC too (their case kept).
--
-- Keys here were already lower-cased by the service (JavaScript's full Unicode mapping); normalize() may turn
-- a compatibility character into an ASCII capital ("Ａ" into "A"), which lower() folds under any collation.
--
-- Two accounts whose keys become one are not merged, nor is either key changed: which account is the
-- person's is an operator's decision. Both stay as they are; the one keyed by the normalized form is the one
-- login and registration now find. A notice counts them.
DO $$
DECLARE
  colliding integer;
BEGIN
  WITH keyed AS (
    SELECT id, email_key, lower(normalize(email_key, NFKC)) AS new_key FROM users
  ), alone AS (
    SELECT new_key FROM keyed GROUP BY new_key HAVING count(*) = 1
  )
  UPDATE users u SET email_key = k.new_key, email = normalize(u.email, NFKC)
  FROM keyed k JOIN alone a ON a.new_key = k.new_key
  WHERE u.id = k.id AND k.email_key <> k.new_key;

  SELECT count(*) INTO colliding FROM users WHERE email_key <> lower(normalize(email_key, NFKC));
  IF colliding > 0 THEN
    RAISE NOTICE '% account(s) keep a non-normalized email key: another account has its normalized form', colliding;
  END IF;
END $$;

UPDATE invitations SET email_key = lower(normalize(email_key, NFKC)), email = normalize(email, NFKC)
WHERE email_key <> lower(normalize(email_key, NFKC)) OR email IS NOT NFKC NORMALIZED;

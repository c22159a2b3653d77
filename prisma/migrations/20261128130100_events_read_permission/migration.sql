-- The event log (GET /v1/events) needs its own permission, events:read, instead of webhooks:manage, and lists
-- only the event types whose data the caller may read through their own endpoints (the event catalogue's
-- readPermission). Custom roles and scoped API keys that hold webhooks:manage could read the log until now;
-- they get events:read, so a consumer that catches up through the log keeps working. This grants nothing
-- they could not already read: the log now shows them only what their other permissions show elsewhere.
-- Built-in roles are the code's (src/auth/builtin-roles.ts) and are synchronised at start-up.
UPDATE roles SET permissions = array_append(permissions, 'events:read'), updated_at = now()
WHERE NOT built_in AND 'webhooks:manage' = ANY(permissions) AND NOT ('events:read' = ANY(permissions));

UPDATE api_keys SET scopes = array_append(scopes, 'events:read')
WHERE scoped AND 'webhooks:manage' = ANY(scopes) AND NOT ('events:read' = ANY(scopes));

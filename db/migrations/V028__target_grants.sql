-- Which spaces may use a target, and for what (issue 46). A target belongs to the organisation; only the spaces it is
-- granted to may apply to it, import from it or read its live objects, and only in the namespaces the grant names.
-- space_id NULL is a grant to every space (the sandbox's, on a local run). Objects of cluster scope need
-- cluster_scoped; Secret values reach a space through a cluster import only with secrets.
CREATE TABLE target_grant (
    target_id      uuid        NOT NULL REFERENCES target (id) ON DELETE CASCADE,
    space_id       uuid        REFERENCES space (id) ON DELETE CASCADE,
    use_apply      boolean     NOT NULL,
    use_import     boolean     NOT NULL,
    use_read_live  boolean     NOT NULL,
    namespaces     text[]      NOT NULL,
    cluster_scoped boolean     NOT NULL,
    secrets        boolean     NOT NULL,
    granted_by     text        NOT NULL,
    granted_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX target_grant_key ON target_grant (target_id, coalesce(space_id, '00000000-0000-0000-0000-000000000000'));

-- What worked before keeps working: a space that has units on a target is granted what it could do there until now
-- (everything but the Secret values of an import), so an upgrade stops no apply; an org admin narrows it.
INSERT INTO target_grant (target_id, space_id, use_apply, use_import, use_read_live, namespaces, cluster_scoped, secrets,
                          granted_by, granted_at)
SELECT DISTINCT t.id, u.space_id, true, true, true, ARRAY['*'], true, false, 'migration', now()
FROM unit u JOIN target t ON t.slug = u.target
WHERE t.slug <> 'sandbox';

-- Creating a space is an organisation-level permission: organisation admins, and tokens given it.
ALTER TABLE api_token ADD COLUMN create_spaces boolean NOT NULL DEFAULT false;
DROP TRIGGER api_token_changed ON api_token;
CREATE TRIGGER api_token_changed
    AFTER INSERT OR DELETE OR UPDATE OF prefix, token_hash, subject, org_admin, create_spaces, revoked_at ON api_token
    FOR EACH STATEMENT EXECUTE FUNCTION security_changed();

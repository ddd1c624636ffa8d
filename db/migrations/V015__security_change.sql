-- One row, bumped by triggers in the same transaction as every change to api_token (issue, revoke) or space_role
-- (grant, revoke, and the cascade of a deleted space). Each server polls it every tandem.security.cache.change-poll
-- and forgets the callers and roles it cached when it moved, so a revoke reaches every replica within that interval.
-- last_used_at is not a change: writing it bumps nothing.
CREATE TABLE security_change (
    id      integer PRIMARY KEY CHECK (id = 1),
    version bigint  NOT NULL
);
INSERT INTO security_change (id, version) VALUES (1, 0);

CREATE FUNCTION security_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE security_change SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER api_token_changed
    AFTER INSERT OR DELETE OR UPDATE OF prefix, token_hash, subject, org_admin, revoked_at ON api_token
    FOR EACH STATEMENT EXECUTE FUNCTION security_changed();
CREATE TRIGGER space_role_changed
    AFTER INSERT OR UPDATE OR DELETE ON space_role
    FOR EACH STATEMENT EXECUTE FUNCTION security_changed();

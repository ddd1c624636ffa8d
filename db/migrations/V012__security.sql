-- Security: API tokens (stored only as SHA-256 hashes; the prefix names a token without revealing it), roles per
-- space, and the audit log of every write.

CREATE TABLE api_token (
    id           uuid        PRIMARY KEY,
    prefix       text        NOT NULL,
    token_hash   text        NOT NULL,
    name         text        NOT NULL,
    subject      text        NOT NULL,
    org_admin    boolean     NOT NULL,
    created_by   text        NOT NULL,
    created_at   timestamptz NOT NULL,
    revoked_at   timestamptz,
    last_used_at timestamptz,
    CONSTRAINT api_token_prefix_key UNIQUE (prefix)
);
COMMENT ON COLUMN api_token.token_hash IS 'Hex SHA-256 of the whole token; the token itself is shown once, at creation, and never stored.';

CREATE TABLE space_role (
    space_id   uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    subject    text        NOT NULL,
    role       text        NOT NULL,
    -- Secret values are shown only to organisation admins and to grants with read_secrets; others see ***.
    read_secrets boolean   NOT NULL DEFAULT false,
    granted_by text        NOT NULL,
    granted_at timestamptz NOT NULL,
    CONSTRAINT space_role_pkey PRIMARY KEY (space_id, subject),
    CONSTRAINT space_role_role_check CHECK (role IN ('viewer', 'editor', 'applier', 'admin'))
);

-- Append-only through the API: there is no route that changes or deletes a row.
CREATE TABLE audit_event (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          timestamptz NOT NULL,
    subject     text        NOT NULL,
    method      text        NOT NULL,
    path        text        NOT NULL,
    status      integer     NOT NULL,
    remote_addr text,
    space       text
);
CREATE INDEX idx_audit_event_at ON audit_event (at);

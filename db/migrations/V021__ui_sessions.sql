-- The web UI's sessions (Spring Session JDBC's layout, under our table names), shared by every replica so a signed-in
-- person may land on any of them. A session holds who signed in (subject, admin flag, token prefix) and its CSRF
-- token; never an API token nor an identity provider's token. Times are epoch milliseconds, as Spring Session writes.
CREATE TABLE ui_session (
    primary_id            char(36)     PRIMARY KEY,
    session_id            char(36)     NOT NULL,
    creation_time         bigint       NOT NULL,
    last_access_time      bigint       NOT NULL,
    max_inactive_interval integer      NOT NULL,
    expiry_time           bigint       NOT NULL,
    principal_name        text
);
CREATE UNIQUE INDEX idx_ui_session_session_id ON ui_session (session_id);
-- the cleanup's DELETE ... WHERE expiry_time < now
CREATE INDEX idx_ui_session_expiry_time ON ui_session (expiry_time);
CREATE INDEX idx_ui_session_principal_name ON ui_session (principal_name);

CREATE TABLE ui_session_attributes (
    session_primary_id char(36)     NOT NULL REFERENCES ui_session (primary_id) ON DELETE CASCADE,
    attribute_name     text         NOT NULL,
    attribute_bytes    bytea        NOT NULL,
    PRIMARY KEY (session_primary_id, attribute_name)
);

-- Targets: registered clusters. Credentials (kubeconfig, or token and CA) are stored only encrypted (AES-GCM).

CREATE TABLE target (
    id              uuid        PRIMARY KEY,
    slug            text        NOT NULL,
    server          text        NOT NULL,
    namespace       text,
    credentials     bytea       NOT NULL,
    reachable       boolean,
    server_version  text,
    latency_ms      integer,
    last_error      text,
    last_checked_at timestamptz,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    CONSTRAINT target_slug_key UNIQUE (slug)
);
COMMENT ON COLUMN target.credentials IS 'AES-GCM: 12-byte nonce then ciphertext and tag of the JSON credentials; the target id is the associated data.';
CREATE INDEX idx_unit_target ON unit (target);

-- Servers sharing this database. Each one heartbeats every tandem.replicas.lease-period / 3; a replica whose heartbeat
-- is older than one lease period is not live (its leases have run out by then too).
CREATE TABLE replica (
    id           uuid        PRIMARY KEY,
    host         text        NOT NULL,
    pid          bigint      NOT NULL,
    port         integer     NOT NULL,
    started_at   timestamptz NOT NULL,
    heartbeat_at timestamptz NOT NULL
);

-- Work done once among the replicas ('target:<slug>' for a target's watches and periodic refresh, 'job:<name>' for a
-- singleton job), owned by one replica until expires_at. Times are the database's, so replicas' clocks never matter.
CREATE TABLE lease (
    name       text        PRIMARY KEY,
    owner      uuid        NOT NULL REFERENCES replica (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL
);
CREATE INDEX idx_lease_owner ON lease (owner);

-- The per-caller limit on expensive calls, shared by every replica: a token bucket per caller, updated atomically.
CREATE TABLE call_budget (
    caller     text             PRIMARY KEY,
    tokens     double precision NOT NULL,
    updated_at timestamptz      NOT NULL
);

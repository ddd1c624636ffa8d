-- Workers that run beside a cluster (tandem worker run) and connect out to the server, so that the server needs no
-- route to the cluster's API server and holds no credential of it. A worker authenticates with an API token of its own
-- (subject worker:<name>, no role anywhere); a target names its worker in its sealed credentials.
CREATE TABLE cluster_worker (
    id           uuid        PRIMARY KEY,
    name         text        NOT NULL,
    token_id     uuid        NOT NULL,
    token_prefix text        NOT NULL,
    created_by   text        NOT NULL,
    created_at   timestamptz NOT NULL,
    last_seen_at timestamptz,
    version      text,
    CONSTRAINT cluster_worker_name_key UNIQUE (name)
);

-- What a session on a worker-connected target asks of the cluster, waiting for the worker to fetch it (its long poll
-- claims Pending calls: Sent) and answer it (Done, with the response). The asker reads the response and deletes the
-- row; rows whose asker gave up are deleted after a day.
CREATE TABLE worker_call (
    id          uuid        PRIMARY KEY,
    worker_id   uuid        NOT NULL REFERENCES cluster_worker (id) ON DELETE CASCADE,
    target      text        NOT NULL,
    namespace   text,
    operation   text        NOT NULL,
    request     text        NOT NULL,
    status      text        NOT NULL CHECK (status IN ('Pending', 'Sent', 'Done')),
    response    text,
    created_at  timestamptz NOT NULL,
    sent_at     timestamptz,
    finished_at timestamptz
);
CREATE INDEX worker_call_pending ON worker_call (worker_id, created_at) WHERE status = 'Pending';

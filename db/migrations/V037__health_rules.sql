-- Health rules of teams' own kinds: CEL expressions over a live object that say when it is healthy (and when it has
-- failed), for one kind of one API group, server-wide (space_id null) or in one space (that space's rule wins).
CREATE TABLE health_rule (
    id          uuid PRIMARY KEY,
    space_id    uuid REFERENCES space (id) ON DELETE CASCADE,
    api_group   text        NOT NULL,
    kind        text        NOT NULL,
    healthy     text        NOT NULL,
    degraded    text,
    reason      text,
    updated_at  timestamptz NOT NULL,
    updated_by  text        NOT NULL
);
CREATE UNIQUE INDEX uq_health_rule_server ON health_rule (api_group, kind) WHERE space_id IS NULL;
CREATE UNIQUE INDEX uq_health_rule_space ON health_rule (space_id, api_group, kind) WHERE space_id IS NOT NULL;

COMMENT ON TABLE health_rule IS 'CEL health rules for a kind, server-wide (space_id null) or per space';
COMMENT ON COLUMN health_rule.api_group IS 'The API group, empty for the core group';

-- Events for the portal: what happened, in the order the server learned it, kept for a configurable time. Written by
-- triggers in the transaction of the change itself, so no change commits without its event and no event without
-- its change. Ids are increasing but, with concurrent transactions, may commit out of order; readers wait a moment
-- at a gap (see EventStream).

CREATE TABLE event (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    space_id   uuid        NOT NULL,
    space      text        NOT NULL,
    type       text        NOT NULL,
    unit       text,
    payload    jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idx_event_created_at ON event (created_at);

CREATE FUNCTION emit_event(p_unit_id uuid, p_type text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO event (space_id, space, type, unit, payload)
    SELECT s.id, s.slug, p_type, u.slug, p_payload FROM unit u JOIN space s ON s.id = u.space_id WHERE u.id = p_unit_id;
END $$;

CREATE FUNCTION event_revision_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event(NEW.unit_id, 'RevisionCreated', jsonb_build_object('revisionNum', NEW.num, 'source', NEW.source,
        'author', NEW.author, 'description', NEW.description));
    RETURN NULL;
END $$;
CREATE TRIGGER revision_event AFTER INSERT ON revision FOR EACH ROW EXECUTE FUNCTION event_revision_created();

CREATE FUNCTION event_action_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status IN ('Completed', 'Failed', 'Canceled') AND OLD.status IS DISTINCT FROM NEW.status THEN
        PERFORM emit_event(NEW.unit_id, 'ActionFinished', jsonb_build_object('actionId', NEW.id, 'action', NEW.action,
            'status', NEW.status, 'result', NEW.result, 'revisionNum', NEW.revision_num,
            'capturedRevisionNum', NEW.captured_revision_num, 'message', NEW.message));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER unit_action_event AFTER UPDATE OF status ON unit_action FOR EACH ROW EXECUTE FUNCTION event_action_finished();

-- Drift changes, and a head revision that is no longer gated after a gated one.
CREATE FUNCTION event_unit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.drift IS DISTINCT FROM OLD.drift THEN
        PERFORM emit_event(NEW.id, CASE WHEN NEW.drift = 'None' THEN 'DriftCleared' ELSE 'DriftDetected' END,
            jsonb_build_object('drift', NEW.drift, 'previous', OLD.drift));
    END IF;
    IF NEW.head_revision_num <> OLD.head_revision_num
       AND EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.id AND g.revision_num = OLD.head_revision_num)
       AND NOT EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.id AND g.revision_num = NEW.head_revision_num) THEN
        PERFORM emit_event(NEW.id, 'GateClosed', jsonb_build_object('revisionNum', NEW.head_revision_num));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER unit_event AFTER UPDATE ON unit FOR EACH ROW EXECUTE FUNCTION event_unit_changed();

CREATE FUNCTION event_gate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM emit_event(OLD.unit_id, 'GateClosed', jsonb_build_object('revisionNum', OLD.revision_num));
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' OR OLD.gates IS DISTINCT FROM NEW.gates THEN
        PERFORM emit_event(NEW.unit_id, 'GateOpened', jsonb_build_object('revisionNum', NEW.revision_num,
            'triggers', (SELECT coalesce(jsonb_agg(g -> 'trigger'), '[]'::jsonb) FROM jsonb_array_elements(NEW.gates) g)));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER revision_gate_event AFTER INSERT OR UPDATE OR DELETE ON revision_gate FOR EACH ROW EXECUTE FUNCTION event_gate_changed();

-- Webhooks: a space's events POSTed to a URL, signed with the webhook's secret.
CREATE TABLE webhook (
    id          uuid        PRIMARY KEY,
    space_id    uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    url         text        NOT NULL,
    event_types jsonb       NOT NULL DEFAULT '[]'::jsonb, -- empty: every type
    secret      bytea       NOT NULL,
    created_at  timestamptz NOT NULL
);
COMMENT ON COLUMN webhook.secret IS 'AES-GCM sealed signing secret; the webhook id is the associated data.';

CREATE TABLE webhook_delivery (
    id               uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    webhook_id       uuid        NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
    event_id         bigint      NOT NULL,
    status           text        NOT NULL DEFAULT 'Pending',
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_status_code integer,
    last_error       text,
    leased_until     timestamptz,
    delivered_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT webhook_delivery_event_key UNIQUE (webhook_id, event_id),
    CONSTRAINT webhook_delivery_status_check CHECK (status IN ('Pending', 'Delivered', 'Failed'))
);
CREATE INDEX idx_webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'Pending';

-- Every event of a space with webhooks becomes a delivery per matching webhook, in the event's transaction.
CREATE FUNCTION webhook_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO webhook_delivery (webhook_id, event_id)
    SELECT w.id, NEW.id FROM webhook w
     WHERE w.space_id = NEW.space_id AND (w.event_types = '[]'::jsonb OR w.event_types ? NEW.type);
    RETURN NULL;
END $$;
CREATE TRIGGER event_webhook_deliveries AFTER INSERT ON event FOR EACH ROW EXECUTE FUNCTION webhook_deliveries();

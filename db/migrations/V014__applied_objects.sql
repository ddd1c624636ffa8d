-- Which unit applied each object on a target: one object belongs to one unit. An apply of an object that another
-- unit applied is refused unless it says takeOver; prune and destroy delete only the objects their unit still owns.
-- The version is not part of an object's identity (apps/v1 and apps/v1beta2 name the same Deployment).

CREATE TABLE applied_object (
    target     text        NOT NULL REFERENCES target (slug) ON DELETE CASCADE,
    api_group  text        NOT NULL,
    kind       text        NOT NULL,
    namespace  text        NOT NULL,
    name       text        NOT NULL,
    unit_id    uuid        NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (target, api_group, kind, namespace, name)
);
CREATE INDEX idx_applied_object_unit ON applied_object (unit_id);

-- An apply queued with takeOver=true may take objects from the units that applied them.
ALTER TABLE unit_action ADD COLUMN take_over boolean NOT NULL DEFAULT false;

-- Units applied before this table existed: their objects as last observed. Where two units have the same object, the
-- one that does not report drift on it applied it last.
INSERT INTO applied_object (target, api_group, kind, namespace, name, unit_id)
SELECT DISTINCT ON (u.target, split_part(r->>'apiVersion', '/', -2), r->>'kind', coalesce(r->>'namespace', ''), r->>'name')
       u.target, split_part(r->>'apiVersion', '/', -2), r->>'kind', coalesce(r->>'namespace', ''), r->>'name', u.id
FROM unit u
JOIN unit_live l ON l.unit_id = u.id
JOIN target t ON t.slug = u.target
CROSS JOIN jsonb_array_elements(l.resources) r
WHERE u.live_revision_num > 0 AND r->>'kind' IS NOT NULL AND r->>'name' IS NOT NULL AND r->>'apiVersion' IS NOT NULL
ORDER BY u.target, split_part(r->>'apiVersion', '/', -2), r->>'kind', coalesce(r->>'namespace', ''), r->>'name',
         (u.drift = 'None') DESC, l.observed_at DESC
ON CONFLICT DO NOTHING;

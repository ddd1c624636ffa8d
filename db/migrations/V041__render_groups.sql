-- A unit made from part of a rendering (a Helm chart, a Kustomize folder, a chart folder of a Git repository) records
-- which part: the rendering's source, shared by the units made of it, and its group, so that a re-render or an upgrade
-- gives each object to the unit that holds it, and a new object to the unit of its group.
CREATE TABLE unit_render_group (
    unit_id    uuid PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    -- 'helm <archive|repository|oci> <location> <name> release <release>' or 'git <url> <folder>'
    source     text NOT NULL,
    group_by   text NOT NULL CHECK (group_by IN ('app', 'namespace', 'object', 'kind', 'chart')),
    -- the app, namespace, kind or apiVersion/kind/namespace/name of the group; '' for the unit named after the
    -- rendering, which takes what no other unit of it takes
    group_key  text NOT NULL
);
CREATE INDEX idx_unit_render_group_source ON unit_render_group (source);

INSERT INTO unit_render_group (unit_id, source, group_by, group_key)
SELECT unit_id,
       CASE WHEN source = 'git' THEN 'git ' || coalesce(location, '') || ' ' || coalesce(location_name, '')
            ELSE 'helm ' || source || ' ' || coalesce(location, '') || ' ' || coalesce(location_name, '')
                || ' release ' || release_name END,
       CASE WHEN kind IS NULL THEN 'chart' ELSE 'kind' END,
       coalesce(kind, '')
FROM unit_chart;

-- a Kustomize folder kept in step with its repository was imported whole: so it stays
INSERT INTO unit_render_group (unit_id, source, group_by, group_key)
SELECT unit_id, 'git ' || url || ' ' || path, 'chart', ''
FROM unit_origin
WHERE layout = 'kustomize' AND unit_id NOT IN (SELECT unit_id FROM unit_render_group);

ALTER TABLE unit_chart DROP COLUMN kind;

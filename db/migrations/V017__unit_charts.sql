-- Units made from a Helm chart: the chart (name, version, appVersion), where it came from, the packaged chart itself,
-- the release, namespace and values it was rendered with, and the unit's part of that rendering, the base of the next
-- upgrade's three-way merge (what the chart changed since is merged into the unit's data, its own edits kept).
CREATE TABLE unit_chart (
    unit_id          uuid PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    chart_name       text        NOT NULL,
    chart_version    text        NOT NULL,
    app_version      text,
    source           text        NOT NULL CHECK (source IN ('archive', 'repository', 'oci', 'git')),
    -- repository: the chart repository's URL; oci: the reference without tag or digest; git: the repository's URL
    location         text,
    -- repository: the chart's name in it; git: the chart's folder
    location_name    text,
    archive          bytea       NOT NULL,
    archive_sha256   text        NOT NULL,
    release_name     text        NOT NULL,
    namespace        text,
    values_yaml      text        NOT NULL,
    -- one unit per kind: the kind this unit holds; null for a unit of the whole chart
    kind             text,
    rendered         text        NOT NULL,
    rendered_at      timestamptz NOT NULL
);

COMMENT ON TABLE unit_chart IS 'A unit made from a Helm chart, and its last rendering (the base of the next upgrade)';
COMMENT ON COLUMN unit_chart.archive IS 'The packaged chart (.tgz) last rendered, at most tandem.imports.max-chart-size';
COMMENT ON COLUMN unit_chart.rendered IS 'The unit''s part of the last rendering: the base of the next upgrade''s merge';

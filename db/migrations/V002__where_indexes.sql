-- Indexes for the where language: label equality (translated to jsonb containment) on units and spaces, and the
-- common "has unapplied changes" filter (HeadRevisionNum > LiveRevisionNum).

CREATE INDEX idx_unit_labels ON unit USING gin (labels jsonb_path_ops);
CREATE INDEX idx_space_labels ON space USING gin (labels jsonb_path_ops);
CREATE INDEX idx_unit_space_id_slug_unapplied ON unit (space_id, slug) WHERE head_revision_num > live_revision_num;

-- A unit rendered from a folder of a Git repository can be kept in step with it too: its origin's layout is 'chart'
-- (a Helm chart folder, rendered with the release the unit records) or 'kustomize' (a Kustomize folder, rendered with
-- kubectl kustomize over the whole repository, where its bases are), its path the folder.
ALTER TABLE unit_origin DROP CONSTRAINT unit_origin_layout_check;
ALTER TABLE unit_origin ADD CONSTRAINT unit_origin_layout_check
    CHECK (layout IN ('file', 'directory', 'chart', 'kustomize'));

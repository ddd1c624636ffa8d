-- A unit rendered from a chart folder of a Git repository can be kept in step with it too: its origin's layout is
-- 'chart', its path the chart's folder, and its text at a commit the chart rendered there as the unit records it.
ALTER TABLE unit_origin DROP CONSTRAINT unit_origin_layout_check;
ALTER TABLE unit_origin ADD CONSTRAINT unit_origin_layout_check CHECK (layout IN ('file', 'directory', 'chart'));

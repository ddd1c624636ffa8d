-- A target's cluster, by the uid of its kube-system namespace (read at registration and at each health check): two
-- targets of one cluster share its objects' ownership, so that one object belongs to one unit however it is reached.
ALTER TABLE target ADD COLUMN cluster_uid text;
CREATE INDEX idx_target_cluster_uid ON target (cluster_uid) WHERE cluster_uid IS NOT NULL;

COMMENT ON COLUMN target.cluster_uid IS 'The uid of the cluster''s kube-system namespace; null until read (or not readable)';

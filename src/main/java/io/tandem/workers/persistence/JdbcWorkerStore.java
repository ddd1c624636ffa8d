package io.tandem.workers.persistence;

import io.tandem.workers.domain.ClusterWorker;
import io.tandem.workers.domain.WorkerStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class JdbcWorkerStore implements WorkerStore {

  private final JdbcClient jdbc;

  JdbcWorkerStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public boolean insert(ClusterWorker worker) {
    return jdbc.sql("insert into cluster_worker (id, name, token_id, token_prefix, created_by, created_at)"
            + " values (:id, :name, :tokenId, :prefix, :createdBy, :at) on conflict (name) do nothing")
        .param("id", worker.id())
        .param("name", worker.name())
        .param("tokenId", worker.tokenId())
        .param("prefix", worker.tokenPrefix())
        .param("createdBy", worker.createdBy())
        .param("at", OffsetDateTime.ofInstant(worker.createdAt(), ZoneOffset.UTC))
        .update() == 1;
  }

  @Override
  public Optional<ClusterWorker> find(String name) {
    return jdbc.sql("select * from cluster_worker where name = :name").param("name", name)
        .query(JdbcWorkerStore::worker).optional();
  }

  @Override
  public List<ClusterWorker> list() {
    return jdbc.sql("select * from cluster_worker order by name").query(JdbcWorkerStore::worker).list();
  }

  @Override
  public boolean seen(UUID id, String version, String boot, Instant at) {
    // the old boot, read in the same statement as the new one is written; locked, so that of concurrent sightings
    // of a new start the later ones read the boot the first wrote, not the one before it
    return jdbc.sql("update cluster_worker w set last_seen_at = :at, version = :version, boot = :boot"
            + " from (select boot from cluster_worker where id = :id for update) old where w.id = :id"
            + " returning old.boot is not null and old.boot is distinct from :boot")
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .param("version", version, java.sql.Types.VARCHAR)
        .param("boot", boot, java.sql.Types.VARCHAR)
        .param("id", id)
        .query(Boolean.class)
        .optional()
        .orElse(false);
  }

  @Override
  public boolean delete(String name) {
    return jdbc.sql("delete from cluster_worker where name = :name").param("name", name).update() == 1;
  }

  private static ClusterWorker worker(ResultSet rs, int row) throws SQLException {
    return new ClusterWorker(rs.getObject("id", UUID.class), rs.getString("name"), rs.getObject("token_id", UUID.class),
        rs.getString("token_prefix"), rs.getString("created_by"), instant(rs, "created_at"), instant(rs, "last_seen_at"),
        rs.getString("version"), rs.getString("boot"));
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}

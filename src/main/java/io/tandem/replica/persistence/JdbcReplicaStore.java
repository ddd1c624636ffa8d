package io.tandem.replica.persistence;

import io.tandem.replica.domain.ReplicaStore;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The tables {@code replica} and {@code lease}; times are the database's ({@code now()}). */
@Repository
class JdbcReplicaStore implements ReplicaStore {

  private final JdbcClient jdbc;

  JdbcReplicaStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void heartbeat(UUID id, String host, long pid, int port) {
    jdbc.sql("insert into replica (id, host, pid, port, started_at, heartbeat_at) values (:id, :host, :pid, :port, now(), now())"
            + " on conflict (id) do update set heartbeat_at = now(), port = excluded.port")
        .param("id", id).param("host", host).param("pid", pid).param("port", port)
        .update();
  }

  @Override
  public void forgetDead(Duration period) {
    jdbc.sql("delete from replica where heartbeat_at < now() - :ms * interval '1 millisecond'")
        .param("ms", period.toMillis() * 10)
        .update();
  }

  @Override
  public List<UUID> live(Duration period) {
    return jdbc.sql("select id from replica where heartbeat_at >= now() - :ms * interval '1 millisecond'")
        .param("ms", period.toMillis())
        .query(UUID.class)
        .list();
  }

  @Override
  public Set<String> renew(UUID owner, Duration period) {
    return new HashSet<>(jdbc.sql("update lease set expires_at = now() + :ms * interval '1 millisecond'"
            + " where owner = :owner and expires_at > now() returning name")
        .param("ms", period.toMillis()).param("owner", owner)
        .query(String.class)
        .list());
  }

  @Override
  public Taken take(String name, UUID owner, Duration period) {
    // xmax is 0 on a row just inserted, and set on one that an update replaced
    return jdbc.sql("insert into lease (name, owner, expires_at) values (:name, :owner, now() + :ms * interval '1 millisecond')"
            + " on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at"
            + " where lease.expires_at <= now() returning xmax = 0")
        .param("name", name).param("owner", owner).param("ms", period.toMillis())
        .query(Boolean.class)
        .optional()
        .map(inserted -> inserted ? Taken.FREE : Taken.EXPIRED)
        .orElse(Taken.NO);
  }

  @Override
  public Set<String> free(Collection<String> names) {
    if (names.isEmpty()) {
      return Set.of();
    }
    Set<String> free = new HashSet<>(names);
    free.removeAll(jdbc.sql("select name from lease where expires_at > now() and name in (:names)")
        .param("names", names)
        .query(String.class)
        .list());
    return free;
  }

  @Override
  public void release(UUID owner, String name) {
    jdbc.sql("delete from lease where owner = :owner and name = :name").param("owner", owner).param("name", name).update();
  }

  @Override
  public void leave(UUID owner) {
    jdbc.sql("delete from replica where id = :id").param("id", owner).update();
  }

  @Override
  public List<Replica> replicas() {
    return jdbc.sql("select id, host, pid, port, started_at, heartbeat_at from replica order by started_at, id")
        .query((rs, row) -> new Replica(rs.getObject(1, UUID.class), rs.getString(2), rs.getLong(3), rs.getInt(4),
            rs.getObject(5, OffsetDateTime.class).toInstant(), rs.getObject(6, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Override
  public List<Lease> leases() {
    return jdbc.sql("select name, owner, expires_at from lease where expires_at > now() order by name")
        .query((rs, row) -> new Lease(rs.getString(1), rs.getObject(2, UUID.class),
            rs.getObject(3, OffsetDateTime.class).toInstant()))
        .list();
  }
}

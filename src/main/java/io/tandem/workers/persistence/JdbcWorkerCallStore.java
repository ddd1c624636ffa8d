package io.tandem.workers.persistence;

import io.tandem.workers.domain.WorkerCall;
import io.tandem.workers.domain.WorkerCallStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class JdbcWorkerCallStore implements WorkerCallStore {

  private final JdbcClient jdbc;

  JdbcWorkerCallStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void insert(WorkerCall call, Instant at) {
    jdbc.sql("insert into worker_call (id, worker_id, target, namespace, operation, request, status, created_at)"
            + " values (:id, :worker, :target, :namespace, :operation, :request, 'Pending', :at)")
        .param("id", call.id())
        .param("worker", call.workerId())
        .param("target", call.target())
        .param("namespace", call.namespace(), Types.VARCHAR)
        .param("operation", call.operation())
        .param("request", call.request())
        .param("at", time(at))
        .update();
  }

  @Override
  public List<WorkerCall> claim(UUID workerId, String boot, int limit, Instant at) {
    return jdbc.sql("update worker_call set status = 'Sent', sent_at = :at where id in (select id from worker_call"
            + " where worker_id = :worker and status = 'Pending' and exists (select 1 from cluster_worker w"
            + " where w.id = :worker and w.boot is not distinct from :boot) order by created_at limit :limit"
            + " for update skip locked) returning id, worker_id, target, namespace, operation, request")
        .param("at", time(at))
        .param("worker", workerId)
        .param("boot", boot, Types.VARCHAR)
        .param("limit", limit)
        .query(JdbcWorkerCallStore::call)
        .list();
  }

  @Override
  public int resendLost(UUID workerId, String boot, Collection<UUID> holding) {
    return jdbc.sql("update worker_call set status = 'Pending', sent_at = null where worker_id = :worker"
            + " and status = 'Sent'" + (holding.isEmpty() ? "" : " and id not in (:holding)")
            + " and exists (select 1 from cluster_worker w where w.id = :worker and w.boot is not distinct from :boot)")
        .param("worker", workerId)
        .param("boot", boot, Types.VARCHAR)
        .params(holding.isEmpty() ? Map.of() : Map.of("holding", holding))
        .update();
  }

  @Override
  public boolean answer(UUID id, UUID workerId, String response, Instant at) {
    return jdbc.sql("update worker_call set status = 'Done', response = :response, finished_at = :at"
            + " where id = :id and worker_id = :worker and status = 'Sent'")
        .param("response", response)
        .param("at", time(at))
        .param("id", id)
        .param("worker", workerId)
        .update() == 1;
  }

  @Override
  public Optional<String> response(UUID id) {
    return jdbc.sql("select response from worker_call where id = :id and status = 'Done'").param("id", id)
        .query(String.class).optional();
  }

  @Override
  public void delete(UUID id) {
    jdbc.sql("delete from worker_call where id = :id").param("id", id).update();
  }

  @Override
  public int answerSent(UUID workerId, String response, Instant at) {
    return jdbc.sql("update worker_call set status = 'Done', response = :response, finished_at = :at"
            + " where worker_id = :worker and status = 'Sent'")
        .param("response", response)
        .param("at", time(at))
        .param("worker", workerId)
        .update();
  }

  @Override
  public Map<UUID, Depth> depths() {
    return jdbc.sql("select worker_id, count(*) filter (where status = 'Pending') as pending,"
            + " count(*) filter (where status = 'Sent') as sent from worker_call where status <> 'Done'"
            + " group by worker_id")
        .query((rs, row) -> Map.entry(rs.getObject("worker_id", UUID.class),
            new Depth(rs.getInt("pending"), rs.getInt("sent"))))
        .list().stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }

  @Override
  public int deleteOlderThan(Instant before) {
    return jdbc.sql("delete from worker_call where created_at < :before").param("before", time(before)).update();
  }

  private static WorkerCall call(ResultSet rs, int row) throws SQLException {
    return new WorkerCall(rs.getObject("id", UUID.class), rs.getObject("worker_id", UUID.class), rs.getString("target"),
        rs.getString("namespace"), rs.getString("operation"), rs.getString("request"));
  }

  private static OffsetDateTime time(Instant at) {
    return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
  }
}

package io.tandem.unit.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.unit.domain.ApplyGate;
import io.tandem.unit.domain.GateStore;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@Repository
class JdbcGateStore implements GateStore {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<List<ApplyGate>> GATES = new TypeReference<>() {};

  /** The revisions asked for, as rows {@code r(unit_id, num)} to join on. */
  private static final String REVISIONS =
      " join unnest(cast(:units as uuid[]), cast(:nums as int[])) as r(unit_id, num)";

  private final JdbcClient jdbc;

  JdbcGateStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void recordGates(UUID unitId, int num, List<ApplyGate> gates) {
    if (gates.isEmpty()) {
      jdbc.sql("delete from revision_gate where unit_id = :id and revision_num = :num").param("id", unitId).param("num", num).update();
      return;
    }
    jdbc.sql("insert into revision_gate (unit_id, revision_num, gates) values (:id, :num, cast(:gates as jsonb))"
            + " on conflict (unit_id, revision_num) do update set gates = excluded.gates")
        .param("id", unitId)
        .param("num", num)
        .param("gates", JsonColumns.write(gates))
        .update();
  }

  @Override
  public List<ApplyGate> gates(UUID unitId, int num) {
    return jdbc.sql("select gates::text from revision_gate where unit_id = :id and revision_num = :num")
        .param("id", unitId)
        .param("num", num)
        .query(String.class)
        .optional()
        .map(JdbcGateStore::read)
        .orElse(List.of());
  }

  @Override
  public Map<RevisionOf, List<ApplyGate>> gates(Collection<RevisionOf> revisions) {
    Map<RevisionOf, List<ApplyGate>> found = new HashMap<>();
    ofRevisions("select g.unit_id, g.revision_num, g.gates::text from revision_gate g" + REVISIONS
            + " on g.unit_id = r.unit_id and g.revision_num = r.num", revisions)
        .query((rs, row) -> found.put(new RevisionOf(rs.getObject(1, UUID.class), rs.getInt(2)), read(rs.getString(3))))
        .list();
    return found;
  }

  @Override
  public boolean approve(UUID unitId, int num, String approver, Instant at) {
    return jdbc.sql("insert into approval (unit_id, revision_num, approver, approved_at) values (:id, :num, :approver, :at)"
            + " on conflict do nothing")
        .param("id", unitId)
        .param("num", num)
        .param("approver", approver)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update() == 1;
  }

  @Override
  public List<String> approvals(UUID unitId, int num) {
    return jdbc.sql("select approver from approval where unit_id = :id and revision_num = :num order by approved_at, approver")
        .param("id", unitId)
        .param("num", num)
        .query(String.class)
        .list();
  }

  @Override
  public Map<RevisionOf, List<String>> approvals(Collection<RevisionOf> revisions) {
    Map<RevisionOf, List<String>> found = new HashMap<>();
    ofRevisions("select a.unit_id, a.revision_num, a.approver from approval a" + REVISIONS
            + " on a.unit_id = r.unit_id and a.revision_num = r.num order by a.approved_at, a.approver", revisions)
        .query((rs, row) -> found.computeIfAbsent(new RevisionOf(rs.getObject(1, UUID.class), rs.getInt(2)),
            key -> new ArrayList<>()).add(rs.getString(3)))
        .list();
    return found;
  }

  /** {@code sql}, which joins {@link #REVISIONS}, with the revisions bound. */
  private JdbcClient.StatementSpec ofRevisions(String sql, Collection<RevisionOf> revisions) {
    return jdbc.sql(sql)
        .param("units", revisions.stream().map(RevisionOf::unitId).toArray(UUID[]::new))
        .param("nums", revisions.stream().map(RevisionOf::num).toArray(Integer[]::new));
  }

  /** A gates column, as JSON text. */
  static List<ApplyGate> read(String json) {
    return JSON.readValue(json, GATES);
  }
}

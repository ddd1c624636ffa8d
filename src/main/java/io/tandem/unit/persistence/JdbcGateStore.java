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
  public Map<UUID, List<ApplyGate>> headGates(Collection<UUID> unitIds) {
    Map<UUID, List<ApplyGate>> gates = new HashMap<>();
    if (!unitIds.isEmpty()) {
      jdbc.sql("select g.unit_id, g.gates::text from revision_gate g join unit u on u.id = g.unit_id"
              + " and u.head_revision_num = g.revision_num where g.unit_id in (:ids)")
          .param("ids", List.copyOf(unitIds))
          .query((rs, row) -> gates.put(rs.getObject(1, UUID.class), read(rs.getString(2))))
          .list();
    }
    return gates;
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
  public Map<UUID, List<String>> headApprovals(Collection<UUID> unitIds) {
    Map<UUID, List<String>> approvals = new HashMap<>();
    if (!unitIds.isEmpty()) {
      jdbc.sql("select a.unit_id, a.approver from approval a join unit u on u.id = a.unit_id"
              + " and u.head_revision_num = a.revision_num where a.unit_id in (:ids) order by a.approved_at, a.approver")
          .param("ids", List.copyOf(unitIds))
          .query((rs, row) -> approvals.computeIfAbsent(rs.getObject(1, UUID.class), id -> new ArrayList<>()).add(rs.getString(2)))
          .list();
    }
    return approvals;
  }

  @Override
  public Map<UUID, String> changeSets(Collection<UUID> unitIds) {
    Map<UUID, String> changeSets = new HashMap<>();
    if (!unitIds.isEmpty()) {
      jdbc.sql("select u.id, c.slug from unit u join change_set c on c.id = u.change_set_id where u.id in (:ids)")
          .param("ids", List.copyOf(unitIds))
          .query((rs, row) -> changeSets.put(rs.getObject(1, UUID.class), rs.getString(2)))
          .list();
    }
    return changeSets;
  }

  private static List<ApplyGate> read(String json) {
    return JSON.readValue(json, GATES);
  }
}

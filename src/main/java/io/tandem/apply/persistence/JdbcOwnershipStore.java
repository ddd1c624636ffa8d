package io.tandem.apply.persistence;

import io.tandem.apply.domain.ObjectOwner;
import io.tandem.apply.domain.OwnershipStore;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.ObjectKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;

/** The {@code applied_object} table: one row per object on a target, naming the unit that applied it. */
@Repository
class JdbcOwnershipStore implements OwnershipStore {

  /** The keys, passed as one JSON array, as rows. */
  private static final String KEYS =
      " jsonb_to_recordset(cast(:keys as jsonb)) as k(\"group\" text, kind text, namespace text, name text)";
  /** The target and those of the same cluster: they share its objects' ownership. */
  private static final String SAME_CLUSTER = " a.target in (select cast(:target as text) union select t2.slug from target t1"
      + " join target t2 on t2.cluster_uid = t1.cluster_uid where t1.slug = :target)";
  private static final String KEY_MATCHES = " a.api_group = k.\"group\" and a.kind = k.kind and a.namespace = k.namespace"
      + " and a.name = k.name";
  private static final String MATCHES = " a.target = :target and" + KEY_MATCHES;
  private static final String MATCHES_ON_CLUSTER = SAME_CLUSTER + " and" + KEY_MATCHES;

  private final JdbcClient jdbc;

  JdbcOwnershipStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional(readOnly = true)
  public Map<ObjectKey, ObjectOwner> ownedByOthers(String target, UUID unitId, Collection<ObjectKey> keys) {
    return others(target, unitId, keys, "");
  }

  @Override
  @Transactional(readOnly = true)
  public Map<UUID, Map<ObjectKey, ObjectOwner>> ownedByOthers(String target, Map<UUID, List<ObjectKey>> keysByUnit) {
    List<Map<String, String>> rows = new ArrayList<>();
    keysByUnit.forEach((unit, keys) -> new LinkedHashSet<>(keys).forEach(key -> rows.add(Map.of("unit", unit.toString(),
        "group", key.group(), "kind", key.kind(), "namespace", key.namespace(), "name", key.name()))));
    Map<UUID, Map<ObjectKey, ObjectOwner>> others = new HashMap<>();
    jdbc.sql("select k.unit, a.api_group, a.kind, a.namespace, a.name, u.id, s.slug, u.slug from applied_object a"
            + " join unit u on u.id = a.unit_id join space s on s.id = u.space_id,"
            + " jsonb_to_recordset(cast(:keys as jsonb)) as k(unit uuid, \"group\" text, kind text, namespace text,"
            + " name text) where" + MATCHES_ON_CLUSTER + " and a.unit_id <> k.unit order by a.namespace, a.name, a.kind")
        .param("target", target)
        .param("keys", JsonColumns.write(rows))
        .query((rs, row) -> others.computeIfAbsent(rs.getObject(1, UUID.class), unit -> new LinkedHashMap<>())
            .put(new ObjectKey(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)),
                new ObjectOwner(rs.getObject(6, UUID.class), rs.getString(7), rs.getString(8))))
        .list();
    return others;
  }

  @Override
  @Transactional
  public Map<ObjectKey, ObjectOwner> claim(String target, UUID unitId, Collection<ObjectKey> keys, boolean takeOver) {
    // Inserting first makes a concurrent claim of the same new object wait for this one, and then see it.
    jdbc.sql("insert into applied_object (target, api_group, kind, namespace, name, unit_id)"
            + " select :target, k.\"group\", k.kind, k.namespace, k.name, :unit from" + KEYS
            + " on conflict (target, api_group, kind, namespace, name) do nothing")
        .param("target", target)
        .param("unit", unitId)
        .param("keys", json(keys))
        .update();
    Map<ObjectKey, ObjectOwner> others = others(target, unitId, keys, " for update of a");
    if (others.isEmpty()) {
      return others;
    }
    if (!takeOver) {
      TransactionAspectSupport.currentTransactionStatus().setRollbackOnly();
      return others;
    }
    jdbc.sql("update applied_object a set unit_id = :unit, claimed_at = now() from" + KEYS + " where" + MATCHES)
        .param("target", target)
        .param("unit", unitId)
        .param("keys", json(others.keySet()))
        .update();
    // taken over through another target of the same cluster: the object is this target's now, and the unit's
    jdbc.sql("delete from applied_object a using" + KEYS + " where" + MATCHES_ON_CLUSTER + " and a.target <> :target")
        .param("target", target)
        .param("keys", json(others.keySet()))
        .update();
    return others;
  }

  @Override
  @Transactional
  public void retainOnly(String target, UUID unitId, Collection<ObjectKey> keys) {
    jdbc.sql("delete from applied_object a where a.target = :target and a.unit_id = :unit"
            + " and not exists (select 1 from" + KEYS + " where" + MATCHES + ")")
        .param("target", target)
        .param("unit", unitId)
        .param("keys", json(keys))
        .update();
  }

  @Override
  @Transactional
  public void releaseAll(String target, UUID unitId) {
    jdbc.sql("delete from applied_object where target = :target and unit_id = :unit")
        .param("target", target)
        .param("unit", unitId)
        .update();
  }

  @Override
  @Transactional(readOnly = true)
  public List<ObjectKey> owned(String target, UUID unitId) {
    return jdbc.sql("select api_group, kind, namespace, name from applied_object where target = :target and unit_id = :unit"
            + " order by namespace, name, kind")
        .param("target", target)
        .param("unit", unitId)
        .query((rs, row) -> new ObjectKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
        .list();
  }

  private Map<ObjectKey, ObjectOwner> others(String target, UUID unitId, Collection<ObjectKey> keys, String lock) {
    Map<ObjectKey, ObjectOwner> others = new LinkedHashMap<>();
    jdbc.sql("select a.api_group, a.kind, a.namespace, a.name, u.id, s.slug, u.slug from applied_object a"
            + " join unit u on u.id = a.unit_id join space s on s.id = u.space_id,"
            + KEYS + " where" + MATCHES_ON_CLUSTER + " and a.unit_id <> :unit order by a.namespace, a.name, a.kind" + lock)
        .param("target", target)
        .param("unit", unitId)
        .param("keys", json(keys))
        .query((rs, row) -> others.put(new ObjectKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)),
            new ObjectOwner(rs.getObject(5, UUID.class), rs.getString(6), rs.getString(7))))
        .list();
    return others;
  }

  private static String json(Collection<ObjectKey> keys) {
    return JsonColumns.write(new LinkedHashSet<>(keys));
  }
}

package io.tandem.unit.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ParsedContent;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The read model of the units' head data: {@code unit.head_objects}, the head's objects as a JSON array, which
 * resourceType and whereData query.
 */
@Repository
class HeadObjects {

  private final JdbcClient jdbc;

  HeadObjects(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The head data's objects as a JSON array. */
  static String of(String data) {
    return JsonColumns.write(ParsedContent.parse(data).stream().map(KubernetesResource::content).toList());
  }

  /**
   * Fills in {@code head_objects} for units written before the column existed; returns how many it did. Runs in
   * batches so a large store is not locked at once; the caller gives each batch its transaction.
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public int projectMissingHeads(int batch) {
    List<UUID> ids =
        jdbc.sql("select id from unit where head_objects is null limit :batch for update skip locked")
            .param("batch", batch)
            .query(UUID.class)
            .list();
    for (UUID id : ids) {
      String data =
          jdbc.sql(
                  "select b.body from unit u join revision r on r.unit_id = u.id and r.num = u.head_revision_num"
                      + " join content_blob b on b.sha256 = r.content_sha256 where u.id = :id")
              .param("id", id)
              .query(String.class)
              .single();
      jdbc.sql("update unit set head_objects = cast(:objects as jsonb) where id = :id")
          .param("objects", of(data))
          .param("id", id)
          .update();
    }
    return ids.size();
  }
}

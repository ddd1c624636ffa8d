package io.tandem.tag.persistence;

import io.tandem.tag.domain.Tag;
import io.tandem.tag.domain.TagStore;
import io.tandem.unit.domain.TaggedRevisions;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcTagStore implements TagStore, TaggedRevisions {

  private final JdbcClient jdbc;

  JdbcTagStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public boolean insert(UUID spaceId, String slug, String description, Instant at, Map<UUID, Integer> revisions) {
    UUID id = UUID.randomUUID();
    boolean inserted = jdbc.sql("insert into tag (id, space_id, slug, description, created_at)"
            + " values (:id, :space, :slug, :description, :at) on conflict (space_id, slug) do nothing")
        .param("id", id)
        .param("space", spaceId)
        .param("slug", slug)
        .param("description", description)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update() == 1;
    if (inserted) {
      revisions.forEach((unitId, num) ->
          jdbc.sql("insert into tag_revision (tag_id, unit_id, revision_num) values (:tag, :unit, :num)")
              .param("tag", id)
              .param("unit", unitId)
              .param("num", num)
              .update());
    }
    return inserted;
  }

  @Override
  public Optional<Tag> find(String space, String slug) {
    return tags(space, slug).stream().findFirst();
  }

  @Override
  public List<Tag> list(String space) {
    return tags(space, null);
  }

  private record Row(String slug, String description, Instant createdAt, String unit, int revisionNum) {}

  private List<Tag> tags(String space, String slug) {
    List<Row> rows = jdbc.sql("select t.slug, t.description, t.created_at, u.slug as unit, r.revision_num from tag t"
            + " join space s on s.id = t.space_id"
            + " left join tag_revision r on r.tag_id = t.id left join unit u on u.id = r.unit_id"
            + " where s.slug = :space and (cast(:slug as text) is null or t.slug = :slug) order by t.slug, u.slug")
        .param("space", space)
        .param("slug", slug)
        .query((rs, row) -> new Row(rs.getString("slug"), rs.getString("description"),
            rs.getObject("created_at", OffsetDateTime.class).toInstant(), rs.getString("unit"), rs.getInt("revision_num")))
        .list();
    Map<String, List<Row>> bySlug = new LinkedHashMap<>();
    rows.forEach(row -> bySlug.computeIfAbsent(row.slug(), key -> new ArrayList<>()).add(row));
    return bySlug.values().stream()
        .map(group -> new Tag(space, group.get(0).slug(), group.get(0).description(), group.get(0).createdAt(),
            group.stream().filter(row -> row.unit() != null).map(row -> new Tag.TaggedRevision(row.unit(), row.revisionNum())).toList()))
        .toList();
  }

  @Override
  @Transactional
  public boolean delete(String space, String slug) {
    return jdbc.sql("delete from tag t using space s where s.id = t.space_id and s.slug = :space and t.slug = :slug")
        .param("space", space)
        .param("slug", slug)
        .update() == 1;
  }

  @Override
  public Optional<Integer> revisionOf(UUID unitId, String tag) {
    return jdbc.sql("select r.revision_num from tag_revision r join tag t on t.id = r.tag_id"
            + " join unit u on u.id = r.unit_id and u.space_id = t.space_id where r.unit_id = :unit and t.slug = :tag")
        .param("unit", unitId)
        .param("tag", tag)
        .query(Integer.class)
        .optional();
  }
}

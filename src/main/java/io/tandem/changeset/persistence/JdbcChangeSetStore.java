package io.tandem.changeset.persistence;

import io.tandem.changeset.domain.ChangeSet;
import io.tandem.changeset.domain.ChangeSetStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcChangeSetStore implements ChangeSetStore {

  private static final String SELECT = "select c.id, c.slug, c.description, c.created_at,"
      + " coalesce((select array_agg(u.slug order by u.slug) from change_set_unit m join unit u on u.id = m.unit_id"
      + " where m.change_set_id = c.id), '{}') as units"
      + " from change_set c join space s on s.id = c.space_id";

  private final JdbcClient jdbc;

  JdbcChangeSetStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public boolean insert(UUID spaceId, ChangeSet changeSet) {
    return jdbc.sql("insert into change_set (id, space_id, slug, description, created_at)"
            + " values (:id, :space, :slug, :description, :at) on conflict (space_id, slug) do nothing")
        .param("id", changeSet.id())
        .param("space", spaceId)
        .param("slug", changeSet.slug())
        .param("description", changeSet.description())
        .param("at", OffsetDateTime.ofInstant(changeSet.createdAt(), ZoneOffset.UTC))
        .update() == 1;
  }

  @Override
  public Optional<ChangeSet> find(String space, String slug) {
    return jdbc.sql(SELECT + " where s.slug = :space and c.slug = :slug")
        .param("space", space)
        .param("slug", slug)
        .query((rs, row) -> changeSet(space, rs))
        .optional();
  }

  @Override
  public List<ChangeSet> list(String space) {
    return jdbc.sql(SELECT + " where s.slug = :space order by c.slug").param("space", space).query((rs, row) -> changeSet(space, rs)).list();
  }

  @Override
  @Transactional
  public List<String> addUnits(UUID changeSetId, List<UUID> unitIds) {
    if (unitIds.isEmpty()) {
      return List.of();
    }
    // Lock the units first: a unit's revisions read its change set under the same lock, and two calls that add one
    // unit to two change sets take turns, so that the second finds it taken.
    jdbc.sql("select id from unit where id in (:ids) order by id for update").param("ids", unitIds).query(UUID.class).list();
    List<String> taken = jdbc.sql("select u.slug from change_set_unit m join unit u on u.id = m.unit_id"
            + " where m.unit_id in (:ids) and m.change_set_id <> :cs order by u.slug")
        .param("ids", unitIds)
        .param("cs", changeSetId)
        .query(String.class)
        .list();
    if (taken.isEmpty()) {
      jdbc.sql("insert into change_set_unit (unit_id, change_set_id) select id, :cs from unit where id in (:ids)"
              + " on conflict (unit_id) do nothing")
          .param("cs", changeSetId)
          .param("ids", unitIds)
          .update();
    }
    return taken;
  }

  @Override
  @Transactional
  public void removeUnits(UUID changeSetId, List<UUID> unitIds) {
    if (unitIds == null) {
      jdbc.sql("delete from change_set_unit where change_set_id = :cs").param("cs", changeSetId).update();
    } else if (!unitIds.isEmpty()) {
      jdbc.sql("delete from change_set_unit where change_set_id = :cs and unit_id in (:ids)")
          .param("cs", changeSetId)
          .param("ids", unitIds)
          .update();
    }
  }

  @Override
  public List<ChangeSetRevision> revisions(UUID changeSetId) {
    return jdbc.sql("select u.slug, r.num, r.source, r.description, r.author, r.created_at from revision r"
            + " join unit u on u.id = r.unit_id where r.change_set_id = :cs order by r.created_at, u.slug, r.num")
        .param("cs", changeSetId)
        .query((rs, row) -> new ChangeSetRevision(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4),
            rs.getString(5), rs.getObject(6, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Override
  @Transactional
  public boolean deleteUnused(UUID changeSetId) {
    return jdbc.sql("delete from change_set c where c.id = :cs"
            + " and not exists (select 1 from revision r where r.change_set_id = c.id)")
        .param("cs", changeSetId)
        .update() == 1;
  }

  private static ChangeSet changeSet(String space, ResultSet rs) throws SQLException {
    String[] units = (String[]) rs.getArray("units").getArray();
    return new ChangeSet(rs.getObject("id", UUID.class), space, rs.getString("slug"), rs.getString("description"),
        rs.getObject("created_at", OffsetDateTime.class).toInstant(), List.of(units));
  }
}

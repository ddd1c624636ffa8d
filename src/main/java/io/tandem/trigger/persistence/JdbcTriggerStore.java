package io.tandem.trigger.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.trigger.domain.Trigger;
import io.tandem.trigger.domain.TriggerStore;
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
class JdbcTriggerStore implements TriggerStore {

  private static final String SELECT =
      "select t.*, s.slug as space_slug from trigger t join space s on s.id = t.space_id";

  private final JdbcClient jdbc;

  JdbcTriggerStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public boolean insert(UUID spaceId, Trigger trigger) {
    return jdbc.sql("insert into trigger (id, space_id, slug, function, arguments, description, disabled, created_at,"
            + " updated_at) values (:id, :space, :slug, :function, cast(:args as jsonb), :description, :disabled, :at,"
            + " :at) on conflict (space_id, slug) do nothing")
        .param("id", trigger.id())
        .param("space", spaceId)
        .param("slug", trigger.slug())
        .param("function", trigger.function())
        .param("args", JsonColumns.write(trigger.args()))
        .param("description", trigger.description())
        .param("disabled", trigger.disabled())
        .param("at", OffsetDateTime.ofInstant(trigger.createdAt(), ZoneOffset.UTC))
        .update() == 1;
  }

  @Override
  public Optional<Trigger> find(String space, String slug) {
    return jdbc.sql(SELECT + " where s.slug = :space and t.slug = :slug")
        .param("space", space)
        .param("slug", slug)
        .query(JdbcTriggerStore::trigger)
        .optional();
  }

  @Override
  public List<Trigger> list(String space) {
    return jdbc.sql(SELECT + " where s.slug = :space order by t.slug").param("space", space).query(JdbcTriggerStore::trigger).list();
  }

  @Override
  public Versioned versioned(String space) {
    // A space without triggers still gives its version: one row of nulls from the outer join.
    List<Versioned> rows = jdbc.sql("select s.checks_version, t.*, s.slug as space_slug from space s"
            + " left join trigger t on t.space_id = s.id where s.slug = :space order by t.slug")
        .param("space", space)
        .query((rs, row) -> new Versioned(rs.getLong("checks_version"),
            rs.getObject("id") == null ? List.of() : List.of(trigger(rs, row))))
        .list();
    return new Versioned(rows.isEmpty() ? 0 : rows.get(0).version(),
        rows.stream().flatMap(row -> row.triggers().stream()).toList());
  }

  @Override
  @Transactional
  public void update(Trigger trigger) {
    jdbc.sql("update trigger set function = :function, arguments = cast(:args as jsonb), description = :description,"
            + " disabled = :disabled, updated_at = :at where id = :id")
        .param("id", trigger.id())
        .param("function", trigger.function())
        .param("args", JsonColumns.write(trigger.args()))
        .param("description", trigger.description())
        .param("disabled", trigger.disabled())
        .param("at", OffsetDateTime.ofInstant(trigger.updatedAt(), ZoneOffset.UTC))
        .update();
  }

  @Override
  @Transactional
  public boolean delete(String space, String slug) {
    return jdbc.sql("delete from trigger t using space s where s.id = t.space_id and s.slug = :space and t.slug = :slug")
        .param("space", space)
        .param("slug", slug)
        .update() == 1;
  }

  private static Trigger trigger(ResultSet rs, int row) throws SQLException {
    return new Trigger(
        rs.getObject("id", UUID.class),
        rs.getString("space_slug"),
        rs.getString("slug"),
        rs.getString("function"),
        JsonColumns.readList(rs.getString("arguments"), String.class),
        rs.getString("description"),
        rs.getBoolean("disabled"),
        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
        rs.getObject("updated_at", OffsetDateTime.class).toInstant());
  }
}

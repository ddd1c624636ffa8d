package io.tandem.unit.persistence;

import static io.tandem.unit.persistence.SqlTimes.instant;
import static io.tandem.unit.persistence.SqlTimes.timestamp;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.paging.PageRequest;
import io.tandem.query.persistence.WhereSql;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.Suspension;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.NewRevision;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitMetadata;
import io.tandem.unit.domain.UnitStore;
import io.tandem.unit.domain.UnitSuspension;
import io.tandem.unit.domain.UnitView;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The unit store in plain SQL. Units and revisions are the write path every change goes through, so their
 * statements are written out and mapped by hand (measured: about twice the throughput of the same statements through
 * JPA native queries); spaces, with their simple CRUD, use JPA. The revision rows are written and read by {@link
 * JdbcRevisions}, the head data's read model by {@link HeadObjects}, unit responses' by {@link JdbcUnitViews}.
 */
@Repository
public class JdbcUnitStore implements UnitStore {

  static final String UNIT_COLUMNS =
      "u.id, u.slug, u.display_name, u.labels::text as labels, u.target, u.drift_mode, u.version,"
          // live writes the drift, in a table of its own; no row is None
          + " coalesce((select d.drift from unit_drift d where d.unit_id = u.id), 'None') as drift,"
          + " u.head_revision_num, u.last_applied_revision_num, u.live_revision_num, u.previous_live_revision_num,"
          + " u.created_at, u.updated_at";
  private static final String UNIT_BY_SLUGS =
      "select " + UNIT_COLUMNS + " from unit u join space s on s.id = u.space_id"
          + " where s.slug = :space and u.slug = :slug";

  /** The head's text, by the hash the unit's row keeps of it (one relation: each one a read locks costs it time). */
  static final String HEAD_DATA_JOIN = " join content_blob b on b.sha256 = u.head_sha256";

  private final JdbcClient jdbc;
  private final JdbcRevisions revisions;
  private final ContentBodies bodies;
  private final JdbcUnitChanges changes;

  JdbcUnitStore(JdbcClient jdbc, JdbcRevisions revisions, ContentBodies bodies, JdbcUnitChanges changes) {
    this.jdbc = jdbc;
    this.revisions = revisions;
    this.bodies = bodies;
    this.changes = changes;
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public boolean insert(UUID spaceId, Unit unit, NewRevision first) {
    UnitMetadata metadata = unit.metadata();
    // ON CONFLICT: a lost race on the slug is an answer (409), not an aborted transaction.
    int inserted =
        jdbc.sql(
                "insert into unit (id, space_id, slug, display_name, labels, target, drift_mode, version,"
                    + " head_revision_num, head_sha256, head_objects, created_at, updated_at) values (:id, :spaceId,"
                    + " :slug, :displayName, cast(:labels as jsonb), :target, :driftMode, :version, 1,"
                    + " :headSha256, cast(:headObjects as jsonb), :createdAt, :updatedAt)"
                    + " on conflict (space_id, slug) do nothing")
            .param("id", unit.id())
            .param("spaceId", spaceId)
            .param("slug", unit.slug())
            .param("displayName", metadata.displayName())
            .param("labels", JsonColumns.write(metadata.labels()))
            .param("target", metadata.target())
            .param("driftMode", metadata.driftMode().name())
            .param("version", unit.version())
            .param("headSha256", bodies.keep(first.data()))
            .param("headObjects", HeadObjects.of(first.data()))
            .param("createdAt", timestamp(unit.createdAt()))
            .param("updatedAt", timestamp(unit.updatedAt()))
            .update();
    if (inserted == 0) {
      return false;
    }
    JdbcRevisions.bind(jdbc.sql(JdbcRevisions.WRITE + " select num from rev"), unit.id(), 1, first, unit.createdAt())
        .query(Integer.class)
        .single();
    return true;
  }

  @Override
  public Optional<Unit> find(String space, String slug, boolean withData) {
    String sql =
        withData
            ? "select " + UNIT_COLUMNS + ", b.body as head_data from unit u join space s on s.id = u.space_id"
                + HEAD_DATA_JOIN + " where s.slug = :space and u.slug = :slug"
            : UNIT_BY_SLUGS;
    return jdbc.sql(sql)
        .param("space", space)
        .param("slug", slug)
        .query((rs, row) -> unit(rs, space, withData ? rs.getString("head_data") : null))
        .optional();
  }

  @Override
  public List<Unit> findAll(Collection<UnitKey> keys, boolean withData) {
    if (keys.isEmpty()) {
      return List.of();
    }
    return jdbc.sql("select " + UNIT_COLUMNS + ", s.slug as space_slug" + (withData ? ", b.body as head_data" : "")
            + " from unit u join space s on s.id = u.space_id" + (withData ? HEAD_DATA_JOIN : "")
            + " join unnest(cast(:spaces as text[]), cast(:slugs as text[])) as k(space, slug)"
            + " on s.slug = k.space and u.slug = k.slug")
        .param("spaces", keys.stream().map(UnitKey::space).toArray(String[]::new))
        .param("slugs", keys.stream().map(UnitKey::unit).toArray(String[]::new))
        .query((rs, row) -> unit(rs, rs.getString("space_slug"), withData ? rs.getString("head_data") : null))
        .list();
  }

  @Override
  public List<Base> read(String space, Collection<String> slugs) {
    if (slugs.isEmpty()) {
      return List.of();
    }
    return jdbc.sql("select " + UNIT_COLUMNS + ", b.body as head_data, s.checks_version, u.ctid::text as row_ctid,"
            + " u.xmin::text as row_xmin from unit u join space s on s.id = u.space_id" + HEAD_DATA_JOIN
            + " where s.slug = :space and u.slug = any(:slugs)")
        .param("space", space)
        .param("slugs", slugs.toArray(String[]::new))
        .query((rs, row) -> new Base(unit(rs, space, rs.getString("head_data")), rs.getLong("checks_version"),
            JdbcUnitChanges.rowVersion(rs)))
        .list();
  }

  @Override
  public List<UnitKey> select(String space, UnitFilter.Checked filter) {
    WhereSql where = UnitColumns.sql(filter);
    return jdbc.sql("select s.slug as space_slug, u.slug as unit_slug from unit u join space s on s.id = u.space_id"
            + " where (cast(:space as text) is null or s.slug = cast(:space as text)) and " + where.sql()
            + " order by s.slug, u.slug")
        .params(where.parameters())
        .param("space", space)
        .query((rs, row) -> new UnitKey(rs.getString("space_slug"), rs.getString("unit_slug")))
        .list();
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public Optional<Base> lock(String space, String slug) {
    // Lock the unit row alone: with a join in the locking query, a writer that waited for the lock would re-check
    // the join against the old head revision after the head moved, and wrongly find no row. The head's hash is on
    // the row, so its text usually comes from the cache, written by the last write of the unit on this server.
    return jdbc.sql("select " + UNIT_COLUMNS + ", u.head_sha256, s.checks_version from unit u join space s"
            + " on s.id = u.space_id where s.slug = :space and u.slug = :slug for update of u")
        .param("space", space)
        .param("slug", slug)
        .query((rs, row) -> new Row(unit(rs, space, null), rs.getString("head_sha256"), rs.getLong("checks_version")))
        .optional()
        .map(row -> new Base(row.unit().withData(bodies.get(row.headSha256()).orElseGet(() ->
            revisions.data(row.unit().id(), row.unit().headRevisionNum()).orElseThrow())), row.checksVersion(), null));
  }

  private record Row(Unit unit, String headSha256, long checksVersion) {}

  @Override
  public Optional<Base> lastWritten(String space, String slug) {
    return changes.lastWritten(space, slug);
  }

  @Override
  public Optional<UnitView> advance(Base base, UnitMetadata metadata, NewRevision revision, Instant at) {
    if (base.locked() && !TransactionSynchronizationManager.isActualTransactionActive()) {
      throw new IllegalTransactionStateException("A change from a locked unit is written in the lock's transaction");
    }
    return changes.advance(base, metadata, revision, at);
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void delete(UUID unitId) {
    // Revisions go with the unit (ON DELETE CASCADE); blobs stay, other revisions may share them.
    jdbc.sql("delete from unit where id = :id").param("id", unitId).update();
  }

  @Override
  public void recordApply(UUID unitId, int lastApplied, Integer live) {
    jdbc.sql("update unit set last_applied_revision_num = :lastApplied,"
            + " previous_live_revision_num = case when cast(:live as integer) is not null"
            + "   and cast(:live as integer) <> live_revision_num then live_revision_num else previous_live_revision_num end,"
            + " live_revision_num = coalesce(cast(:live as integer), live_revision_num) where id = :id")
        .param("lastApplied", lastApplied)
        .param("live", live, Types.INTEGER)
        .param("id", unitId)
        .update();
  }

  @Override
  public void recordDestroyed(UUID unitId) {
    jdbc.sql("update unit set previous_live_revision_num = case when live_revision_num > 0 then live_revision_num"
            + " else previous_live_revision_num end, live_revision_num = 0 where id = :id")
        .param("id", unitId)
        .update();
  }

  @Override
  public void suspend(UUID unitId, Suspension suspension) {
    jdbc.sql("update unit set suspended_by = :by, suspended_reason = :reason, suspended_at = :at where id = :id")
        .param("by", suspension == null ? null : suspension.by(), Types.VARCHAR)
        .param("reason", suspension == null ? null : suspension.reason(), Types.VARCHAR)
        .param("at", suspension == null ? null : timestamp(suspension.at()), Types.TIMESTAMP_WITH_TIMEZONE)
        .param("id", unitId)
        .update();
  }

  @Override
  public Optional<UnitSuspension> suspension(UUID unitId) {
    return jdbc.sql("select " + SUSPENSIONS + " from unit u join space s on s.id = u.space_id where u.id = :id")
        .param("id", unitId)
        .query((rs, row) -> Optional.ofNullable(suspension(rs)))
        .optional()
        .flatMap(found -> found);
  }

  /** The unit's and its space's suspension columns, for {@link #suspension(ResultSet)}. */
  static final String SUSPENSIONS = "u.suspended_by, u.suspended_reason, u.suspended_at, s.suspended_by as space_suspended_by,"
      + " s.suspended_reason as space_suspended_reason, s.suspended_at as space_suspended_at";

  static UnitSuspension suspension(ResultSet rs) throws SQLException {
    Instant own = instant(rs, "suspended_at");
    Instant space = instant(rs, "space_suspended_at");
    return UnitSuspension.of(
        own == null ? null : new Suspension(rs.getString("suspended_by"), rs.getString("suspended_reason"), own),
        space == null ? null : new Suspension(rs.getString("space_suspended_by"), rs.getString("space_suspended_reason"), space));
  }

  @Override
  public List<Revision> revisions(UUID unitId, PageRequest page) {
    return revisions.revisions(unitId, page);
  }

  @Override
  public Optional<Revision> revision(UUID unitId, int num) {
    return revisions.revision(unitId, num);
  }

  @Override
  public Optional<String> data(UUID unitId, int num) {
    return revisions.data(unitId, num);
  }

  static Unit unit(ResultSet rs, String space, String data) throws SQLException {
    return new Unit(
        rs.getObject("id", UUID.class),
        space,
        rs.getString("slug"),
        new UnitMetadata(
            rs.getString("display_name"),
            JsonColumns.readStringMap(rs.getString("labels")),
            rs.getString("target"),
            DriftMode.valueOf(rs.getString("drift_mode"))),
        rs.getLong("version"),
        rs.getInt("head_revision_num"),
        rs.getInt("last_applied_revision_num"),
        rs.getInt("live_revision_num"),
        rs.getInt("previous_live_revision_num"),
        Drift.valueOf(rs.getString("drift")),
        instant(rs, "created_at"),
        instant(rs, "updated_at"),
        data);
  }
}

package io.tandem.unit.persistence;

import static io.tandem.unit.persistence.SqlTimes.timestamp;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.tx.CarriedInsert;
import io.tandem.common.tx.CarriedInserts;
import io.tandem.unit.domain.NewRevision;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitMetadata;
import io.tandem.unit.domain.UnitStore;
import io.tandem.unit.domain.UnitStore.Base;
import io.tandem.unit.domain.UnitView;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The write of a unit's change ({@link UnitStore#advance}) in one statement, and the state each such write left
 * ({@link UnitStore#lastWritten}), from which the next change of the unit on this server may be written without a
 * lock: its statement's update then requires the row version it remembers.
 */
@Component
class JdbcUnitChanges {

  private static final String METADATA_AND_VERSION =
      "display_name = :displayName, labels = cast(:labels as jsonb), target = :target, drift_mode = :driftMode,"
          + " version = version + 1, updated_at = :updatedAt";

  private final JdbcClient jdbc;
  private final ContentBodies bodies;
  private final JdbcUnitViews views;
  private final LastWritten lastWritten;
  private final CarriedInserts carriedInserts;
  /** The statement of each kind of change (a handful), built once: see {@link JdbcUnitViews}'s read for why. */
  private final Map<ChangeKind, String> changeStatements = new ConcurrentHashMap<>();

  JdbcUnitChanges(JdbcClient jdbc, ContentBodies bodies, JdbcUnitViews views, LastWritten lastWritten,
      CarriedInserts carriedInserts) {
    this.jdbc = jdbc;
    this.bodies = bodies;
    this.views = views;
    this.lastWritten = lastWritten;
    this.carriedInserts = carriedInserts;
  }

  /** See {@link io.tandem.unit.domain.UnitStore#lastWritten}. */
  Optional<Base> lastWritten(String space, String slug) {
    return lastWritten.get(new UnitStore.UnitKey(space, slug)).flatMap(entry -> bodies.get(entry.headSha256())
        .map(data -> new Base(entry.unit().withData(data), entry.checksVersion(), entry.rowVersion())));
  }

  /**
   * See {@link io.tandem.unit.domain.UnitStore#advance}: in the caller's transaction, or, from a remembered state and
   * outside any transaction, as a statement that commits by itself.
   */
  Optional<UnitView> advance(Base base, UnitMetadata metadata, NewRevision revision, Instant at) {
    // One statement, one round trip: the unit's row, the revision (if any), what must be committed with them (the
    // request's audit entry), and the unit's view read from the row the update returns. The rest of the statement
    // sees the database as it was before the statement, which has no gates nor approvals of a new head yet: the new
    // head's gates are the revision's, and it has no approvals, so the view does not look for them. Every insert
    // follows the row's update, so when the update finds the row moved on, the statement writes nothing.
    Unit current = base.unit();
    Optional<CarriedInsert> carried = carriedInserts.take();
    String sql = changeStatements.computeIfAbsent(new ChangeKind(revision != null,
        carried.map(insert -> insert.sql("exists (select 1 from u)")).orElse(null), !base.locked()),
        this::changeStatement);
    JdbcClient.StatementSpec statement = revision == null
        ? jdbc.sql(sql)
        : JdbcRevisions.bind(jdbc.sql(sql), current.id(), current.headRevisionNum() + 1, revision, at)
            .param("headObjects", HeadObjects.of(revision.data()))
            .param("headSha256", bodies.keep(revision.data()));
    if (carried.isPresent()) {
      statement = statement.params(carried.get().parameters());
    }
    if (!base.locked()) {
      RowVersion row = RowVersion.parse(base.rowVersion());
      statement = statement.param("rowCtid", row.ctid()).param("rowXmin", row.xmin())
          .param("checksVersion", base.checksVersion());
    }
    String data = revision == null ? current.data() : revision.data();
    return statement
        .param("displayName", metadata.displayName())
        .param("labels", JsonColumns.write(metadata.labels()))
        .param("target", metadata.target())
        .param("driftMode", metadata.driftMode().name())
        .param("updatedAt", timestamp(at))
        .param("id", current.id())
        .param("version", current.version())
        .query((rs, row) -> {
          if (carried.isPresent()) {
            carried.get().carried(rs.getLong("carried_id"));
          }
          Unit unit = JdbcUnitStore.unit(rs, current.space(), data);
          lastWritten.put(new UnitStore.UnitKey(current.space(), current.slug()), new LastWritten.Entry(unit.withData(null),
              rs.getString("head_sha256"), rs.getLong("space_checks_version"), RowVersion.of(rs).toString()));
          return JdbcUnitViews.view(rs, unit, revision == null ? null : revision.gates());
        })
        .optional();
  }

  /** The mark of the version of the unit's row a query read ({@code row_ctid} and {@code row_xmin}). */
  static String rowVersion(ResultSet rs) throws SQLException {
    return RowVersion.of(rs).toString();
  }

  /**
   * The kind of a change's statement: with a revision or not, the insert it carries (its SQL) if any, and whether it
   * is guarded by a remembered row version rather than run on a locked row.
   */
  private record ChangeKind(boolean revision, String carried, boolean guarded) {}

  private String changeStatement(ChangeKind kind) {
    String update = "with u as (update unit set " + METADATA_AND_VERSION
        + (kind.revision() ? ", head_revision_num = head_revision_num + 1, head_objects = cast(:headObjects as jsonb),"
            + " head_sha256 = :headSha256" : "")
        + " where id = :id and version = :version"
        + (kind.guarded() ? " and ctid = cast(:rowCtid as tid) and xmin = cast(:rowXmin as xid)"
            + " and (select checks_version from space where id = unit.space_id) = :checksVersion" : "")
        + " returning *, ctid::text as row_ctid, xmin::text as row_xmin)";
    String carried = kind.carried() == null ? "" : ", carried as (" + kind.carried() + ")";
    String select = views.select("u", "u.head_sha256, s.checks_version as space_checks_version, u.row_ctid, u.row_xmin"
        + (kind.carried() == null ? "" : ", (select id from carried) as carried_id"), kind.revision());
    return update + (kind.revision() ? ", " + JdbcRevisions.WRITE_AFTER_UNIT : "") + carried + " " + select;
  }

  /**
   * Which version of a unit's row a state is of: its place and its writing transaction, which together no other
   * version has (a version written later, even by the same transaction, is elsewhere; one in the same place later is
   * of another transaction). Every update of the row makes a new one, whichever columns it changes.
   */
  private record RowVersion(String ctid, String xmin) {

    static RowVersion of(ResultSet rs) throws SQLException {
      return new RowVersion(rs.getString("row_ctid"), rs.getString("row_xmin"));
    }

    static RowVersion parse(String text) {
      int slash = text.lastIndexOf('/');
      return new RowVersion(text.substring(0, slash), text.substring(slash + 1));
    }

    @Override
    public String toString() {
      return ctid + "/" + xmin;
    }
  }
}

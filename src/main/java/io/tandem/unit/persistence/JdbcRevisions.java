package io.tandem.unit.persistence;

import static io.tandem.unit.persistence.SqlTimes.instant;
import static io.tandem.unit.persistence.SqlTimes.timestamp;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.hash.ContentHash;
import io.tandem.common.paging.PageRequest;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.NewRevision;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.RevisionSource;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The revision rows of the unit store, their content blobs (one per distinct content) and their gates. */
@Repository
class JdbcRevisions {

  private static final String REVISION_COLUMNS =
      "r.num, r.source, r.description, r.author, r.created_at, r.content_sha256, r.restored_from";

  private final JdbcClient jdbc;

  JdbcRevisions(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  List<Revision> revisions(UUID unitId, PageRequest page) {
    return jdbc.sql(
            "select " + REVISION_COLUMNS + " from revision r where r.unit_id = :unitId"
                + " and (cast(:before as integer) is null or r.num < cast(:before as integer))"
                + " order by r.num desc limit :limit")
        .param("unitId", unitId)
        .param("before", page.afterNumber())
        .param("limit", page.limit() + 1)
        .query((rs, row) -> revision(rs, null, null))
        .list();
  }

  Optional<Revision> revision(UUID unitId, int num) {
    return jdbc.sql(
            "select " + REVISION_COLUMNS + ", r.mutations::text as mutations, b.body from revision r"
                + " join content_blob b on b.sha256 = r.content_sha256 where r.unit_id = :unitId and r.num = :num")
        .param("unitId", unitId)
        .param("num", num)
        .query(
            (rs, row) ->
                revision(rs, rs.getString("body"), JsonColumns.readList(rs.getString("mutations"), Mutation.class)))
        .optional();
  }

  Optional<String> data(UUID unitId, int num) {
    return jdbc.sql(
            "select b.body from revision r join content_blob b on b.sha256 = r.content_sha256"
                + " where r.unit_id = :unitId and r.num = :num")
        .param("unitId", unitId)
        .param("num", num)
        .query(String.class)
        .optional();
  }

  /**
   * The common table expressions that write revision {@code :num} of unit {@code :unitId}: its blob (once per
   * content), its row and its gates ({@code :gates}, none when null). The statement they begin (more expressions may
   * follow, after a comma) reads the number as {@code (select num from rev)}; reading it makes the revision's insert
   * run first, so its event precedes those of the rest of the statement. Foreign keys are checked at the end of the
   * statement, when all the rows are there. Parameters by {@link #bind}.
   */
  static final String WRITE =
      "with blob as (insert into content_blob (sha256, size_bytes, body) values (:sha256, :size, :body)"
          + " on conflict (sha256) do nothing),"
          + " rev as (insert into revision (unit_id, num, source, description, author, created_at, content_sha256,"
          + " restored_from, mutations, change_set_id) values (:unitId, :num, :source, :description, :author,"
          + " :createdAt, :sha256, :restoredFrom, cast(:mutations as jsonb),"
          + " (select c.change_set_id from change_set_unit c where c.unit_id = :unitId)) returning num),"
          + " gate as (insert into revision_gate (unit_id, revision_num, gates)"
          + " select :unitId, num, cast(:gates as jsonb) from rev where cast(:gates as text) is not null)";

  /**
   * As {@link #WRITE}, for the revision an update of the unit's row has just made its head: the common table
   * expressions follow {@code u}, that update's returned row, and write only when it wrote one, the revision numbered
   * as {@code u}'s head. Parameters by {@link #bind} (which also binds {@code :unitId} and {@code :num}, not read here).
   */
  static final String WRITE_AFTER_UNIT =
      "blob as (insert into content_blob (sha256, size_bytes, body) select :sha256, :size, :body from u"
          + " on conflict (sha256) do nothing),"
          + " rev as (insert into revision (unit_id, num, source, description, author, created_at, content_sha256,"
          + " restored_from, mutations, change_set_id) select u.id, u.head_revision_num, :source, :description, :author,"
          + " :createdAt, :sha256, :restoredFrom, cast(:mutations as jsonb),"
          + " (select c.change_set_id from change_set_unit c where c.unit_id = u.id) from u returning unit_id, num),"
          + " gate as (insert into revision_gate (unit_id, revision_num, gates)"
          + " select unit_id, num, cast(:gates as jsonb) from rev where cast(:gates as text) is not null)";

  /** Binds the parameters of {@link #WRITE} and {@link #WRITE_AFTER_UNIT}. */
  static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, UUID unitId, int num, NewRevision revision,
      Instant at) {
    return statement
        .param("sha256", ContentHash.sha256Hex(revision.data()))
        .param("size", revision.data().getBytes(StandardCharsets.UTF_8).length)
        .param("body", revision.data())
        .param("unitId", unitId)
        .param("num", num)
        .param("source", revision.source().name())
        .param("description", revision.description())
        .param("author", revision.author())
        .param("createdAt", timestamp(at))
        .param("restoredFrom", revision.restoredFrom(), Types.INTEGER)
        .param("mutations", JsonColumns.write(revision.mutations()))
        .param("gates", revision.gates().isEmpty() ? null : JsonColumns.write(revision.gates()), Types.VARCHAR);
  }

  private static Revision revision(ResultSet rs, String data, List<Mutation> mutations) throws SQLException {
    Integer restoredFrom = rs.getObject("restored_from", Integer.class);
    return new Revision(
        rs.getInt("num"),
        RevisionSource.valueOf(rs.getString("source")),
        rs.getString("description"),
        rs.getString("author"),
        instant(rs, "created_at"),
        rs.getString("content_sha256"),
        restoredFrom,
        data,
        mutations);
  }
}

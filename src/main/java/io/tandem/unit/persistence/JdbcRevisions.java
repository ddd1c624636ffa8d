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
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

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

  @Transactional(propagation = Propagation.MANDATORY)
  void append(UUID unitId, int num, NewRevision revision, Instant at) {
    String sha256 = ContentHash.sha256Hex(revision.data());
    // One statement for blob and revision: the revision's foreign key is checked at the end of the statement, when
    // the blob's row is there.
    jdbc.sql(
            "with blob as (insert into content_blob (sha256, size_bytes, body) values (:sha256, :size, :body)"
                + " on conflict (sha256) do nothing)"
                + " insert into revision (unit_id, num, source, description, author, created_at, content_sha256,"
                + " restored_from, mutations, change_set_id) values (:unitId, :num, :source, :description, :author,"
                + " :createdAt, :sha256, :restoredFrom, cast(:mutations as jsonb),"
                + " (select change_set_id from unit where id = :unitId))")
        .param("sha256", sha256)
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
        .update();
    if (!revision.gates().isEmpty()) {
      jdbc.sql("insert into revision_gate (unit_id, revision_num, gates) values (:unitId, :num, cast(:gates as jsonb))")
          .param("unitId", unitId)
          .param("num", num)
          .param("gates", JsonColumns.write(revision.gates()))
          .update();
    }
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

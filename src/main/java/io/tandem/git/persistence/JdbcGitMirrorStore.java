package io.tandem.git.persistence;

import io.tandem.git.domain.GitMirror;
import io.tandem.git.domain.GitMirrorStore;
import io.tandem.git.domain.OutboxEntry;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcGitMirrorStore implements GitMirrorStore {

  private static final String SELECT =
      "select m.*, s.slug as space_slug,"
          + " (select count(*) from git_outbox o where o.space_id = m.space_id) as pending,"
          + " (select min(o.created_at) from git_outbox o where o.space_id = m.space_id) as oldest_pending_at"
          + " from git_mirror m join space s on s.id = m.space_id";

  private final JdbcClient jdbc;

  JdbcGitMirrorStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<Stored> find(UUID spaceId) {
    return jdbc.sql(SELECT + " where m.space_id = :id").param("id", spaceId).query(JdbcGitMirrorStore::stored).optional();
  }

  @Override
  @Transactional
  public boolean put(UUID spaceId, String url, String branch, String pathPrefix, byte[] sealedCredentials, Instant now) {
    Optional<Stored> existing =
        jdbc.sql(SELECT + " where m.space_id = :id for update of m").param("id", spaceId).query(JdbcGitMirrorStore::stored).optional();
    boolean newHistory = existing.isEmpty()
        || !existing.get().mirror().url().equals(url)
        || !existing.get().mirror().branch().equals(branch)
        || !existing.get().mirror().pathPrefix().equals(pathPrefix);
    jdbc.sql("insert into git_mirror (space_id, url, branch, path_prefix, credentials, status, next_attempt_at,"
            + " created_at, updated_at) values (:id, :url, :branch, :prefix, :credentials, 'Active', :now, :now, :now)"
            + " on conflict (space_id) do update set url = excluded.url, branch = excluded.branch,"
            + " path_prefix = excluded.path_prefix, credentials = excluded.credentials, status = 'Active',"
            + " attempts = 0, last_error = null, last_error_at = null, next_attempt_at = excluded.next_attempt_at,"
            + " overwrite_once = false, updated_at = excluded.updated_at")
        .param("id", spaceId)
        .param("url", url)
        .param("branch", branch)
        .param("prefix", pathPrefix)
        .param("credentials", sealedCredentials)
        .param("now", at(now))
        .update();
    if (newHistory) {
      // Another branch (or the first one): it gets the current state of every unit, then every change after it.
      jdbc.sql("update git_mirror set pushed_commit = null, pushed_seq = null, pushed_unit = null,"
              + " pushed_revision_num = null, pushed_at = null where space_id = :id")
          .param("id", spaceId)
          .update();
      jdbc.sql("delete from git_outbox where space_id = :id").param("id", spaceId).update();
      jdbc.sql("insert into git_outbox (space_id, unit_id, unit_slug, revision_num, source, description, author,"
              + " content_sha256, created_at) select u.space_id, u.id, u.slug, r.num, r.source, r.description, r.author,"
              + " r.content_sha256, r.created_at from unit u join revision r on r.unit_id = u.id"
              + " and r.num = u.head_revision_num where u.space_id = :id order by u.slug")
          .param("id", spaceId)
          .update();
    }
    return existing.isEmpty();
  }

  @Override
  @Transactional
  public boolean delete(UUID spaceId) {
    jdbc.sql("delete from git_outbox where space_id = :id").param("id", spaceId).update();
    return jdbc.sql("delete from git_mirror where space_id = :id").param("id", spaceId).update() == 1;
  }

  @Override
  @Transactional
  public void resume(UUID spaceId, boolean overwrite, Instant now) {
    jdbc.sql("update git_mirror set status = 'Active', attempts = 0, next_attempt_at = :now,"
            + " overwrite_once = :overwrite, updated_at = :now where space_id = :id")
        .param("id", spaceId)
        .param("overwrite", overwrite)
        .param("now", at(now))
        .update();
  }

  @Override
  @Transactional
  public List<UUID> claimDue(int limit, Instant now, Instant leaseUntil) {
    return jdbc.sql("update git_mirror set leased_until = :until where space_id in ("
            + " select m.space_id from git_mirror m where m.status <> 'Conflict' and m.next_attempt_at <= :now"
            + " and (m.leased_until is null or m.leased_until < :now)"
            + " and exists (select 1 from git_outbox o where o.space_id = m.space_id)"
            + " order by m.next_attempt_at limit :limit for update skip locked) returning space_id")
        .param("until", at(leaseUntil))
        .param("now", at(now))
        .param("limit", limit)
        .query(UUID.class)
        .list();
  }

  @Override
  public List<OutboxEntry> pending(UUID spaceId, int limit) {
    return jdbc.sql("select o.seq, o.unit_id, o.unit_slug, o.revision_num, o.source, o.description, o.author,"
            + " o.created_at, b.body from git_outbox o left join content_blob b on b.sha256 = o.content_sha256"
            + " where o.space_id = :id order by o.seq limit :limit")
        .param("id", spaceId)
        .param("limit", limit)
        .query((rs, row) -> new OutboxEntry(
            rs.getLong("seq"),
            rs.getObject("unit_id", UUID.class),
            rs.getString("unit_slug"),
            (Integer) rs.getObject("revision_num"),
            rs.getString("source"),
            rs.getString("description"),
            rs.getString("author"),
            instant(rs, "created_at"),
            rs.getString("body")))
        .list();
  }

  @Override
  @Transactional
  public void pushed(UUID spaceId, Collection<Long> seqs, String commit, OutboxEntry last, Instant now) {
    if (!seqs.isEmpty()) {
      jdbc.sql("delete from git_outbox where space_id = :id and seq in (:seqs)")
          .param("id", spaceId)
          .param("seqs", List.copyOf(seqs))
          .update();
    }
    String progress = last == null ? "" : " pushed_seq = :seq, pushed_unit = :unit, pushed_revision_num = :num, pushed_at = :now,";
    jdbc.sql("update git_mirror set pushed_commit = :commit," + progress + " status = 'Active', attempts = 0,"
            + " last_error = null, last_error_at = null, next_attempt_at = :now, overwrite_once = false"
            + " where space_id = :id")
        .param("id", spaceId)
        .param("commit", commit)
        .param("seq", last == null ? null : last.seq())
        .param("unit", last == null ? null : last.unit())
        .param("num", last == null ? null : last.revisionNum())
        .param("now", at(now))
        .update();
  }

  @Override
  @Transactional
  public void failed(UUID spaceId, GitMirror.Status status, String error, int attempts, Instant nextAttemptAt, Instant now) {
    jdbc.sql("update git_mirror set status = :status, last_error = :error, last_error_at = :now, attempts = :attempts,"
            + " next_attempt_at = :next, leased_until = null where space_id = :id")
        .param("id", spaceId)
        .param("status", status.name())
        .param("error", error)
        .param("attempts", attempts)
        .param("next", at(nextAttemptAt))
        .param("now", at(now))
        .update();
  }

  @Override
  @Transactional
  public void release(UUID spaceId) {
    jdbc.sql("update git_mirror set leased_until = null where space_id = :id").param("id", spaceId).update();
  }

  @Override
  @Transactional
  public int dropOrphans() {
    return jdbc.sql("delete from git_outbox o where not exists (select 1 from git_mirror m where m.space_id = o.space_id)")
        .update();
  }

  private static Stored stored(ResultSet rs, int row) throws SQLException {
    String pushedCommit = rs.getString("pushed_commit");
    GitMirror.Pushed pushed = rs.getObject("pushed_at") == null ? null
        : new GitMirror.Pushed(rs.getString("pushed_unit"), (Integer) rs.getObject("pushed_revision_num"), pushedCommit,
            instant(rs, "pushed_at"));
    byte[] credentials = rs.getBytes("credentials");
    GitMirror mirror = new GitMirror(
        rs.getString("space_slug"),
        rs.getString("url"),
        rs.getString("branch"),
        rs.getString("path_prefix"),
        null, // filled in by the service, which alone can unseal them
        GitMirror.Status.valueOf(rs.getString("status")),
        pushed,
        rs.getLong("pending"),
        instant(rs, "oldest_pending_at"),
        rs.getString("last_error"),
        instant(rs, "last_error_at"),
        rs.getInt("attempts"),
        instant(rs, "next_attempt_at"),
        instant(rs, "created_at"),
        instant(rs, "updated_at"));
    return new Stored(rs.getObject("space_id", UUID.class), mirror, credentials, pushedCommit, rs.getBoolean("overwrite_once"));
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  private static OffsetDateTime at(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}

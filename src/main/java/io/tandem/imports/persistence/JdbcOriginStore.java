package io.tandem.imports.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.imports.domain.GitImports;
import io.tandem.imports.domain.OriginStore;
import io.tandem.imports.domain.UnitOrigin;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The {@code unit_origin} table. */
@Repository
class JdbcOriginStore implements OriginStore {

  private final JdbcClient jdbc;

  JdbcOriginStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<Stored> find(UUID unitId) {
    return jdbc.sql("select unit_id, url, ref, path, layout, synced_commit, synced_text, synced_at, checked_at,"
            + " last_error, conflict::text, credentials from unit_origin where unit_id = :unit")
        .param("unit", unitId)
        .query(JdbcOriginStore::stored)
        .optional();
  }

  private static Stored stored(ResultSet rs, int row) throws SQLException {
    String conflict = rs.getString(11);
    return new Stored(new UnitOrigin(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
        GitImports.Layout.valueOf(rs.getString(5)), rs.getString(6), rs.getString(7), instant(rs, 8), instant(rs, 9),
        rs.getString(10), conflict == null ? null : JsonColumns.read(conflict, UnitOrigin.Conflict.class), null),
        rs.getBytes(12));
  }

  @Override
  @Transactional
  public void save(UnitOrigin origin, byte[] sealedCredentials) {
    jdbc.sql("insert into unit_origin (unit_id, url, ref, path, layout, credentials, synced_commit, synced_text,"
            + " synced_at, checked_at) values (:unit, :url, :ref, :path, :layout, :credentials, :commit, :text, :at, :at)"
            + " on conflict (unit_id) do update set url = excluded.url, ref = excluded.ref, path = excluded.path,"
            + " layout = excluded.layout, credentials = excluded.credentials, synced_commit = excluded.synced_commit,"
            + " synced_text = excluded.synced_text, synced_at = excluded.synced_at, checked_at = excluded.checked_at,"
            + " last_error = null, conflict = null")
        .param("unit", origin.unitId())
        .param("url", origin.url())
        .param("ref", origin.ref())
        .param("path", origin.path())
        .param("layout", origin.layout().name())
        .param("credentials", sealedCredentials)
        .param("commit", origin.syncedCommit())
        .param("text", origin.syncedText())
        .param("at", time(origin.syncedAt()))
        .update();
  }

  @Override
  @Transactional
  public void synced(UUID unitId, String commit, String text, Instant at) {
    jdbc.sql("update unit_origin set synced_commit = :commit, synced_text = :text, synced_at = :at, checked_at = :at,"
            + " last_error = null, conflict = null where unit_id = :unit")
        .param("unit", unitId)
        .param("commit", commit)
        .param("text", text)
        .param("at", time(at))
        .update();
  }

  @Override
  @Transactional
  public void checked(UUID unitId, Instant at, String error, UnitOrigin.Conflict conflict) {
    jdbc.sql("update unit_origin set checked_at = :at, last_error = :error, conflict = cast(:conflict as jsonb)"
            + " where unit_id = :unit")
        .param("unit", unitId)
        .param("at", time(at))
        .param("error", error)
        .param("conflict", conflict == null ? null : JsonColumns.write(conflict))
        .update();
  }

  @Override
  @Transactional
  public boolean delete(UUID unitId) {
    return jdbc.sql("delete from unit_origin where unit_id = :unit").param("unit", unitId).update() > 0;
  }

  @Override
  @Transactional
  public int markDue(Collection<String> urls, Collection<String> refs) {
    return jdbc.sql("update unit_origin set checked_at = '-infinity'"
            + " where lower(regexp_replace(url, '(\\.git)?/*$', '')) = any(:urls) and ref = any(:refs)")
        .param("urls", urls.stream().map(JdbcOriginStore::comparable).toArray(String[]::new))
        .param("refs", refs.toArray(String[]::new))
        .update();
  }

  /** A repository's URL as markDue compares it. */
  static String comparable(String url) {
    return url.toLowerCase(Locale.ROOT).replaceAll("(\\.git)?/*$", "");
  }

  @Override
  @Transactional(readOnly = true)
  public List<UnitKey> due(Instant before, int limit) {
    return jdbc.sql("select s.slug, u.slug from unit_origin o join unit u on u.id = o.unit_id"
            + " join space s on s.id = u.space_id where o.checked_at < :before order by o.checked_at limit :limit")
        .param("before", time(before))
        .param("limit", limit)
        .query((rs, row) -> new UnitKey(rs.getString(1), rs.getString(2)))
        .list();
  }

  private static Instant instant(ResultSet rs, int column) throws SQLException {
    return rs.getObject(column, OffsetDateTime.class).toInstant();
  }

  private static OffsetDateTime time(Instant at) {
    return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
  }
}

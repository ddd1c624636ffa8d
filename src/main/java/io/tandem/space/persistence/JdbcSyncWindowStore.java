package io.tandem.space.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.space.domain.SyncWindow;
import io.tandem.space.domain.SyncWindowStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The windows as a JSON list on the space's row ({@code space.sync_windows}). */
@Repository
class JdbcSyncWindowStore implements SyncWindowStore {

  private final JdbcClient jdbc;

  JdbcSyncWindowStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<List<SyncWindow>> of(String space) {
    return jdbc.sql("select sync_windows::text from space where slug = :slug").param("slug", space).query(String.class)
        .optional().map(JdbcSyncWindowStore::windows);
  }

  @Override
  public boolean put(String space, List<SyncWindow> windows) {
    String json = JsonColumns.write(windows.stream().map(JdbcSyncWindowStore::row).toList());
    return jdbc.sql("update space set sync_windows = cast(:json as jsonb) where slug = :slug")
        .param("json", json).param("slug", space).update() == 1;
  }

  private static Map<String, String> row(SyncWindow window) {
    Map<String, String> row = new LinkedHashMap<>();
    row.put("name", window.name());
    row.put("kind", window.kind().name());
    row.put("schedule", window.schedule());
    row.put("duration", window.duration().toString());
    row.put("timeZone", window.timeZone().getId());
    row.put("where", window.where());
    return row;
  }

  @SuppressWarnings("unchecked")
  private static List<SyncWindow> windows(String json) {
    List<Map<String, String>> rows = (List<Map<String, String>>) (List<?>) JsonColumns.readList(json, Map.class);
    return rows.stream().map(row -> SyncWindow.of("syncWindows", row.get("name"), row.get("kind"), row.get("schedule"),
        row.get("duration"), row.get("timeZone"), row.get("where"))).toList();
  }
}

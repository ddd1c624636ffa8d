package io.tandem.unit.persistence;

import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Each unit as this server's last change of it left it: its row without the head's text (found by its hash in {@link
 * ContentBodies}), the version of its space's checks, and the row version the change's statement returned. An entry
 * may be stale in every way (another server wrote the unit, the transaction rolled back): a write from it is guarded by
 * the row version, so a stale entry costs a statement that writes nothing, never a wrong write. Few entries, least
 * recently used leave first, for the reason {@link ContentBodies} gives.
 */
@Component
class LastWritten {

  private static final int MAX_ENTRIES = 256;

  /** A unit's row without its data, what the unit's head text is found by, and what guards a write from it. */
  record Entry(Unit unit, String headSha256, long checksVersion, String rowVersion) {}

  private final Map<UnitKey, Entry> entries = new LinkedHashMap<>(MAX_ENTRIES, 0.75f, true);

  synchronized Optional<Entry> get(UnitKey key) {
    return Optional.ofNullable(entries.get(key));
  }

  synchronized void put(UnitKey key, Entry entry) {
    entries.put(key, entry);
    var eldest = entries.values().iterator();
    while (entries.size() > MAX_ENTRIES && eldest.hasNext()) {
      eldest.next();
      eldest.remove();
    }
  }
}

package io.tandem.unit.persistence;

import io.tandem.common.hash.ContentHash;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Recently written and read contents by their SHA-256, so that a write finds its unit's head text without a query.
 * Content is addressed by its hash, so an entry is never stale, whatever happens to the revisions that use it; a
 * transaction that rolls back leaves only an entry nobody asks for. Bounded by entries and by the characters held;
 * least recently used entries leave first. Few entries on purpose: what must stay is the head of each unit written
 * often, and entries that lived for seconds were copied by each young collection until promoted (as in {@link
 * io.tandem.common.yaml.ParsedContent}); a unit outside the last few hundred written costs its write one query more.
 */
@Component
class ContentBodies {

  private static final int MAX_ENTRIES = 256;
  private static final long MAX_CHARS = 8L * 1024 * 1024;
  private static final int MAX_ENTRY_CHARS = 256 * 1024;

  private final Map<String, String> bodies = new LinkedHashMap<>(256, 0.75f, true);
  private long chars;

  synchronized Optional<String> get(String sha256) {
    return sha256 == null ? Optional.empty() : Optional.ofNullable(bodies.get(sha256));
  }

  /** The hash of a new head's text, which is kept for the next write of the unit to find it by. */
  String keep(String body) {
    String sha256 = ContentHash.sha256Hex(body);
    put(sha256, body);
    return sha256;
  }

  synchronized void put(String sha256, String body) {
    if (body.length() > MAX_ENTRY_CHARS || bodies.containsKey(sha256)) {
      return;
    }
    bodies.put(sha256, body);
    chars += body.length();
    var eldest = bodies.values().iterator();
    while ((chars > MAX_CHARS || bodies.size() > MAX_ENTRIES) && eldest.hasNext()) {
      chars -= eldest.next().length();
      eldest.remove();
    }
  }
}

package io.tandem.git.domain;

import java.time.Instant;
import java.util.UUID;

/** One change still to be mirrored: a revision of a unit, or (with {@code revisionNum} null and no data) its deletion. */
public record OutboxEntry(
    long seq,
    UUID unitId,
    String unit,
    Integer revisionNum,
    String source,
    String description,
    String author,
    Instant createdAt,
    String data) {

  public boolean deletion() {
    return revisionNum == null;
  }
}

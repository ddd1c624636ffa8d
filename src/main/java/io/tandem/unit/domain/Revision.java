package io.tandem.unit.domain;

import java.time.Instant;
import java.util.List;

/**
 * An immutable snapshot of a unit's data. {@code data} and {@code mutations} are {@code null} when not loaded (in
 * lists).
 *
 * @param contentSha256 the SHA-256 of the data's UTF-8 bytes, in hex
 * @param restoredFrom the revision whose data a {@code Restore} revision copies, else {@code null}
 */
public record Revision(
    int num,
    RevisionSource source,
    String description,
    String author,
    Instant createdAt,
    String contentSha256,
    Integer restoredFrom,
    String data,
    List<Mutation> mutations) {}

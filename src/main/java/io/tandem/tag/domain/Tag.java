package io.tandem.tag.domain;

import java.time.Instant;
import java.util.List;

/** A named set of revisions across a space's units, at most one per unit: a release to return to. */
public record Tag(String space, String slug, String description, Instant createdAt, List<TaggedRevision> revisions) {

  public record TaggedRevision(String unit, int revisionNum) {}
}

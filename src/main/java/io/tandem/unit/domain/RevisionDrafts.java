package io.tandem.unit.domain;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.StructuralDiff;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.stereotype.Component;

/** New unit data as it becomes a revision: validated against the size limit, and described by its mutations. */
@Component
class RevisionDrafts {

  private final Clock clock;
  private final long maxDataBytes;

  RevisionDrafts(Clock clock, TandemProperties properties) {
    this.clock = clock;
    this.maxDataBytes = properties.maxUnitDataSize().toBytes();
  }

  /** The data's objects; 413 when it is over the size limit, 400 when it is not Kubernetes YAML. */
  List<KubernetesResource> parse(String data) {
    long size = data.getBytes(StandardCharsets.UTF_8).length;
    if (size > maxDataBytes) {
      throw new TandemException(
          ProblemCode.PAYLOAD_TOO_LARGE,
          "Unit data is " + size + " bytes; the limit is " + maxDataBytes + " bytes.");
    }
    return ParsedContent.parse(data, maxDataBytes);
  }

  /** A revision of {@code data} over the unit's head, its mutations made {@code by} what is named. */
  NewRevision draft(
      Unit current,
      String data,
      List<KubernetesResource> resources,
      RevisionSource source,
      String description,
      String author,
      Integer restoredFrom,
      String by) {
    List<KubernetesResource> before = ParsedContent.parse(current.data());
    return new NewRevision(
        data, source, descriptionOr(description, ""), author, restoredFrom, mutations(before, resources, by));
  }

  /** Timestamps as the database keeps them (microseconds), so that what a change returns equals what a read gives. */
  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  static List<Mutation> mutations(List<KubernetesResource> before, List<KubernetesResource> after, String by) {
    return StructuralDiff.between(before, after).stream().map(change -> Mutation.of(change, by)).toList();
  }

  static String displayNameOrSlug(String displayName, String slug) {
    return displayName == null || displayName.isBlank() ? slug : displayName;
  }

  static String descriptionOr(String description, String fallback) {
    return description == null || description.isBlank() ? fallback : description;
  }
}

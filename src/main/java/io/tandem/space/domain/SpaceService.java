package io.tandem.space.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Labels;
import io.tandem.common.naming.Slugs;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.patch.MergePatch;
import io.tandem.health.domain.ApplyWait;
import io.tandem.query.WhereAttributes;
import io.tandem.query.WhereSql;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

@Service
public class SpaceService {

  public static final Set<String> PATCHABLE = Set.of("displayName", "labels", "driftMode", "requiredApprovals", "applyWaitFor", "applyWaitTimeout");

  private final SpaceStore store;
  private final Clock clock;

  public SpaceService(SpaceStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /**
   * @param applyWaitFor {@code healthy}, {@code none} or null, with {@code applyWaitTimeout} as an apply's
   *     {@code waitFor} and {@code timeout}
   */
  public Space create(String slug, String displayName, Map<String, String> labels, String driftMode, Integer requiredApprovals,
      String applyWaitFor, String applyWaitTimeout) {
    Slugs.require("slug", slug);
    Instant now = now();
    Space space =
        new Space(
            UUID.randomUUID(),
            slug,
            displayName == null || displayName.isBlank() ? slug : displayName,
            Labels.require(labels),
            driftMode == null ? DriftMode.Report : DriftMode.parse("driftMode", driftMode),
            requiredApprovals(requiredApprovals == null ? 0 : requiredApprovals),
            applyWait(applyWaitFor, applyWaitTimeout),
            0,
            now,
            now);
    if (!store.insert(space)) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Space '" + slug + "' already exists.");
    }
    return space;
  }

  public Space get(String slug) {
    return store.find(slug).orElseThrow(() -> TandemException.notFound("Space '" + slug + "' does not exist."));
  }

  /** Spaces that match {@code where} (the where language; blank for all). */
  public ListResponse<Space> list(PageRequest page, String where) {
    return page.page(store.list(page, WhereSql.of(where, WhereAttributes.SPACES)), Space::slug);
  }

  public Space patch(String slug, MergePatch patch) {
    return store
        .update(slug, current -> applyPatch(current, patch))
        .orElseThrow(() -> TandemException.notFound("Space '" + slug + "' does not exist."));
  }

  private Space applyPatch(Space current, MergePatch patch) {
    String displayName = current.displayName();
    if (patch.has("displayName")) {
      String value = patch.text("displayName");
      displayName = value == null || value.isBlank() ? current.slug() : value;
    }
    DriftMode driftMode = current.driftMode();
    if (patch.has("driftMode")) {
      String value = patch.text("driftMode");
      driftMode = value == null ? DriftMode.Report : DriftMode.parse("driftMode", value);
    }
    int requiredApprovals = current.requiredApprovals();
    if (patch.has("requiredApprovals")) {
      Long value = patch.integer("requiredApprovals");
      requiredApprovals = requiredApprovals(value == null ? 0 : (int) Math.max(-1, Math.min(101, value)));
    }
    Map<String, String> labels = Labels.require(patch.mergeMap("labels", current.labels()));
    return new Space(current.id(), current.slug(), displayName, labels, driftMode, requiredApprovals,
        patchedApplyWait(current.applyWait(), patch),
        current.unitCount(), current.createdAt(), now());
  }

  /** A timeout the patch does not name is kept while the space still waits. */
  private static ApplyWait patchedApplyWait(ApplyWait current, MergePatch patch) {
    String waitFor = patch.has("applyWaitFor") ? patch.text("applyWaitFor") : current.waits() ? "healthy" : null;
    String timeout = patch.has("applyWaitTimeout") ? patch.text("applyWaitTimeout")
        : current.waits() && "healthy".equals(waitFor) ? ApplyWait.describe(current.timeout()) : null;
    return applyWait(waitFor, timeout);
  }

  private static ApplyWait applyWait(String waitFor, String timeout) {
    ApplyWait wait = ApplyWait.parse("Field", "applyWaitFor", waitFor, "applyWaitTimeout", timeout);
    return wait == null ? ApplyWait.NONE : wait;
  }

  private static int requiredApprovals(int value) {
    if (value < 0 || value > 100) {
      throw TandemException.validation("Field 'requiredApprovals' must be between 0 and 100, not " + value + ".");
    }
    return value;
  }

  public void delete(String slug, boolean recursive) {
    Space space = get(slug);
    if (!store.delete(space, recursive)) {
      throw TandemException.conflict(
          "Space '" + slug + "' still has units; delete them first or pass recursive=true.");
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}

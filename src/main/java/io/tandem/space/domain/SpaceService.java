package io.tandem.space.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Labels;
import io.tandem.common.naming.Slugs;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.patch.MergePatch;
import io.tandem.health.domain.ApplyWait;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

@Service
public class SpaceService {

  public static final Set<String> PATCHABLE = Set.of("displayName", "labels", "driftMode", "requiredApprovals", "applyWaitFor", "applyWaitTimeout",
      "fourEyes", "destroyGate", "applyMode", "ignoreRules");

  private final SpaceStore store;
  private final Clock clock;

  private final io.tandem.action.domain.RefreshQueue refreshes;

  public SpaceService(SpaceStore store, Clock clock, io.tandem.action.domain.RefreshQueue refreshes) {
    this.store = store;
    this.clock = clock;
    this.refreshes = refreshes;
  }

  /** The settings a space is created with; null: the default. */
  public record Settings(String driftMode, Integer requiredApprovals, String applyWaitFor, String applyWaitTimeout,
      Boolean fourEyes, Boolean destroyGate) {}

  /**
   * Creates a space.
   *
   * @param settings {@code applyWaitFor} ({@code healthy}, {@code none} or null) with {@code applyWaitTimeout} as an
   *     apply's {@code waitFor} and {@code timeout}; {@code fourEyes} off and {@code destroyGate} on by default
   */
  public Space create(String slug, String displayName, Map<String, String> labels, Settings settings) {
    Slugs.require("slug", slug);
    Instant now = now();
    Space space =
        new Space(
            UUID.randomUUID(),
            slug,
            displayName == null || displayName.isBlank() ? slug : displayName,
            Labels.require(labels),
            settings.driftMode() == null ? DriftMode.Report : DriftMode.parse("driftMode", settings.driftMode()),
            requiredApprovals(settings.requiredApprovals() == null ? 0 : settings.requiredApprovals()),
            applyWait(settings.applyWaitFor(), settings.applyWaitTimeout()),
            Boolean.TRUE.equals(settings.fourEyes()),
            !Boolean.FALSE.equals(settings.destroyGate()),
            ApplyMode.OnDemand,
            IgnoreRules.NONE,
            null,
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
    return page.page(store.list(page, Where.parse(where, WhereCatalog.SPACES)), Space::slug);
  }

  public Space patch(String slug, MergePatch patch) {
    Space patched = store
        .update(slug, current -> applyPatch(current, patch))
        .orElseThrow(() -> TandemException.notFound("Space '" + slug + "' does not exist."));
    if (patch.has("ignoreRules")) {
      // what is drift has changed: each applied unit is looked at again now, not at the next periodic pass
      refreshes.enqueueBackgroundRefreshesInSpace(slug);
    }
    return patched;
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
    boolean fourEyes = patch.has("fourEyes") ? Boolean.TRUE.equals(patch.bool("fourEyes")) : current.fourEyes();
    boolean destroyGate = patch.has("destroyGate") ? !Boolean.FALSE.equals(patch.bool("destroyGate")) : current.destroyGate();
    ApplyMode applyMode = !patch.has("applyMode") ? current.applyMode()
        : patch.text("applyMode") == null ? ApplyMode.OnDemand : ApplyMode.parse("applyMode", patch.text("applyMode"));
    IgnoreRules ignoreRules =
        patch.has("ignoreRules") ? IgnoreRules.parse("ignoreRules", patch.objects("ignoreRules")) : current.ignoreRules();
    return new Space(current.id(), current.slug(), displayName, labels, driftMode, requiredApprovals,
        patchedApplyWait(current.applyWait(), patch), fourEyes, destroyGate, applyMode, ignoreRules, current.suspended(),
        current.unitCount(), current.createdAt(), now());
  }

  /**
   * Stops everything automatic for the space's units ({@code reason} required); suspending again replaces who, why and
   * when. It changes no setting of the space: {@code updatedAt} stays.
   */
  public Space suspend(String slug, String reason, String by) {
    Suspension suspension = new Suspension(by, Suspension.requireReason(reason), now());
    return store.update(slug, current -> withSuspension(current, suspension))
        .orElseThrow(() -> TandemException.notFound("Space '" + slug + "' does not exist."));
  }

  /** Ends the space's suspension; its units' own suspensions stay. Resuming a space that is not suspended is no error. */
  public Space resume(String slug) {
    return store.update(slug, current -> withSuspension(current, null))
        .orElseThrow(() -> TandemException.notFound("Space '" + slug + "' does not exist."));
  }

  private static Space withSuspension(Space current, Suspension suspension) {
    return new Space(current.id(), current.slug(), current.displayName(), current.labels(), current.driftMode(),
        current.requiredApprovals(), current.applyWait(), current.fourEyes(), current.destroyGate(), current.applyMode(),
        current.ignoreRules(), suspension,
        current.unitCount(), current.createdAt(), current.updatedAt());
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

  /**
   * With {@code recursive}, units that have objects on their targets go too (the objects stay, unmanaged): while the
   * space's destroy gate is on, only when {@code confirm} is the space's slug.
   */
  public void delete(String slug, boolean recursive, String confirm) {
    Space space = get(slug);
    List<String> live = recursive && space.destroyGate() && !slug.equals(confirm) ? store.unitsWithObjects(space) : List.of();
    if (!live.isEmpty()) {
      throw new TandemException(ProblemCode.CONFIRMATION_REQUIRED, "Deleting space '" + slug + "' deletes " + live.size()
          + " unit(s) that have objects on their targets, which stay there unmanaged: "
          + String.join(", ", live.size() > 10 ? live.subList(0, 10) : live) + (live.size() > 10 ? ", …" : "")
          + ". Confirm with confirm=" + slug + ", or destroy them first.", Map.of("units", live));
    }
    if (!store.delete(space, recursive)) {
      throw TandemException.conflict(
          "Space '" + slug + "' still has units; delete them first or pass recursive=true.");
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}

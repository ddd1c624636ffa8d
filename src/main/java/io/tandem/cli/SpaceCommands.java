package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.EventsApi;
import io.tandem.client.api.SpacesApi;
import io.tandem.client.api.SuspensionApi;
import io.tandem.client.model.CreateSpaceRequest;
import io.tandem.client.model.ListResponseSpace;
import io.tandem.client.model.Space;
import io.tandem.client.model.SpacePatch;
import io.tandem.client.model.SpaceSummary;
import io.tandem.client.model.SuspendRequest;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "space", description = "Spaces: create, update, list, get, summary, suspend, resume, delete", mixinStandardHelpOptions = true)
class SpaceCommands extends TandemCli.Group {

  @Spec CommandSpec spec;

  @Command(name = "create", description = "Create a space")
  int create(
      @Parameters(paramLabel = "SLUG") String slug,
      @Option(names = "--label", description = "key=value (repeatable)") Map<String, String> labels,
      @Option(names = "--drift-mode", description = "Report, Capture or Revert") String driftMode,
      @Option(names = "--apply-wait-for", description = "healthy: applies that do not say --wait-for wait for the"
          + " objects to be healthy") String applyWaitFor,
      @Option(names = "--apply-wait-timeout", description = "With --apply-wait-for: how long (30s, 5m, 1h; default 5m)")
          String applyWaitTimeout,
      @Option(names = "--four-eyes", description = "An approval by a revision's author does not count") boolean fourEyes,
      @Option(names = "--no-destroy-gate", description = "Destroying or deleting a live unit needs no confirmation")
          boolean noDestroyGate) throws ApiException {
    Space space = new SpacesApi(root.client()).createSpace(new CreateSpaceRequest().slug(slug).labels(labels)
        .driftMode(driftMode == null ? null : CreateSpaceRequest.DriftModeEnum.fromValue(driftMode))
        .applyWaitFor(applyWaitFor == null ? null : CreateSpaceRequest.ApplyWaitForEnum.fromValue(applyWaitFor))
        .applyWaitTimeout(applyWaitTimeout)
        .fourEyes(fourEyes ? Boolean.TRUE : null)
        .destroyGate(noDestroyGate ? Boolean.FALSE : null));
    show(space, List.of(space));
    return 0;
  }

  @Command(name = "update", description = "Change a space's apply mode")
  int update(@Parameters(paramLabel = "SLUG") String slug,
      @Option(names = "--apply-mode", required = true, description = "OnDemand, or Continuous: the server applies each"
          + " new head revision of the space's units once its gates pass, and retries failures") String applyMode)
      throws ApiException {
    SpacePatch.ApplyModeEnum mode = SpacePatch.ApplyModeEnum.fromValue(applyMode);
    if (mode == null) {
      throw new ParameterException(spec.commandLine(), "--apply-mode is OnDemand or Continuous, not '" + applyMode + "'.");
    }
    Space space = new SpacesApi(root.client()).patchSpace(slug, new SpacePatch().applyMode(mode));
    show(space, List.of(space));
    return 0;
  }

  @Command(name = "suspend", description = "Stop everything automatic for all units of a space; drift is still reported")
  int suspend(@Parameters(paramLabel = "SLUG") String slug,
      @Option(names = "--reason", required = true, description = "Why; shown on the space and its units") String reason)
      throws ApiException {
    Space space = new SuspensionApi(root.client()).suspendSpace(slug, new SuspendRequest().reason(reason));
    show(space, List.of(space));
    return 0;
  }

  @Command(name = "resume", description = "Resume a suspended space")
  int resume(@Parameters(paramLabel = "SLUG") String slug) throws ApiException {
    Space space = new SuspensionApi(root.client()).resumeSpace(slug);
    show(space, List.of(space));
    return 0;
  }

  @Command(name = "list", description = "List spaces")
  int list(@Option(names = "--where", description = "A filter in the where language") String where) throws ApiException {
    ListResponseSpace page = new SpacesApi(root.client()).listSpaces(where, 1000, null);
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "get", description = "A space")
  int get(@Parameters(paramLabel = "SLUG") String slug) throws ApiException {
    Space space = new SpacesApi(root.client()).getSpace(slug);
    show(space, List.of(space));
    return 0;
  }

  @Command(name = "summary", description = "A space at a glance: units, drift, health, unapplied changes, recent actions")
  int summary(@Parameters(paramLabel = "SLUG") String slug) throws ApiException {
    SpaceSummary summary = new EventsApi(root.client()).getSpaceSummary(slug);
    root.output().print(summary, List.of(summary),
        new Output.Column<SpaceSummary>("UNITS", SpaceSummary::getUnits),
        new Output.Column<SpaceSummary>("UNAPPLIED", SpaceSummary::getUnappliedChanges),
        new Output.Column<SpaceSummary>("NEVER APPLIED", SpaceSummary::getNeverApplied),
        new Output.Column<SpaceSummary>("GATED", SpaceSummary::getGated),
        new Output.Column<SpaceSummary>("DRIFT", SpaceSummary::getDrift),
        new Output.Column<SpaceSummary>("HEALTH", SpaceSummary::getHealth));
    return 0;
  }

  @Command(name = "delete", description = "Delete a space (with --recursive, its units too)")
  int delete(@Parameters(paramLabel = "SLUG") String slug,
      @Option(names = "--recursive", description = "Delete its units too") boolean recursive,
      @Option(names = "--confirm", description = "Confirm leaving live units' objects on their clusters") boolean confirm)
      throws ApiException {
    new SpacesApi(root.client()).deleteSpace(slug, recursive ? Boolean.TRUE : null, confirm ? slug : null);
    root.output().text("Deleted space " + slug);
    return 0;
  }

  private void show(Object whole, List<Space> spaces) {
    root.output().print(whole, spaces,
        new Output.Column<>("SLUG", Space::getSlug),
        new Output.Column<>("UNITS", Space::getUnitCount),
        new Output.Column<>("DRIFT MODE", Space::getDriftMode),
        new Output.Column<>("SUSPENDED", space -> space.getSuspended() == null ? "" : space.getSuspended().getReason()),
        new Output.Column<>("LABELS", Space::getLabels));
  }
}

package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ActionsApi;
import io.tandem.client.api.SuspensionApi;
import io.tandem.client.api.UnitsApi;
import io.tandem.client.api.VariantsApi;
import io.tandem.client.model.ApplyPreview;
import io.tandem.client.model.ChartUpgrade;
import io.tandem.client.model.ChartUpgradeChart;
import io.tandem.client.model.CreateUnitRequest;
import io.tandem.client.model.Diff;
import io.tandem.client.model.DiffChange;
import io.tandem.client.model.ListResponseUnit;
import io.tandem.client.model.SuspendRequest;
import io.tandem.client.model.Unit;
import io.tandem.client.model.UnitAction;
import io.tandem.client.model.UnitPatch;
import io.tandem.client.model.UpgradeResult;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "unit", mixinStandardHelpOptions = true, subcommands = {UnitLiveCommand.class, UnitApproveCommand.class,
    UnitActionsCommand.class, UnitOriginCommand.class, UnitBackportCommand.class},
    description = "Units: create, get, list, update, delete, data, revisions, diff, upgrade, apply, refresh, destroy, suspend,"
        + " resume, live, approve, actions, origin, backport")
class UnitCommands extends TandemCli.Group {

  @Spec CommandSpec spec;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  private UnitsApi units() {
    return new UnitsApi(root.client());
  }

  private ActionsApi actions() {
    return new ActionsApi(root.client());
  }

  private SuspensionApi suspensions() {
    return new SuspensionApi(root.client());
  }

  @Command(name = "create", description = "Create a unit from a YAML file (- for standard input)")
  int create(
      @Parameters(paramLabel = "SLUG") String slug,
      @Option(names = {"-f", "--file"}, description = "The YAML; absent: an empty unit") String file,
      @Option(names = "--target", description = "The target it applies to") String target,
      @Option(names = "--label", description = "key=value (repeatable)") Map<String, String> labels,
      @Option(names = {"-m", "--message"}, description = "Change description") String message) throws ApiException {
    Unit unit = units().createUnit(space, new CreateUnitRequest().slug(slug).data(file == null ? "" : read(file))
        .target(target).labels(labels).changeDescription(message));
    showUnits(unit, List.of(unit));
    return 0;
  }

  @Command(name = "get", description = "A unit's state")
  int get(@Parameters(paramLabel = "UNIT") String unit) throws ApiException {
    Unit found = units().getUnit(space, unit);
    showUnits(found, List.of(found));
    return 0;
  }

  @Command(name = "list", description = "The space's units")
  int list(@Option(names = "--where", description = "A filter in the where language") String where) throws ApiException {
    ListResponseUnit page = units().listUnits(space, where, null, null, 1000, null, null);
    showUnits(page, page.getItems());
    return 0;
  }

  @Command(name = "update", description = "Change a unit: new data (--file), a merge patch (--patch) or a restore (--restore)")
  int update(
      @Parameters(paramLabel = "UNIT") String unit,
      @Option(names = {"-f", "--file"}, description = "The whole new YAML (- for standard input)") String file,
      @Option(names = "--patch", arity = "0..1", fallbackValue = "", description = "A JSON merge patch, e.g."
          + " '{\"labels\":{\"tier\":\"web\"}}'; alone (--patch --restore -1), only says the change is a patch") String patch,
      @Option(names = "--restore", description = "A revision to restore: 3, -1, live, tag:<name>") String restore,
      @Option(names = {"-m", "--message"}, description = "Change description") String message,
      @Option(names = "--move-objects", description = "With a new target in --patch: move the unit's objects there"
          + " (destroy on the old target, then apply on the new)") boolean moveObjects,
      @Option(names = "--confirm", description = "With --move-objects: confirm deleting the objects from the old target"
          + " (needed while the space's destroy gate is on)") boolean confirm,
      @Option(names = "--apply-mode", description = "OnDemand or Continuous (the server applies each new head revision"
          + " once its gates pass); alone or with --patch") String applyMode) throws ApiException {
    if ("".equals(patch)) {
      patch = null;
    }
    int given = (file == null ? 0 : 1) + (patch == null ? 0 : 1) + (restore == null ? 0 : 1);
    if (given == 0 && applyMode != null) {
      patch = "{}";
      given = 1;
    }
    if (given != 1 || (applyMode != null && patch == null)) {
      throw new ParameterException(spec.commandLine(), "Give one of --file, --patch or --restore (--apply-mode goes alone or with --patch).");
    }
    Unit changed;
    if (file != null) {
      changed = units().putUnitData(space, unit, message, null, read(file));
    } else if (restore != null) {
      changed = units().patchUnit(space, unit, restore, null, null, null, message == null ? null : new UnitPatch().changeDescription(message));
    } else {
      UnitPatch body = root.client().getObjectMapper().readValue(patch, UnitPatch.class);
      if (message != null) {
        body.changeDescription(message);
      }
      if (applyMode != null) {
        body.applyMode(applyMode(applyMode));
      }
      changed = units().patchUnit(space, unit, null, moveObjects ? Boolean.TRUE : null, confirm ? unit : null, null, body);
    }
    showUnits(changed, List.of(changed));
    return 0;
  }

  @Command(name = "data", description = "The YAML of a revision (default head)")
  int data(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = {"-r", "--revision"}, defaultValue = "head", description = "3, -1, live, tag:<name>") String revision) throws ApiException {
    root.output().text(units().getUnitData(space, unit, revision));
    return 0;
  }

  @Command(name = "revisions", description = "A unit's revisions, newest first")
  int revisions(@Parameters(paramLabel = "UNIT") String unit) throws ApiException {
    RevisionCommands.print(root.output(), units().listRevisions(space, unit, 1000, null));
    return 0;
  }

  @Command(name = "diff", description = "What changed between two revisions (default the one before head, and head)")
  int diff(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--from", defaultValue = "-1") String from,
      @Option(names = "--to", defaultValue = "head") String to) throws ApiException {
    Diff diff = units().diffUnit(space, unit, from, to);
    root.output().print(diff, diff.getChanges(),
        new Output.Column<DiffChange>("OP", DiffChange::getOp),
        new Output.Column<DiffChange>("RESOURCE", DiffChange::getResource),
        new Output.Column<DiffChange>("PATH", DiffChange::getPath),
        new Output.Column<DiffChange>("FROM", DiffChange::getFrom),
        new Output.Column<DiffChange>("TO", DiffChange::getTo));
    return 0;
  }

  @Command(name = "upgrade", description = "Merge what the unit's upstream (a clone's) or chart (a unit made from a Helm"
      + " chart) changed since its base, keeping the unit's own edits")
  int upgrade(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--strategy", description = "merge (default: conflicts refuse the upgrade), upstreamWins or"
          + " downstreamWins") String strategy,
      @Option(names = "--chart", description = "Another chart: a .tgz file or an oci:// reference") String chart,
      @Option(names = "--chart-version", description = "Another version of the unit's chart (repository or registry)")
          String chartVersion,
      @Option(names = {"-f", "--values"}, description = "New values (a YAML file; - for standard input)") String values)
      throws ApiException {
    ChartUpgrade body = chart == null && chartVersion == null && values == null ? null : new ChartUpgrade()
        .chart(chart == null ? null : new ChartUpgradeChart(InputFiles.chart(spec, chart))).version(chartVersion)
        .values(values == null ? null : InputFiles.text(spec, values));
    UpgradeResult result = new VariantsApi(root.client()).upgradeUnit(space, unit, strategy, body);
    root.output().print(result, List.of(result),
        new Output.Column<UpgradeResult>("UNIT", UpgradeResult::getUnit),
        new Output.Column<UpgradeResult>("HEAD", UpgradeResult::getHeadRevisionNum),
        new Output.Column<UpgradeResult>("CHANGES", UpgradeResult::getChangesApplied),
        new Output.Column<UpgradeResult>("FROM", upgraded -> upgraded.getFromChart() != null
            ? upgraded.getFromChart().getName() + " " + upgraded.getFromChart().getVersion() : upgraded.getFromUpstreamRevision()),
        new Output.Column<UpgradeResult>("TO", upgraded -> upgraded.getToChart() != null
            ? upgraded.getToChart().getName() + " " + upgraded.getToChart().getVersion() : upgraded.getToUpstreamRevision()));
    return 0;
  }

  @Command(name = "apply", description = "Apply a revision (default head) to the unit's target, and wait for it")
  int apply(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = {"-r", "--revision"}, defaultValue = "head") String revision,
      @Option(names = "--wait", defaultValue = "60", description = "Seconds to wait for the outcome") int wait,
      @Option(names = "--take-over", description = "Take over objects that other units applied") boolean takeOver,
      @Option(names = "--wait-for", description = "healthy: once applied, wait for the objects to be healthy;"
          + " none: do not, whatever the space's default")
          String waitFor,
      @Option(names = "--timeout", description = "With --wait-for: how long (30s, 5m, 1h; default 5m)") String timeout,
      @Option(names = "--dry-run", description = "Apply nothing: show what the apply would change on the cluster,"
          + " what its prune would delete and the gates that would refuse it") boolean dryRun,
      @Option(names = "--override-sync-windows", description = "Apply though a sync window keeps the unit from being"
          + " applied now; the action records who did") boolean overrideSyncWindows)
      throws ApiException {
    if (dryRun) {
      return showPreview(actions().previewApply(space, unit, revision, takeOver));
    }
    return showAction(actions().applyUnit(space, unit, revision, wait, takeOver, waitFor, timeout,
        overrideSyncWindows ? Boolean.TRUE : null));
  }

  /** The changed paths as diff shows them; the gates that would refuse the apply make the exit status 1. */
  private int showPreview(ApplyPreview preview) {
    root.output().print(preview, preview.getChanges(),
        new Output.Column<DiffChange>("OP", DiffChange::getOp),
        new Output.Column<DiffChange>("RESOURCE", DiffChange::getResource),
        new Output.Column<DiffChange>("PATH", DiffChange::getPath),
        new Output.Column<DiffChange>("FROM", DiffChange::getFrom),
        new Output.Column<DiffChange>("TO", DiffChange::getTo));
    return preview.getGates() == null || preview.getGates().isEmpty() ? 0 : 1;
  }

  @Command(name = "refresh", description = "Read the unit's objects from its target; capture a drift as a revision."
      + " With --dry-run, exit code 3 when there is drift")
  int refresh(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--dry-run", description = "Only report the drift") boolean dryRun,
      @Option(names = "--wait", defaultValue = "60") int wait) throws ApiException {
    UnitAction action = actions().refreshUnit(space, unit, dryRun, wait);
    int code = showAction(action);
    return code == 0 && dryRun && action.getResult() == UnitAction.ResultEnum.REFRESH_AND_DRIFTED ? TandemCli.DRIFT : code;
  }

  @Command(name = "destroy", description = "Delete the unit's objects from its target")
  int destroy(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--confirm", description = "Confirm deleting its objects from the cluster (needed while the"
          + " space's destroy gate is on)") boolean confirm,
      @Option(names = "--wait", defaultValue = "60") int wait) throws ApiException {
    return showAction(actions().destroyUnit(space, unit, confirm ? unit : null, wait));
  }

  @Command(name = "delete", description = "Delete a unit and its revisions (its objects on a cluster stay there)")
  int delete(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--force", description = "Delete it even though it is live on a target") boolean force,
      @Option(names = "--confirm", description = "Confirm leaving its objects on the cluster, unmanaged (needed while"
          + " the space's destroy gate is on)") boolean confirm) throws ApiException {
    units().deleteUnit(space, unit, force, confirm ? unit : null, null);
    root.output().text("Deleted unit " + unit + "\n");
    return 0;
  }

  @Command(name = "suspend", description = "Stop everything automatic for a unit (reverts of drift); drift is still reported")
  int suspend(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--reason", required = true, description = "Why; shown on the unit") String reason) throws ApiException {
    Unit suspended = suspensions().suspendUnit(space, unit, new SuspendRequest().reason(reason));
    showUnits(suspended, List.of(suspended));
    return 0;
  }

  @Command(name = "resume", description = "Resume a suspended unit")
  int resume(@Parameters(paramLabel = "UNIT") String unit) throws ApiException {
    Unit resumed = suspensions().resumeUnit(space, unit);
    showUnits(resumed, List.of(resumed));
    return 0;
  }

  int showAction(UnitAction action) {
    root.output().print(action, List.of(action),
        new Output.Column<UnitAction>("ACTION", UnitAction::getAction),
        new Output.Column<UnitAction>("STATUS", UnitAction::getStatus),
        new Output.Column<UnitAction>("RESULT", UnitAction::getResult),
        new Output.Column<UnitAction>("REVISION", UnitAction::getRevisionNum),
        new Output.Column<UnitAction>("CAPTURED", UnitAction::getCapturedRevisionNum),
        new Output.Column<UnitAction>("MESSAGE", UnitAction::getMessage));
    return action.getStatus() == UnitAction.StatusEnum.FAILED ? 1 : 0;
  }

  private void showUnits(Object whole, List<Unit> units) {
    root.output().print(whole, units,
        new Output.Column<Unit>("SLUG", Unit::getSlug),
        new Output.Column<Unit>("HEAD", Unit::getHeadRevisionNum),
        new Output.Column<Unit>("LIVE", Unit::getLiveRevisionNum),
        new Output.Column<Unit>("TARGET", Unit::getTarget),
        new Output.Column<Unit>("DRIFT", Unit::getDrift),
        new Output.Column<Unit>("SUSPENDED", unit -> unit.getSuspended() == null ? "" : unit.getSuspended().getScope().getValue()),
        new Output.Column<Unit>("GATES", unit -> unit.getApplyGates() == null ? 0 : unit.getApplyGates().size()));
  }

  private String read(String file) {
    return InputFiles.text(spec, file);
  }

  private UnitPatch.ApplyModeEnum applyMode(String value) {
    UnitPatch.ApplyModeEnum mode = UnitPatch.ApplyModeEnum.fromValue(value);
    if (mode == null) {
      throw new ParameterException(spec.commandLine(), "--apply-mode is OnDemand or Continuous, not '" + value + "'.");
    }
    return mode;
  }
}

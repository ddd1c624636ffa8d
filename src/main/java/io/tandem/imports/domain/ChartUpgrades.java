package io.tandem.imports.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Service;

/**
 * Upgrades of units made from a chart: the chart (another one, another version of it, or the same) is rendered again
 * with the unit's values or new ones, and what the rendering changed since the last one is merged into the unit's
 * data three-way, as a variant's upgrade merges its upstream's changes: the team's own edits since are kept, and a
 * path both changed is a conflict, which with the strategy {@code merge} is a 409 that changes nothing. A unit made
 * of part of the chart takes its part of the new rendering ({@link RenderParts#part}).
 */
@Service
public class ChartUpgrades {

  /** What to upgrade to: a chart, a version of the unit's own, values; null for what the unit has. */
  public record Change(ChartSource chart, String version, String values) {}

  /** What an upgrade did: the unit after it, the charts it went from and to, the changes taken, the conflicts. */
  public record Upgraded(Unit unit, ChartMetadata from, ChartMetadata to, int changesApplied,
      List<UpgradeMerge.Conflict> conflicts) {}

  private final UnitQueries units;
  private final UnitCommands commands;
  private final ChartUnitStore store;
  private final ChartLoader loader;
  private final ChartRenderer renderer;
  private final AccessCheck access;
  private final Clock clock;
  private final RenderHolders holders;

  ChartUpgrades(UnitQueries units, UnitCommands commands, ChartUnitStore store, ChartLoader loader,
      ChartRenderer renderer, AccessCheck access, Clock clock, RenderHolders holders) {
    this.holders = holders;
    this.units = units;
    this.commands = commands;
    this.store = store;
    this.loader = loader;
    this.renderer = renderer;
    this.access = access;
    this.clock = clock;
  }

  /** Whether the unit was made from a chart (and so is upgraded from it, not from an upstream unit). */
  public boolean madeFromChart(String space, String slug) {
    return store.find(units.get(space, slug).id()).isPresent();
  }

  public Upgraded upgrade(String space, String slug, Change change, UpgradeMerge.Strategy strategy, String author) {
    Unit unit = units.get(space, slug);
    ChartUnit before = store.find(unit.id()).orElseThrow(() -> TandemException.validation(
        "Unit '" + slug + "' was not made from a chart."));
    LoadedChart loaded = chart(slug, before, change);
    String values = change.values() == null ? before.release().values() : ChartValues.require(change.values());
    Release release = new Release(before.release().name(), before.release().namespace(), values);
    RenderedChart rendered = renderer.render(loaded.archive(), HelmImports.forHelm(release));
    String theirs = ChartManifests.data(
        holders.partOf(unit.id(), ChartManifests.documents(rendered, release.namespace())));
    String upgrading = "Upgrading '" + slug + "' from chart " + HelmImports.describe(before.chart()) + " to "
        + HelmImports.describe(rendered.chart());
    boolean showSecrets = access.mayReadSecrets(space);
    AtomicReference<UpgradeMerge.Result> outcome = new AtomicReference<>();
    Unit upgraded = commands.editData(space, slug, author, current -> {
      ChartUnit base = store.find(current.id()).orElseThrow();
      if (!base.renderedAt().equals(before.renderedAt())) {
        throw TandemException.conflict("Unit '" + slug + "' was upgraded meanwhile; upgrade it again.");
      }
      UpgradeMerge.Result merged = UpgradeMerge.merge(ParsedContent.parse(base.rendered()), ParsedContent.parse(theirs),
          ParsedContent.parse(current.data()), strategy);
      UpgradeMerge.Result result = showSecrets ? merged : new UpgradeMerge.Result(merged.resources(), merged.applied(),
          merged.conflicts().stream().map(UpgradeMerge::masked).toList());
      outcome.set(result);
      if (!result.conflicts().isEmpty() && strategy == UpgradeMerge.Strategy.merge) {
        throw UpgradeMerge.conflictError(upgrading, result.conflicts());
      }
      store.save(new ChartUnit(current.id(), rendered.chart(), loaded.origin(), loaded.archive(), release, theirs,
          clock.instant()));
      List<KubernetesResource> wanted = new ArrayList<>();
      for (int i = 0; i < result.resources().size(); i++) {
        wanted.add(KubernetesYaml.resource(result.resources().get(i), i + 1));
      }
      String by = "upgrade of chart " + before.chart().name() + " " + before.chart().version() + "→"
          + rendered.chart().version();
      List<Mutation> mutations = result.applied().stream().map(applied -> Mutation.of(applied, by)).toList();
      return new DataEdit(TextPatcher.patch(current.data(), wanted), RevisionSource.Upgrade,
          "Upgrade of chart " + before.chart().name() + " from " + before.chart().version() + " to "
              + HelmImports.describe(rendered.chart()), mutations);
    });
    UpgradeMerge.Result result = outcome.get();
    return new Upgraded(upgraded, before.chart(), rendered.chart(), result.applied().size(), result.conflicts());
  }

  /** The chart to render: the one sent, the unit's own at the version asked for, or the one the unit has. */
  private LoadedChart chart(String slug, ChartUnit before, Change change) {
    if (change.chart() != null && change.version() != null) {
      throw TandemException.validation("Send 'chart' or 'version', not both.");
    }
    if (change.chart() != null) {
      return loader.load(change.chart());
    }
    if (change.version() != null) {
      ChartSource source = before.origin().atVersion(change.version().strip()).orElseThrow(() -> TandemException.validation(
          "Unit '" + slug + "' was made from a chart " + (before.origin().source() == ChartOrigin.Source.git
              ? "folder of a Git repository" : "sent in the request") + ", which has no versions to choose from; send"
              + " the new chart in 'chart'."));
      return loader.load(source);
    }
    return new LoadedChart(before.archive(), before.origin());
  }
}

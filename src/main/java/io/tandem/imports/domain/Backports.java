package io.tandem.imports.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import io.tandem.git.domain.GitUrls;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * Carries a revision's change back to the repository its unit is kept in step with: proposed first (the files and
 * their diff, checked by reading them back), and on request written as one commit on a new branch of that repository,
 * never forced, with who made the change in its message. Plain files are edited where the object is; a chart's values
 * file where a value feeds the changed path ({@link ChartBackportPlan}); a Kustomize folder gets a patch
 * ({@link KustomizeBackportPlan}).
 */
@Service
public class Backports {

  /** What carrying revision {@code revisionNum} back would change: at {@code baseCommit}, the origin's head. */
  public record Proposal(int revisionNum, String url, String ref, String baseCommit, List<FileEdit> files,
      List<ResourceChange> changes, boolean reproduces, String problem) {}

  /** One file as it is at the origin's head and as the backport leaves it, with the unified diff between. */
  public record FileEdit(String path, String before, String after, String diff) {}

  /** The branch written, its commit, and what it holds. */
  public record Written(String branch, String commit, Proposal proposal) {}

  private final GitOrigins origins;
  private final UnitQueries units;
  private final GitRemote remote;
  private final GitUrls urls;
  private final Clock clock;
  private final AccessCheck access;

  private final ChartBackportPlan charts;
  private final ChartUnitStore chartUnits;
  private final KustomizeBackportPlan kustomizations;

  Backports(GitOrigins origins, UnitQueries units, GitRemote remote, GitUrls urls, Clock clock, AccessCheck access,
      ChartBackportPlan charts, ChartUnitStore chartUnits, KustomizeBackportPlan kustomizations) {
    this.kustomizations = kustomizations;
    this.charts = charts;
    this.chartUnits = chartUnits;
    this.access = access;
    this.origins = origins;
    this.units = units;
    this.remote = remote;
    this.urls = urls;
    this.clock = clock;
  }

  /**
   * The change revision {@code num} made (against the revision before it) edited into the origin's files at the head
   * of its ref.
   *
   * @throws TandemException {@code not-found} for a unit without an origin or an unknown revision,
   *     {@code validation-failed} for the first revision or one that changed nothing, {@code git-remote-failed}
   */
  public Proposal propose(String space, String slug, int num) {
    Unit unit = units.get(space, slug);
    OriginStore.Stored stored = origins.stored(unit);
    if (num < 2) {
      throw TandemException.validation("Revision " + num + " has no revision before it to carry back a change from.");
    }
    Revision revision = units.revision(unit, num);
    List<ResourceChange> changes = StructuralDiff.between(ParsedContent.parse(units.dataAt(unit, num - 1)),
        ParsedContent.parse(revision.data()));
    if (changes.isEmpty()) {
      throw TandemException.validation("Revision " + num + " changed nothing to carry back.");
    }
    UnitOrigin origin = stored.origin();
    String folder = OriginText.folder(origin.layout(), origin.path());
    GitRemote.Snapshot snapshot = read(origin, origins.credentials(stored), folder);
    BackportPlan.Result plan = switch (origin.layout()) {
      case file, directory -> BackportPlan.of(origin, folder, snapshot.files(), changes);
      case kustomize -> kustomizations.of(origin, num, snapshot.files(), changes);
      case chart -> charts.of(chartUnits.find(unit.id()).orElseThrow(() -> TandemException.conflict(
          "Unit '" + slug + "' records no chart to render.")), folder, snapshot.files(), changes);
    };
    // the files hold the unit's objects (a chart's values feed them): Secrets among them are shown to those who may
    boolean secrets = ParsedContent.parse(revision.data()).stream()
        .anyMatch(resource -> "Secret".equals(resource.kind()) && "v1".equals(resource.apiVersion()));
    if (secrets && !access.mayReadSecrets(space)) {
      throw TandemException.forbidden("The files to change hold Secrets, which this caller may not read.");
    }
    return new Proposal(num, origin.url(), origin.ref(), snapshot.commit(), plan.files(), changes, plan.reproduces(),
        plan.problem());
  }

  /**
   * Writes the proposal as one commit on {@code branch} (default {@code tandem/backport/<unit>-r<num>}), a new branch
   * from the commit it was made at; the commit's author is the revision's.
   *
   * @throws TandemException {@code conflict} when the proposal does not reproduce the change, or the branch exists;
   *     as {@link #propose} otherwise
   */
  public Written write(String space, String slug, int num, String branch, String by) {
    Proposal proposal = propose(space, slug, num);
    if (!proposal.reproduces()) {
      throw TandemException.conflict("Revision " + num + " cannot be carried back: " + proposal.problem());
    }
    String name = urls.branch(branch == null || branch.isBlank() ? "tandem/backport/" + slug + "-r" + num : branch.strip());
    Unit unit = units.get(space, slug);
    OriginStore.Stored stored = origins.stored(unit);
    Revision revision = units.revision(unit, num);
    String message = message(space, slug, revision, by);
    Instant now = clock.instant();
    List<GitRemote.Change> files = proposal.files().stream().map(file -> new GitRemote.Change(file.path(),
        file.after(), revision.author(), revision.author() + "@tandem", revision.createdAt(), message)).toList();
    try (GitRemote.Clone clone = remote.open(unit.id(), proposal.url(), origins.credentials(stored))) {
      if (clone.fetch(name) != null) {
        throw TandemException.conflict("Branch '" + name + "' exists in " + proposal.url() + "; name another.");
      }
      GitRemote.Built built = clone.commitTogether(proposal.baseCommit(), files, "Tandem", "tandem@localhost", now);
      GitRemote.PushResult pushed = clone.push(built.head(), name);
      if (!pushed.updated()) {
        throw TandemException.conflict("Branch '" + name + "' was not written: " + pushed.status() + ".");
      }
      return new Written(name, built.head(), proposal);
    } catch (GitRemoteException e) {
      throw new TandemException(ProblemCode.GIT_REMOTE_FAILED, "Cannot write to " + proposal.url() + ": " + e.getMessage() + ".");
    }
  }

  private GitRemote.Snapshot read(UnitOrigin origin, GitCredentials credentials, String folder) {
    try {
      return remote.read(origin.url(), credentials, origin.ref(), folder).orElseThrow(() -> TandemException.conflict(
          "Ref '" + origin.ref() + "' is no longer in " + origin.url() + "."));
    } catch (GitRemoteException e) {
      throw new TandemException(ProblemCode.GIT_REMOTE_FAILED, "Cannot read the repository " + origin.url() + ": " + e.getMessage() + ".");
    }
  }

  /** What the change is and who made it: the revision's description, its author, and the makers of each path. */
  private static String message(String space, String slug, Revision revision, String by) {
    String makers = revision.mutations().stream().map(Mutation::by).distinct().collect(Collectors.joining(", "));
    String paths = revision.mutations().stream().map(m -> "- " + m.resource() + " " + m.path() + " (" + m.by() + ")")
        .collect(Collectors.joining("\n"));
    return "Back to source: revision " + revision.num() + " of " + space + "/" + slug + "\n\n"
        + revision.description() + "\n\n" + paths + "\n\n"
        + "Revision " + revision.num() + " (" + revision.source() + ") by " + revision.author() + " at "
        + revision.createdAt() + (makers.isEmpty() ? "" : "; made by " + makers) + ".\n"
        + "Written by " + by + " through Tandem.\n";
  }
}

package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Takes a unit's origin's new commit into the unit: what the repository changed since the commit last taken is
 * merged into the unit's data three-way (the base is the text last taken), so the unit's own changes since (edits in
 * Tandem, changes captured from the cluster) stay. A path both changed is a conflict: with the strategy
 * {@code merge} it is recorded on the origin with both values and the unit's head stays as it is; a later commit is
 * tried again, and {@code upstreamWins} or {@code downstreamWins} decides it. The new revision's source is
 * {@code Git}, its author the commit's.
 */
@Service
class OriginSync {

  /** What a sync did: {@code Updated} (a new revision), {@code Unchanged}, {@code Conflict} or {@code Failed}. */
  enum Outcome { Updated, Unchanged, Conflict, Failed }

  /** The outcome, the commit read (null when none could be), the unit after it, and why it failed. */
  record Result(Outcome outcome, String commit, Unit unit, String error) {}

  private final OriginStore store;
  private final GitRemote remote;
  private final UnitCommands commands;
  private final Clock clock;
  private final OriginReader reader;
  private final TransactionTemplate transaction;

  OriginSync(OriginStore store, GitRemote remote, UnitCommands commands, Clock clock, OriginReader reader,
      TransactionTemplate transaction) {
    this.transaction = transaction;
    this.reader = reader;
    this.store = store;
    this.remote = remote;
    this.commands = commands;
    this.clock = clock;
  }

  /**
   * Asks the repository for its head at the origin's ref and takes a commit not taken yet; a conflict met before at
   * the same commit is met again without reading, unless the strategy decides it.
   */
  Result sync(Unit unit, OriginStore.Stored stored, GitCredentials credentials, UpgradeMerge.Strategy strategy) {
    UnitOrigin origin = stored.origin();
    Instant now = now();
    GitRemote.Snapshot snapshot;
    try {
      Optional<String> head = remote.head(origin.url(), credentials, origin.ref());
      if (head.isEmpty()) {
        return failed(unit, origin, null, "Ref '" + origin.ref() + "' is no longer in the repository.", now);
      }
      // nothing changed on either side since the conflict was met: it would be met again
      boolean conflictAgain = origin.conflict() != null && origin.conflict().commit().equals(head.get())
          && origin.conflict().headRevision() == unit.headRevisionNum() && strategy == UpgradeMerge.Strategy.merge;
      if (head.get().equals(origin.syncedCommit()) || conflictAgain) {
        store.checked(unit.id(), now, null, origin.conflict());
        return new Result(conflictAgain ? Outcome.Conflict : Outcome.Unchanged, head.get(), unit, null);
      }
      snapshot = remote.read(origin.url(), credentials, head.get(),
          OriginText.folder(origin.layout(), origin.path())).orElse(null);
    } catch (GitRemoteException e) {
      return failed(unit, origin, null, "Cannot read the repository " + origin.url() + ": " + e.getMessage(), now);
    } catch (TandemException e) {
      return failed(unit, origin, null, e.getMessage(), now);
    }
    if (snapshot == null) {
      return failed(unit, origin, null, "Ref '" + origin.ref() + "' moved while it was read; tried again later.", now);
    }
    OriginReader.Read read = reader.read(unit.id(), origin, snapshot.files(), now);
    if (read.text() == null) {
      return failed(unit, origin, snapshot.commit(), read.problem(), now);
    }
    return take(unit, origin, snapshot, read, strategy, now);
  }

  private Result take(Unit unit, UnitOrigin origin, GitRemote.Snapshot snapshot, OriginReader.Read read,
      UpgradeMerge.Strategy strategy, Instant now) {
    String commit = snapshot.commit();
    List<UpgradeMerge.Conflict> conflicts = new ArrayList<>();
    Unit after;
    try {
      after = edit(unit, origin, snapshot, read, strategy, now, conflicts);
    } catch (TandemException e) {
      return failed(unit, origin, commit, "Commit " + commit.substring(0, 12) + " cannot be taken: " + e.getMessage(), now);
    }
    if (!conflicts.isEmpty() && strategy == UpgradeMerge.Strategy.merge) {
      store.checked(unit.id(), now, null,
          new UnitOrigin.Conflict(commit, snapshot.author(), snapshot.subject(), after.headRevisionNum(),
              List.copyOf(conflicts)));
      return new Result(Outcome.Conflict, commit, after, null);
    }
    if (after.headRevisionNum() == unit.headRevisionNum()) {
      taken(unit, commit, read, now); // the repository's change was the unit's already
      return new Result(Outcome.Unchanged, commit, after, null);
    }
    return new Result(Outcome.Updated, commit, after, null);
  }

  /** The unit with the commit taken, under its lock; the commit is recorded as taken in the same transaction. */
  private Unit edit(Unit unit, UnitOrigin origin, GitRemote.Snapshot snapshot, OriginReader.Read read,
      UpgradeMerge.Strategy strategy, Instant now, List<UpgradeMerge.Conflict> conflicts) {
    String commit = snapshot.commit();
    String theirs = read.text();
    String by = "commit " + commit.substring(0, 12) + " of " + origin.url();
    return commands.editData(unit.space(), unit.slug(), snapshot.author(), current -> {
      conflicts.clear();
      // the base as it is now, under the unit's lock: another sync may have taken a commit since this one read it
      String base = store.find(current.id()).map(stored -> stored.origin().syncedText()).orElse(origin.syncedText());
      DataEdit edit = merged(current.data(), base, theirs, strategy, by, conflicts);
      if (edit == null) {
        return null;
      }
      store.synced(current.id(), commit, theirs, now);
      reader.taken(read);
      return new DataEdit(edit.data(), RevisionSource.Git, "Commit " + commit.substring(0, 12) + " of "
          + origin.url() + " " + origin.ref() + ": " + snapshot.subject(), edit.mutations());
    });
  }

  /**
   * The unit's data with what the repository changed from {@code base} to {@code theirs}: the repository's text as
   * it is when the unit has no change of its own (comments and all), else the three-way merge patched onto the
   * unit's text. Null when conflicts are left to the caller ({@code conflicts} holds them).
   */
  private static DataEdit merged(String ours, String base, String theirs, UpgradeMerge.Strategy strategy, String by,
      List<UpgradeMerge.Conflict> conflicts) {
    List<KubernetesResource> current = ParsedContent.parse(ours);
    if (ours.equals(base)) {
      return new DataEdit(theirs, RevisionSource.Git, null, StructuralDiff.between(current, ParsedContent.parse(theirs))
          .stream().map(change -> Mutation.of(change, by)).toList());
    }
    UpgradeMerge.Result result = UpgradeMerge.merge(ParsedContent.parse(base), ParsedContent.parse(theirs), current,
        strategy);
    conflicts.addAll(result.conflicts());
    if (!conflicts.isEmpty() && strategy == UpgradeMerge.Strategy.merge) {
      return null;
    }
    List<KubernetesResource> wanted = new ArrayList<>();
    for (int i = 0; i < result.resources().size(); i++) {
      wanted.add(KubernetesYaml.resource(result.resources().get(i), i + 1));
    }
    return new DataEdit(TextPatcher.patch(ours, wanted), RevisionSource.Git, null,
        result.applied().stream().map(applied -> Mutation.of(applied, by)).toList());
  }

  /** The commit taken without a new revision: recorded with what it rendered, in one transaction. */
  private void taken(Unit unit, String commit, OriginReader.Read read, Instant now) {
    transaction.executeWithoutResult(status -> {
      store.synced(unit.id(), commit, read.text(), now);
      reader.taken(read);
    });
  }

  private Result failed(Unit unit, UnitOrigin origin, String commit, String error, Instant now) {
    store.checked(unit.id(), now, error, origin.conflict());
    return new Result(Outcome.Failed, commit, unit, error);
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}

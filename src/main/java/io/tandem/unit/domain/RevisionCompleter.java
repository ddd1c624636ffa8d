package io.tandem.unit.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * Completes a revision before it is written: fills in what links provide, then runs the space's checks on the result,
 * whose failures become the revision's gates. Run in the transaction that writes the revision, so the gates are
 * written with it.
 */
@Component
class RevisionCompleter {

  private final List<RevisionResolver> resolvers;
  private final List<RevisionChecks> checks;

  RevisionCompleter(List<RevisionResolver> resolvers, List<RevisionChecks> checks) {
    this.resolvers = resolvers;
    this.checks = checks;
  }

  /**
   * The revision of the unit of {@code base} with what links provide filled in (those fills among its mutations), and
   * its gates.
   */
  NewRevision complete(UnitStore.Base base, NewRevision revision) {
    Unit unit = base.unit();
    NewRevision result = revision;
    for (RevisionResolver resolver : resolvers) {
      Optional<RevisionResolver.Resolved> resolved = resolver.resolve(unit, result.data());
      if (resolved.isPresent()) {
        List<Mutation> mutations = new ArrayList<>(result.mutations());
        mutations.addAll(resolved.get().mutations());
        result = new NewRevision(resolved.get().data(), result.source(), result.description(), result.author(),
            result.restoredFrom(), mutations);
      }
    }
    return result.withGates(gates(unit.space(), unit.slug(), result.data(), OptionalLong.of(base.checksVersion())));
  }

  /** What the space's checks find wrong with {@code data} of a unit; empty when it passes them all. */
  List<ApplyGate> gates(String space, String unit, String data) {
    return gates(space, unit, data, OptionalLong.empty());
  }

  private List<ApplyGate> gates(String space, String unit, String data, OptionalLong checksVersion) {
    return checks.stream().flatMap(check -> check.check(space, unit, data, checksVersion).stream()).toList();
  }
}

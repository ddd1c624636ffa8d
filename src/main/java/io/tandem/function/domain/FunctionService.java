package io.tandem.function.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.concurrency.HelpedWork;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.function.domain.FunctionRegistry.BoundCall;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Invokes functions on units of a space: every unit on its own, each change one revision (source Function) written by
 * itself, so that one unit's failure leaves the others' changes standing; several units at once, on the request's
 * thread and its helpers.
 */
@Service
public class FunctionService {

  private static final Logger log = LoggerFactory.getLogger(FunctionService.class);
  /** Units read together, in one query, and then changed one after another by one thread. */
  private static final int CHUNK = 25;

  private final FunctionRegistry registry;
  private final UnitQueries units;
  private final UnitCommands commands;
  private final SpaceService spaces;
  private final AccessCheck access;
  private final HelpedWork functionHelpers;

  /** @param functionHelpers the threads that change an invocation's units beside the request's own */
  public FunctionService(FunctionRegistry registry, UnitQueries units, UnitCommands commands,
      SpaceService spaces, AccessCheck access, HelpedWork functionHelpers) {
    this.registry = registry;
    this.units = units;
    this.commands = commands;
    this.spaces = spaces;
    this.access = access;
    this.functionHelpers = functionHelpers;
  }

  public record Call(String name, List<String> args) {}

  public record Invocation(
      List<String> units, UnitFilter filter, List<Call> functions, boolean dryRun, String changeDescription) {}

  /** The outcome for one unit; {@code error} set means it failed and was left unchanged. */
  public record UnitResult(
      String unit,
      boolean mutated,
      Integer revisionNum,
      List<FunctionContext.Output> outputs,
      List<FunctionContext.Finding> findings,
      TandemException error) {}

  /**
   * Runs the functions on each selected unit of the space, saving a new revision of each unit they change (not in a
   * dry run); one result per unit.
   *
   * @throws TandemException before any unit is touched: {@code unknown-function}, {@code invalid-argument}, {@code
   *     validation-failed} (no functions), {@code not-found} (no such space)
   */
  public List<UnitResult> invoke(String space, Invocation invocation, String author) {
    if (invocation.functions() == null || invocation.functions().isEmpty()) {
      throw TandemException.validation("Field 'functions' must name at least one function.");
    }
    List<BoundCall> calls = new ArrayList<>();
    for (Call call : invocation.functions()) {
      if (call == null || call.name() == null) {
        throw TandemException.validation("Every entry of 'functions' needs a 'name'.");
      }
      calls.add(registry.bind(call.name(), call.args()));
    }
    String description =
        invocation.changeDescription() != null && !invocation.changeDescription().isBlank()
            ? invocation.changeDescription()
            : String.join("; ", calls.stream().map(call -> call.arguments().display()).toList());
    // Functions see what the caller may read: with Secret values masked, they can be no oracle for them.
    boolean maskSecrets = !access.mayReadSecrets(space);
    List<String> selected = selectUnits(space, invocation.units(), invocation.filter());
    List<List<String>> chunks = new ArrayList<>();
    for (int from = 0; from < selected.size(); from += CHUNK) {
      chunks.add(selected.subList(from, Math.min(selected.size(), from + CHUNK)));
    }
    return functionHelpers.map(chunks, chunk -> {
      Map<String, UnitStore.Base> read = commands.readForEdits(space, chunk);
      return chunk.stream().map(slug -> read.containsKey(slug)
          ? invokeOn(read.get(slug), calls, invocation.dryRun(), description, author, maskSecrets)
          : new UnitResult(slug, false, null, List.of(), List.of(), units.unitNotFound(space, slug))).toList();
    }).stream().flatMap(List::stream).toList();
  }

  private UnitResult invokeOn(
      UnitStore.Base read, List<BoundCall> calls, boolean dryRun, String description, String author,
      boolean maskSecrets) {
    String space = read.unit().space();
    String slug = read.unit().slug();
    try {
      if (dryRun) {
        String data = read.unit().data();
        FunctionRunner.Outcome outcome = FunctionRunner.run(space, slug, data, maskSecrets, calls);
        String wouldBe = outcome.mutated() ? outcome.data() : data;
        List<FunctionContext.Output> outputs = new ArrayList<>(outcome.outputs());
        outputs.add(new FunctionContext.Output("dryRun", null, null, maskSecrets ? SecretMasker.mask(wouldBe) : wouldBe));
        return new UnitResult(slug, outcome.mutated(), null, outputs, outcome.findings(), null);
      }
      AtomicReference<FunctionRunner.Outcome> outcome = new AtomicReference<>();
      Unit changed =
          commands.editData(
              read,
              author,
              current -> {
                outcome.set(FunctionRunner.run(space, slug, current.data(), maskSecrets, calls));
                return outcome.get().mutated()
                    ? new DataEdit(outcome.get().data(), RevisionSource.Function, description, outcome.get().mutations())
                    : null;
              });
      boolean mutated = outcome.get().mutated();
      return new UnitResult(
          slug, mutated, mutated ? changed.headRevisionNum() : null, outcome.get().outputs(), outcome.get().findings(), null);
    } catch (TandemException e) {
      return new UnitResult(slug, false, null, List.of(), List.of(), e);
    } catch (RuntimeException e) {
      // A function that trips over data it did not expect fails this unit, not the whole call.
      log.warn("Functions {} failed on unit {}/{}", calls.stream().map(BoundCall::name).toList(), space, slug, e);
      return new UnitResult(slug, false, null, List.of(), List.of(),
          new TandemException(ProblemCode.INTERNAL_ERROR, "The functions failed on this unit; it was left unchanged."));
    }
  }

  /** The named units, the units the filter selects, both (ANDed), or else every unit of the space. */
  private List<String> selectUnits(String space, List<String> named, UnitFilter filter) {
    spaces.get(space); // 404 for the call, not for each unit
    if (named != null && !named.isEmpty() && filter.isAll()) {
      return List.copyOf(new LinkedHashSet<>(named));
    }
    List<String> matching = units.select(space, filter).stream().map(UnitStore.UnitKey::unit).toList();
    if (named == null || named.isEmpty()) {
      return matching;
    }
    return new LinkedHashSet<>(named).stream().filter(matching::contains).toList();
  }

}

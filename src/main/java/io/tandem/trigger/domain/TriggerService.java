package io.tandem.trigger.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.common.patch.MergePatch;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.FunctionRegistry;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.GatesAndApprovals;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * A space's triggers. Every change to them checks the head revision of each unit of the space again, so the gates
 * always say what the triggers in force think of what would be applied.
 */
@Service
public class TriggerService {

  public static final Set<String> PATCHABLE = Set.of("function", "args", "description", "disabled");

  private final TriggerStore store;
  private final FunctionRegistry registry;
  private final SpaceService spaces;
  private final GatesAndApprovals gates;
  private final Clock clock;

  TriggerService(TriggerStore store, FunctionRegistry registry, SpaceService spaces, GatesAndApprovals gates, Clock clock) {
    this.store = store;
    this.registry = registry;
    this.spaces = spaces;
    this.gates = gates;
    this.clock = clock;
  }

  public record NewTrigger(String slug, String function, List<String> args, String description, Boolean disabled) {}

  public Trigger create(String spaceSlug, NewTrigger request) {
    Space space = spaces.get(spaceSlug);
    Slugs.require("slug", request.slug());
    List<String> args = validated(request.function(), request.args());
    Instant now = now();
    Trigger trigger = new Trigger(UUID.randomUUID(), space.slug(), request.slug(), request.function(), args,
        request.description() == null ? "" : request.description(), Boolean.TRUE.equals(request.disabled()), now, now);
    if (!store.insert(space.id(), trigger)) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS,
          "Trigger '" + request.slug() + "' already exists in space '" + space.slug() + "'.");
    }
    gates.recheckHeads(space.slug());
    return trigger;
  }

  public Trigger get(String space, String slug) {
    spaces.get(space);
    return store.find(space, slug).orElseThrow(() -> notFound(space, slug));
  }

  public List<Trigger> list(String space) {
    spaces.get(space);
    return store.list(space);
  }

  public Trigger patch(String space, String slug, MergePatch patch) {
    Trigger current = get(space, slug);
    String function = patch.has("function") ? patch.text("function") : current.function();
    List<String> args = current.args();
    if (patch.has("args")) {
      List<String> given = patch.texts("args");
      args = given == null ? List.of() : given;
    }
    args = validated(function, args);
    String description = patch.has("description") ? patch.text("description") : current.description();
    boolean disabled = patch.has("disabled") ? Boolean.TRUE.equals(patch.bool("disabled")) : current.disabled();
    Trigger changed = new Trigger(current.id(), current.space(), slug, function, args,
        description == null ? "" : description, disabled, current.createdAt(), now());
    store.update(changed);
    gates.recheckHeads(space);
    return changed;
  }

  public void delete(String space, String slug) {
    get(space, slug);
    store.delete(space, slug);
    gates.recheckHeads(space);
  }

  /** The arguments, checked against the function's parameters; only validating functions make triggers. */
  private List<String> validated(String function, List<String> args) {
    if (function == null || function.isBlank()) {
      throw TandemException.validation("Field 'function' is required: the validating function the trigger runs.");
    }
    List<String> given = args == null ? List.of() : List.copyOf(args);
    FunctionRegistry.BoundCall call = registry.bind(function, given);
    if (call.kind() != FunctionKind.Validating) {
      throw TandemException.invalidArgument("Function '" + function + "' is " + call.kind()
          + "; a trigger runs a validating function (vet-…).");
    }
    return given;
  }

  private static TandemException notFound(String space, String slug) {
    return TandemException.notFound("Trigger '" + slug + "' does not exist in space '" + space + "'.");
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}

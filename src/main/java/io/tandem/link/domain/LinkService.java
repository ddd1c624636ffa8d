package io.tandem.link.domain;

import io.tandem.apply.domain.UnitDependencies;
import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Links between units: a unit needs values of the units it links to (its providers). Linking fills what the
 * providers offer at once, as a new revision; providers apply before their consumers and are destroyed after them.
 */
@Service
public class LinkService implements UnitDependencies {

  private final LinkStore store;
  private final UnitQueries units;
  private final UnitCommands commands;
  private final LinkResolver resolver;
  private final Clock clock;
  private final AccessCheck access;

  LinkService(LinkStore store, UnitQueries units, UnitCommands commands,
      LinkResolver resolver, Clock clock, AccessCheck access) {
    this.store = store;
    this.units = units;
    this.commands = commands;
    this.resolver = resolver;
    this.clock = clock;
    this.access = access;
  }

  /** Links the unit to a provider (in its own space unless {@code toSpace} names another); the unit after it. */
  public Unit link(String space, String slug, String toSpace, String toUnit, String author) {
    if (toUnit == null || toUnit.isBlank()) {
      throw TandemException.validation("Field 'to' must name the unit to link to.");
    }
    Unit from = units.get(space, slug);
    Unit to = provider(space, toSpace, toUnit);
    if (from.id().equals(to.id())) {
      throw TandemException.validation("A unit cannot link to itself.");
    }
    if (store.reaches(to.id(), from.id())) {
      throw TandemException.conflict("Unit '" + to.slug() + "' already needs '" + slug + "'; the link would make a cycle.");
    }
    if (!store.insert(from.id(), to.id(), clock.instant())) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Unit '" + slug + "' links to '" + to.space() + "/" + to.slug() + "' already.");
    }
    return commands.editData(space, slug, author, current -> resolver.resolve(current, current.data())
        .map(resolved -> new DataEdit(resolved.data(), RevisionSource.Update,
            "Filled from the unit it links to, " + to.space() + "/" + to.slug(), resolved.mutations()))
        .orElse(null));
  }

  public void unlink(String space, String slug, String toSpace, String toUnit) {
    Unit from = units.get(space, slug);
    Unit to = provider(space, toSpace, toUnit);
    if (!store.delete(from.id(), to.id())) {
      throw TandemException.notFound("Unit '" + slug + "' does not link to '" + to.space() + "/" + to.slug() + "'.");
    }
  }

  /** The provider a link names; one in another space needs a viewer role there (it is read for what it provides). */
  private Unit provider(String space, String toSpace, String toUnit) {
    if (toSpace != null && !toSpace.equals(space)) {
      access.require(toSpace, Role.viewer);
    }
    return units.get(toSpace == null ? space : toSpace, toUnit);
  }

  public List<Link> links(String space, String slug) {
    return store.of(units.get(space, slug).id());
  }

  @Override
  public Map<UnitKey, Set<UnitKey>> providers(List<UnitKey> selected) {
    Map<UUID, UnitKey> keys = new HashMap<>();
    units.getAll(selected, false).forEach((key, unit) -> keys.put(unit.id(), key));
    Map<UnitKey, Set<UnitKey>> providers = new HashMap<>();
    store.providers(keys.keySet()).forEach((unit, needed) -> {
      Set<UnitKey> set = new LinkedHashSet<>();
      needed.forEach(id -> set.add(keys.get(id)));
      providers.put(keys.get(unit), set);
    });
    return providers;
  }
}

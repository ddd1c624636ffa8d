package io.tandem.imports.domain;

import io.tandem.common.yaml.ParsedContent;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** The units made of a rendering, with the objects they hold now: what {@link RenderParts} cuts a new one by. */
@Component
class RenderHolders {

  private final RenderGroupStore store;
  private final UnitQueries units;

  RenderHolders(RenderGroupStore store, UnitQueries units) {
    this.store = store;
    this.units = units;
  }

  List<RenderParts.Holder> of(String space, String source) {
    return store.ofSource(space, source).stream().map(this::holder).toList();
  }

  /** The unit's part of a new rendering of its source; all of it for a unit that records no part. */
  List<ChartManifests.Document> partOf(UUID unitId, List<ChartManifests.Document> documents) {
    return store.find(unitId).map(member -> RenderParts.part(documents, holder(member),
        of(member.space(), member.group().source()))).orElse(documents);
  }

  /** The names of the space's units. */
  Set<String> unitsOf(String space) {
    return units.select(space, UnitFilter.ALL).stream().map(UnitStore.UnitKey::unit).collect(Collectors.toSet());
  }

  void record(UUID unitId, RenderGroup group) {
    store.save(unitId, group);
  }

  private RenderParts.Holder holder(RenderGroupStore.Member member) {
    return RenderParts.Holder.of(member.slug(), member.group(),
        ParsedContent.parse(units.get(member.space(), member.slug()).data()));
  }
}

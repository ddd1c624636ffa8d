package io.tandem.trigger.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Documents the merge patch of a trigger; the controller reads the raw JSON to tell absent fields from nulls. */
@Schema(name = "TriggerPatch", description = "JSON merge patch (RFC 7386): absent fields stay; the slug cannot change")
record TriggerPatch(
    @Schema(example = "vet-celexpr", description = "A validating function") String function,
    @Schema(example = "[\"r.kind != 'Deployment' || r.spec.replicas >= 2\"]") List<String> args,
    String description,
    @Schema(description = "A disabled trigger gates nothing") Boolean disabled) {}

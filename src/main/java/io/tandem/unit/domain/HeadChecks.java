package io.tandem.unit.domain;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The gates and approvals of units' head revisions, their change sets and upstreams, for units that have any. */
public record HeadChecks(
    Map<UUID, List<ApplyGate>> gates,
    Map<UUID, List<String>> approvals,
    Map<UUID, String> changeSets,
    Map<UUID, UpstreamLookup.Upstream> upstreams) {}

package io.tandem.targets.domain;

/** What one watch covers: objects of one kind in one namespace ("" for cluster-scoped kinds) of one target. */
public record WatchScope(String target, String apiVersion, String kind, String namespace) {}

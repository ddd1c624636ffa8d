package io.tandem.changeset.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Related changes across units under one description. Units in the change set record it on every revision they
 * get, until they leave it.
 *
 * @param units the units in it now
 */
public record ChangeSet(UUID id, String space, String slug, String description, Instant createdAt, List<String> units) {}

package io.tandem.portal.domain;

import io.tandem.space.domain.Space;

/** Space summaries, counted where the units are. */
public interface SpaceSummaries {

  SpaceSummary of(Space space);
}

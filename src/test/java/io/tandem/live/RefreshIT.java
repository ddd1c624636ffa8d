package io.tandem.live;

import io.tandem.support.TandemIT;

/** {@link RefreshScenarios} on the in-process mock API server. */
@TandemIT
class RefreshIT extends RefreshScenarios {}

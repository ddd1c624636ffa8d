package io.tandem.unit;

import io.tandem.support.TandemIT;

/** {@link ContinuousApplyScenarios} on the in-process mock API server. */
@TandemIT
class ContinuousApplyIT extends ContinuousApplyScenarios {}

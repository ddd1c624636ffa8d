package io.tandem.live;

import io.tandem.support.TandemIT;
import org.springframework.test.context.TestPropertySource;

/** {@link WatchScenarios} on the in-process mock API server, with watches on (a context of its own). */
@TandemIT
@TestPropertySource(properties = {"tandem.live.watch-enabled=true", "tandem.data-dir=target/it-data-watch"})
class WatchIT extends WatchScenarios {}
